import { Spinner, Stack, Text } from '@chakra-ui/react';

/** What a route shows while its content is on the way (a client-side visit; the server waits). */
export function PageLoading({ text }: { text: string }) {
  return (
    <Stack align="center" py="24" role="status">
      <Spinner size="xl" color="brand.800" borderWidth="4px" />
      <Text color="gray.700">{text}</Text>
    </Stack>
  );
}
