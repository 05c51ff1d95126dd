// Components speak their page's language through react-i18next's provider, as the server wraps every
// render (entry-server.tsx): tests render them the same way, in either language.
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Lang } from '@site/content-model';
import { i18nFor } from './resources';

/** `children` rendered with the site's catalogues in `lang` (English by default). */
export function inLang(children: ReactNode, lang: Lang = 'en'): ReactNode {
  return <I18nextProvider i18n={i18nFor(lang)}>{children}</I18nextProvider>;
}
