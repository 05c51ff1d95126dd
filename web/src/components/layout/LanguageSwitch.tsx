import { chakra } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, type Lang } from '@site/content-model';
import { useRenderContext } from '../../app/render-context';
import { useLang } from '../../i18n/use-lang';

/** The attribute the boot script finds the switcher by, to remember the choice (web/src/boot/language.ts). */
const LANG_SWITCH_ATTR = 'data-lang-switch';

/**
 * The link to this page in the other language (brief §10): a post's translation when WordPress links
 * one, else the same address in that language. A plain link, so it works without JavaScript; the
 * boot script remembers the choice in the `lang` cookie when it is followed. None on staff pages.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const { search } = useLocation();
  // Worked out once per render, from the routes' data (entry-server.tsx).
  const alternates = useRenderContext()?.alternates;
  if (!alternates) return null;
  const other: Lang = lang === 'en' ? 'hi' : 'en';
  // The blog's search and filters carry over; other pages take no query.
  const query = alternates[other].startsWith(other === 'hi' ? '/hi/blog' : '/blog') ? search : '';
  return (
    <chakra.a
      href={alternates[other] + query}
      hrefLang={HTML_LANG[other]}
      lang={HTML_LANG[other]}
      aria-label={t('language.switchLabel')}
      {...{ [LANG_SWITCH_ATTR]: other }}
      display="inline-flex"
      alignItems="center"
      minH="11"
      px="3"
      borderRadius="md"
      borderWidth="1px"
      borderColor="brand.200"
      color="brand.800"
      fontWeight="semibold"
      fontSize="sm"
      whiteSpace="nowrap"
      _hover={{ bg: 'brand.50' }}
    >
      {t('language.switchTo')}
    </chakra.a>
  );
}
