import { useEffect, useRef, useState } from 'react';
import { AbsoluteCenter, Box, Spinner, VisuallyHidden, chakra } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { FeaturedImageFragment } from '../../gql/graphql';

/** @public Spread by the queries that show it: codegen reads this fragment, nothing imports it. */
export const FeaturedImageFields = graphql(`
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
 * default image when the post has none or its file fails to load. The box keeps the picture's shape
 * from the first paint, so nothing below it moves when it arrives (a #heading link stays put).
 */
export function FeaturedImage({
  image,
  fallback,
}: {
  image: FeaturedImageFragment;
  fallback: FeaturedImageFragment;
}) {
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  const shown = failed ? fallback : image;

  // The server's <img> may have finished (or failed) before the script hydrated it; its load and
  // error events are gone by then, so read its state once.
  useEffect(() => {
    const img = ref.current;
    if (!img?.complete) return;
    if (img.naturalWidth > 0) setLoaded(true);
    else if (!failed && !image.isDefault) setFailed(true);
  }, [failed, image.isDefault]);

  const width = shown.width ?? 1200;
  const height = shown.height ?? 800;
  return (
    <Box
      position="relative"
      borderRadius="xl"
      overflow="hidden"
      bg="gray.100"
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {!loaded && (
        <AbsoluteCenter role="status">
          <Spinner size="lg" color="brand.800" borderWidth="3px" />
          <VisuallyHidden>Loading image...</VisuallyHidden>
        </AbsoluteCenter>
      )}
      {/* Painted above the spinner, so a slow phone shows the picture as it arrives even before the script runs. */}
      <chakra.img
        key={shown.url}
        ref={ref}
        src={shown.url}
        srcSet={shown.srcSet ?? undefined}
        sizes={shown.srcSet ? SIZES : undefined}
        width={width}
        height={height}
        alt={shown.alt}
        fetchPriority="high"
        decoding="async"
        position="relative"
        display="block"
        w="full"
        h="full"
        objectFit="cover"
        onLoad={() => setLoaded(true)}
        onError={() => {
          if (!failed && !image.isDefault) {
            setLoaded(false);
            setFailed(true);
          } else setLoaded(true);
        }}
      />
    </Box>
  );
}
