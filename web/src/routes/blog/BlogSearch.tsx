import { useId } from 'react';
import { Box, Input, chakra } from '@chakra-ui/react';
import { inputRecipe } from '../../components/form-recipes';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MAX_LENGTH } from '@site/content-model';
import { useLang } from '../../i18n/use-lang';
import { blogHref } from './blog-params.js';

/**
 * The blog search: a plain GET form, so it works without JavaScript (Enter sends it). The page's
 * boot script (web/src/boot/search.ts) also searches as the visitor types, after a pause.
 */
export function BlogSearch({ q, category }: { q: string; category: string }) {
  const inputId = useId();
  const { t } = useTranslation('blog');
  const lang = useLang();
  return (
    // The page is UTF-8, so a Devanagari search travels percent-encoded as UTF-8 in ?q=, as blogHref
    // writes it.
    <chakra.form
      role="search"
      method="get"
      action={blogHref({}, lang)}
      acceptCharset="utf-8"
      maxW="xl"
      mx="auto"
      data-live-search=""
    >
      <chakra.label htmlFor={inputId} display="block" fontWeight="semibold" mb="2" color="white">
        {t('search.label')}
      </chakra.label>
      <Box position="relative">
        <Box
          position="absolute"
          insetStart="4"
          top="50%"
          transform="translateY(-50%)"
          color="gray.500"
          pointerEvents="none"
          zIndex="1"
        >
          <Search size={20} aria-hidden="true" />
        </Box>
        <Input
          recipe={inputRecipe}
          id={inputId}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          size="xl"
          ps="12"
          bg="white"
          color="gray.900"
          borderColor="whiteAlpha.600"
          borderRadius="full"
          _placeholder={{ color: 'gray.500' }}
        />
      </Box>
      {category && <input type="hidden" name="category" value={category} />}
    </chakra.form>
  );
}
