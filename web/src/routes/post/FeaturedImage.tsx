import { AbsoluteCenter, Box, Spinner, VisuallyHidden, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql } from '../../gql';
import type { FeaturedImageFragment } from '../../gql/graphql';

graphql(`
  fragment FeaturedImage on Media {
    url
    alt
    width
    height
    srcSet
    isDefault
  }
`);

// The article column is at most 70ch of body text (about 720 px) beside a 320 px sidebar on desktop.
const SIZES = '(min-width: 62em) 760px, 92vw';

/**
 * The post's featured image (brief §2): a spinner until the picture has loaded, then the picture; the
 * default image when the post has none or its file fails to load (the page's boot script,
 * web/src/boot/images.ts, swaps it in and removes the spinner). The box keeps the picture's shape
 * from the first paint, so nothing below it moves when it arrives (a #heading link stays put).
 */
export function FeaturedImage({
  image,
  fallback,
}: {
  image: FeaturedImageFragment;
  fallback: FeaturedImageFragment;
}) {
  const { t } = useTranslation('post');
  const width = image.width ?? 1200;
  const height = image.height ?? 800;
  const fallbackAttrs: Record<string, string> = image.isDefault
    ? {}
    : {
        'data-fallback-src': fallback.url,
        ...(fallback.srcSet ? { 'data-fallback-srcset': fallback.srcSet } : {}),
      };
  return (
    <Box
      data-image-box=""
      // A picture to set the scene, not the guide: not on paper (server/print-css.server.ts).
      data-print="hide"
      position="relative"
      borderRadius="xl"
      overflow="hidden"
      bg="gray.100"
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <AbsoluteCenter role="status" data-image-spinner="">
        <Spinner size="lg" color="brand.800" borderWidth="3px" />
        <VisuallyHidden>{t('loadingImage')}</VisuallyHidden>
      </AbsoluteCenter>
      {/* Painted above the spinner, so a slow phone shows the picture as it arrives. */}
      <chakra.img
        src={image.url}
        srcSet={image.srcSet ?? undefined}
        sizes={image.srcSet ? SIZES : undefined}
        width={width}
        height={height}
        alt={image.alt}
        fetchPriority="high"
        decoding="async"
        position="relative"
        display="block"
        w="full"
        h="full"
        objectFit="cover"
        {...fallbackAttrs}
      />
    </Box>
  );
}
