import { Box, Heading, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PostPageQuery } from '../../gql/graphql';

type TocEntry = NonNullable<PostPageQuery['post']>['toc'][number];

/**
 * The contents of a post (brief §2). Entries are plain #id links, so they work without JavaScript
 * (the global scroll-padding gives the same 96 px offset); with it a tap scrolls smoothly and
 * replaces the address's hash, so the link can be shared and the back button leaves the post
 * (web/src/boot/toc.ts).
 */
export function TableOfContents({
  toc,
  lang,
}: {
  toc: TocEntry[];
  /** The post's language, when it is not the page's: the entries are its headings. */
  lang?: string;
}) {
  const { t } = useTranslation('post');
  if (toc.length === 0) return null;
  const top = Math.min(...toc.map((e) => e.level));

  return (
    <Box as="nav" aria-labelledby="toc-title" data-toc="">
      <Heading id="toc-title" as="h2" fontFamily="heading" fontSize="lg" color="brand.800" mb="3">
        {t('toc')}
      </Heading>
      <chakra.ol
        lang={lang}
        listStyleType="none"
        m="0"
        p="0"
        borderInlineStartWidth="2px"
        borderColor="gold.500"
      >
        {toc.map((entry) => (
          <chakra.li key={entry.id} style={{ paddingInlineStart: `${(entry.level - top) * 0.875}rem` }}>
            <chakra.a
              href={`#${entry.id}`}
              // A heading in Urdu (or any right-to-left script) reads from the right.
              dir="auto"
              display="flex"
              alignItems="center"
              minH={{ base: '11', lg: 'auto' }}
              py="2"
              ps="3"
              fontSize="sm"
              lineHeight="1.4"
              // A heading may be one long word (a URL, a statute name): it wraps instead of widening the page.
              overflowWrap="anywhere"
              color={entry.level === top ? 'gray.800' : 'gray.700'}
              fontWeight={entry.level === top ? 'medium' : 'normal'}
              _hover={{ color: 'brand.800', textDecoration: 'underline' }}
            >
              {entry.text}
            </chakra.a>
          </chakra.li>
        ))}
      </chakra.ol>
    </Box>
  );
}
