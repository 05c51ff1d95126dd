import { HStack, Text, chakra } from '@chakra-ui/react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../i18n/use-lang';
import { blogHref, pageItems } from './blog-params.js';

const PageLink = chakra(Link, {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '1',
    minW: '11',
    minH: '11',
    px: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'gray.300',
    color: 'brand.800',
    fontWeight: 'medium',
    _hover: { bg: 'brand.50' },
    // Its own hover: the other links' light hover under the current page's white text left it unreadable.
    '&[aria-current=page]': {
      bg: 'brand.800',
      color: 'white',
      borderColor: 'brand.800',
      _hover: { bg: 'brand.700', borderColor: 'brand.700' },
    },
  },
});

/** Links to every list page: plain anchors with rel prev/next, so crawlers reach every post. */
export function Pagination(props: { page: number; totalPages: number; q: string; category: string }) {
  const { page, totalPages, q, category } = props;
  const { t } = useTranslation('blog');
  const lang = useLang();
  if (totalPages <= 1) return null;
  const href = (p: number) => blogHref({ page: p, q, category }, lang);
  return (
    <HStack as="nav" aria-label={t('pagination.label')} gap="2" justify="center" wrap="wrap" mt="12">
      {page > 1 && (
        <PageLink to={href(page - 1)} rel="prev">
          <ChevronLeft size={18} aria-hidden="true" />
          {t('pagination.previous')}
        </PageLink>
      )}
      {pageItems(page, totalPages).map((item, i) =>
        item === 'gap' ? (
          <Text key={`gap-${i}`} as="span" px="1" color="gray.500" aria-hidden="true">
            …
          </Text>
        ) : (
          <PageLink
            key={item}
            to={href(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
          >
            {item}
          </PageLink>
        ),
      )}
      {page < totalPages && (
        <PageLink to={href(page + 1)} rel="next">
          {t('pagination.next')}
          <ChevronRight size={18} aria-hidden="true" />
        </PageLink>
      )}
    </HStack>
  );
}
