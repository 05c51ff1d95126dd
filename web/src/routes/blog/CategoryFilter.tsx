import { HStack, chakra } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '@site/content-model';
import type { BlogCategoriesQuery } from '../../gql/graphql';
import { useLang } from '../../i18n/use-lang';
import { useContentLang } from '../../components/article/content-lang';
import { blogHref } from './blog-params.js';

const Chip = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    minH: '11',
    px: '4',
    borderRadius: 'full',
    borderWidth: '1px',
    borderColor: 'brand.200',
    color: 'brand.800',
    bg: 'white',
    fontSize: 'sm',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    flexShrink: '0',
    _hover: { bg: 'brand.50' },
    // Its own hover: the plain chips' light hover under the chosen chip's white text left it unreadable.
    '&[aria-current=true]': {
      bg: 'brand.800',
      color: 'white',
      borderColor: 'brand.800',
      _hover: { bg: 'brand.700', borderColor: 'brand.700' },
    },
  },
});

/** Category filter chips: links, so a filtered list has its own address and works without script. */
export function CategoryFilter(props: {
  categories: BlogCategoriesQuery['categories'];
  active: string;
  q: string;
}) {
  const { t } = useTranslation('blog');
  const lang = useLang();
  const contentLang = useContentLang();
  if (props.categories.length === 0) return null;
  return (
    // One scrolling row on phones (the list would otherwise push the articles a screen down), wrapped
    // and centred on wider screens.
    // On a phone the chosen chip is scrolled into view (web/src/boot/chips.ts).
    <HStack
      data-chips=""
      as="nav"
      aria-label={t('filter.label')}
      gap="2"
      flexWrap={{ base: 'nowrap', md: 'wrap' }}
      justify={{ base: 'flex-start', md: 'center' }}
      overflowX={{ base: 'auto', md: 'visible' }}
      mx={{ base: '-4', md: '0' }}
      px={{ base: '4', md: '0' }}
      pb={{ base: '2', md: '0' }}
    >
      <Chip to={blogHref({ q: props.q }, lang)} aria-current={props.active === '' ? true : undefined}>
        {t('filter.all')}
      </Chip>
      {props.categories.map((c) => (
        <Chip
          key={c.id}
          to={blogHref({ q: props.q, category: c.slug }, lang)}
          aria-current={props.active === c.slug ? true : undefined}
        >
          {/* WordPress names its categories in one language, whatever the page's. */}
          <span lang={contentLang({ text: c.name })}>{c.name}</span>
          {/* The posts in the page's language (the gateway counts them per language). */}
          {c.count > 0 && (
            <chakra.span fontSize="xs" opacity="0.8">
              ({c.count.toLocaleString(HTML_LANG[lang])})
            </chakra.span>
          )}
        </Chip>
      ))}
    </HStack>
  );
}
