import { useEffect, useRef } from 'react';
import { Box, Button, Heading, HStack, Text, chakra } from '@chakra-ui/react';

import { DISCLAIMER_KEY } from './disclaimer-key';

/**
 * The Bar Council disclaimer, shown on a first visit. A native modal <dialog>: the browser traps
 * focus and makes the page behind it inert. It is only ever opened in the browser after hydration,
 * so returning visitors (and crawlers) never see it.
 */
export function Disclaimer({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const agreeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    agreeRef.current?.focus();
  }, []);
  const agree = () => {
    try {
      localStorage.setItem(DISCLAIMER_KEY, 'true');
    } catch {
      // Private browsing may refuse storage; the visitor still agreed for this page view.
    }
    ref.current?.close();
    onClose();
  };
  // A modal <dialog> makes the page inert but lets Tab leave for the browser's own UI: keep focus
  // cycling between the two choices while it is open.
  const trapFocus = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const focusable = [
      ...e.currentTarget.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])'),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    } else if (!e.currentTarget.contains(document.activeElement)) {
      e.preventDefault();
      first.focus();
    }
  };
  const leave = () => {
    window.location.href = 'about:blank';
  };
  return (
    <chakra.dialog
      ref={ref}
      aria-labelledby="disclaimer-title"
      aria-describedby="disclaimer-body"
      // Escape must not dismiss it without a choice.
      onCancel={(e: React.SyntheticEvent) => e.preventDefault()}
      onKeyDown={trapFocus}
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
          <Button variant="outline" onClick={leave}>
            Disagree & Leave
          </Button>
          <Button ref={agreeRef} colorPalette="brand" onClick={agree}>
            I Agree & Continue
          </Button>
        </HStack>
      </Box>
    </chakra.dialog>
  );
}
