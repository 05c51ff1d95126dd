import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { SystemContext } from '@chakra-ui/react';
import { getSystem } from './theme';
import { I18nextProvider } from 'react-i18next';
import type { Lang } from '@site/content-model';
import { RenderContext, type RenderContextValue } from './render-context';
import { i18nFor } from '../i18n/instances';

export function Providers(props: {
  emotionCache: EmotionCache;
  render: RenderContextValue;
  /** The page's language (its address's). */
  lang: Lang;
  /** Defaults to the whole system (global CSS included), as the server renders it. */
  system?: SystemContext;
  children: ReactNode;
}) {
  return (
    <RenderContext.Provider value={props.render}>
      <I18nextProvider i18n={i18nFor(props.lang)}>
        <CacheProvider value={props.emotionCache}>
          <ChakraProvider value={props.system ?? getSystem()}>{props.children}</ChakraProvider>
        </CacheProvider>
      </I18nextProvider>
    </RenderContext.Provider>
  );
}
