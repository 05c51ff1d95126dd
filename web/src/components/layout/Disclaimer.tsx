import { Box, Button, Heading, HStack, Text, chakra } from '@chakra-ui/react';
import { useRenderContext } from '../../app/render-context';
import { DISCLAIMER_ID, OPEN_DISCLAIMER_SCRIPT } from './disclaimer-key';

/**
 * The Bar Council disclaimer, shown on a first visit: a native modal <dialog>, rendered closed at the
 * top of every page's body and followed by the inline script that opens it when the visitor has not
 * agreed yet, before the rest of the page is parsed (OPEN_DISCLAIMER_SCRIPT says why); the page's
 * boot script (web/src/boot/disclaimer.ts) wires its buttons. The browser traps focus and makes the
 * page behind it inert. Returning visitors, crawlers and browsers without JavaScript never see it.
 */
export function Disclaimer() {
  const nonce = useRenderContext()?.nonce;
  return (
    <>
      <chakra.dialog
        id={DISCLAIMER_ID}
        aria-labelledby="disclaimer-title"
        aria-describedby="disclaimer-body"
        maxW="min(92vw, 36rem)"
        w="full"
        m="auto"
        p="0"
        borderRadius="xl"
        boxShadow="2xl"
        css={{ '&::backdrop': { background: 'rgba(10, 23, 41, 0.7)' } }}
      >
        <Box p={{ base: '6', md: '8' }}>
          <Heading id="disclaimer-title" as="h2" fontSize="2xl" color="brand.800" mb="4">
            Disclaimer
          </Heading>
          <Box id="disclaimer-body" color="gray.700" fontSize="sm">
            <Text mb="3">
              The Bar Council of India does not permit advocates to solicit work or advertise. By clicking “I
              Agree & Continue” you confirm that:
            </Text>
            <chakra.ul pl="5" listStyleType="disc" mb="3">
              <li>you are seeking information about us of your own accord;</li>
              <li>there has been no advertisement, invitation or inducement by us or our members;</li>
              <li>
                nothing on this website is legal advice, and reading it creates no lawyer–client relationship.
              </li>
            </chakra.ul>
          </Box>
          <HStack gap="3" justify="flex-end" wrap="wrap" mt="6">
            <Button variant="outline" data-disclaimer="leave">
              Disagree & Leave
            </Button>
            {/* Where the dialog puts the focus when it opens: no script has to move it (which would make the
              browser lay the page out while the boot script runs). */}
            <Button colorPalette="brand" data-disclaimer="agree" autoFocus>
              I Agree & Continue
            </Button>
          </HStack>
        </Box>
      </chakra.dialog>
      {/* Only in server renders: an island never renders the layout. */}
      {nonce && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: OPEN_DISCLAIMER_SCRIPT }} />}
    </>
  );
}
