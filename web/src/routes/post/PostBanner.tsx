import { Box, Container, Text, chakra } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { PostBannerFragment } from '../../gql/graphql';

graphql(`
  fragment PostBanner on Banner {
    backgroundColor
    textColor
    backgroundImage
    overlayOpacity
    title
    description
    descriptionColor
  }
`);

/**
 * The post banner of brief §2 from WordPress's banner settings (the gateway fills in the defaults and
 * only lets hex colours and plain image URLs through). The colours are per post, so they go in style
 * attributes rather than into a generated class for every value. The background image is an <img>,
 * not a CSS url(), so it gets alt handling, decoding and no CSS parsing of an editor's string.
 */
export function PostBanner({
  banner,
  lang,
}: {
  banner: PostBannerFragment;
  /** The post's language, when it is not the page's: the banner's texts are the post's. */
  lang?: string;
}) {
  return (
    <Box
      position="relative"
      overflow="hidden"
      style={{ backgroundColor: banner.backgroundColor, color: banner.textColor }}
      // Its picture would print over its text; the article's own title follows (server/print-css.server.ts).
      data-print="hide"
      py={{ base: '12', md: '20' }}
    >
      {banner.backgroundImage && (
        <>
          <chakra.img
            src={banner.backgroundImage}
            alt=""
            position="absolute"
            inset="0"
            w="full"
            h="full"
            objectFit="cover"
            decoding="async"
          />
          <Box
            position="absolute"
            inset="0"
            style={{ backgroundColor: banner.backgroundColor, opacity: banner.overlayOpacity }}
          />
        </>
      )}
      <Container maxW="4xl" position="relative" textAlign="center" lang={lang}>
        {/* dir="auto": a text in Urdu (or any right-to-left script) reads from the right. */}
        <Text
          fontFamily="heading"
          fontWeight="bold"
          fontSize={{ base: '2xl', md: '4xl' }}
          lineHeight="1.2"
          dir="auto"
        >
          {banner.title}
        </Text>
        {banner.description && (
          <Text
            mt="4"
            fontSize={{ base: 'md', md: 'lg' }}
            style={{ color: banner.descriptionColor }}
            dir="auto"
          >
            {banner.description}
          </Text>
        )}
      </Container>
    </Box>
  );
}
