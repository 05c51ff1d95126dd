import type { ReactNode } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';

/** The heading block of a page section: a small gold eyebrow, the serif title and an optional lead. */
export function SectionHeading(props: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'start';
  as?: 'h1' | 'h2';
}) {
  const align = props.align ?? 'center';
  return (
    <Box
      textAlign={align}
      maxW="3xl"
      mx={align === 'center' ? 'auto' : undefined}
      mb={{ base: '8', md: '12' }}
    >
      {props.eyebrow && (
        <Text
          color="gold.700"
          fontWeight="semibold"
          textTransform="uppercase"
          letterSpacing="wider"
          fontSize="sm"
          mb="2"
        >
          {props.eyebrow}
        </Text>
      )}
      <Heading
        id={props.id}
        as={props.as ?? 'h2'}
        fontFamily="heading"
        color="brand.800"
        fontSize={{ base: '3xl', md: '4xl' }}
        lineHeight="1.2"
      >
        {props.title}
      </Heading>
      <Box
        w="16"
        h="1"
        bg="gold.500"
        borderRadius="full"
        mt="4"
        mx={align === 'center' ? 'auto' : undefined}
      />
      {props.lead && (
        <Text color="gray.700" fontSize={{ base: 'md', md: 'lg' }} mt="4">
          {props.lead}
        </Text>
      )}
    </Box>
  );
}
