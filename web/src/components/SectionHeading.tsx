import type { ReactNode } from 'react';
import { Box, Heading, Text, type TextProps } from '@chakra-ui/react';

/** The heading block of a page section: a small gold eyebrow, the serif title and an optional lead. */
export function SectionHeading(props: { id: string; eyebrow: string; title: string; lead?: ReactNode }) {
  return (
    <Box textAlign="center" maxW="3xl" mx="auto" mb={{ base: '8', md: '12' }}>
      <Eyebrow color="gold.700" mb="2">
        {props.eyebrow}
      </Eyebrow>
      <Heading
        id={props.id}
        as="h2"
        fontFamily="heading"
        color="brand.800"
        fontSize={{ base: '3xl', md: '4xl' }}
        lineHeight="1.2"
      >
        {props.title}
      </Heading>
      <Box w="16" h="1" bg="gold.500" borderRadius="full" mt="4" mx="auto" />
      {props.lead && (
        <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }} mt="4">
          {props.lead}
        </Text>
      )}
    </Box>
  );
}

/** The small capitals above a title, in gold. */
export function Eyebrow({ color, ...props }: TextProps) {
  // The colour first: the order of the style props is the order of the generated CSS.
  return (
    <Text
      color={color}
      fontWeight="semibold"
      textTransform="uppercase"
      letterSpacing="wider"
      fontSize="sm"
      {...props}
    />
  );
}
