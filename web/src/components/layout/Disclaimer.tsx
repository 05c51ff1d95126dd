import { Box, Button, Heading, HStack, Text, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DISCLAIMER_ID } from './disclaimer-key';

/**
 * The Bar Council disclaimer, shown on a first visit: a native modal <dialog>, rendered closed at the
 * top of every page's body. The inline script at the end of the body (html.server.ts) opens it when
 * the visitor has not agreed yet (OPEN_DISCLAIMER_SCRIPT says why there); the page's boot script
 * (web/src/boot/disclaimer.ts) wires its buttons. The browser traps focus and makes the page behind
 * it inert. Returning visitors, crawlers and browsers without JavaScript never see it.
 */
export function Disclaimer() {
  const { t } = useTranslation();
  return (
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
          {t('disclaimer.title')}
        </Heading>
        <Box id="disclaimer-body" color="gray.700" fontSize="sm">
          <Text mb="3">{t('disclaimer.intro')}</Text>
          <chakra.ul pl="5" listStyleType="disc" mb="3">
            <li>{t('disclaimer.ownAccord')}</li>
            <li>{t('disclaimer.noInducement')}</li>
            <li>{t('disclaimer.noAdvice')}</li>
          </chakra.ul>
        </Box>
        <HStack gap="3" justify="flex-end" wrap="wrap" mt="6">
          <Button variant="outline" data-disclaimer="leave">
            {t('disclaimer.leave')}
          </Button>
          {/* Where the dialog puts the focus when it opens: no script has to move it (which would make the
              browser lay the page out while the boot script runs). */}
          <Button colorPalette="brand" data-disclaimer="agree" autoFocus>
            {t('disclaimer.agree')}
          </Button>
        </HStack>
      </Box>
    </chakra.dialog>
  );
}
