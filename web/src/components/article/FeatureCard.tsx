import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { IconName } from '../../gql/graphql';
import { IconByName } from '../IconByName';

/**
 * One of a practice area's or a page's features (a service, a reason to choose the firm): its icon,
 * title and description, on a light card or (`dark`) on the brand colour; `roomy` for a page's.
 */
export function FeatureCard({
  icon,
  title,
  description,
  dark,
  roomy,
  lang,
}: {
  icon: IconName;
  title: string;
  description: string;
  dark?: boolean;
  roomy?: boolean;
  /** The texts' language, when it is not the page's (brief §10). */
  lang?: string;
}) {
  return (
    <Stack
      lang={lang}
      gap="3"
      p={{ base: '6', md: roomy ? '8' : '7' }}
      borderRadius="xl"
      borderWidth="1px"
      borderColor={dark ? 'whiteAlpha.200' : 'gray.200'}
      bg={dark ? 'whiteAlpha.100' : 'white'}
      boxShadow={dark ? 'none' : 'sm'}
    >
      <Flex
        boxSize="12"
        borderRadius="lg"
        bg={dark ? 'gold.500' : 'brand.50'}
        color={dark ? 'brand.950' : 'brand.800'}
        align="center"
        justify="center"
      >
        <IconByName name={icon} size={24} />
      </Flex>
      <Heading
        as="h3"
        fontFamily="heading"
        fontSize={roomy ? 'xl' : 'lg'}
        color={dark ? 'white' : 'brand.800'}
      >
        {title}
      </Heading>
      {description && <Text color={dark ? 'gray.200' : 'gray.700'}>{description}</Text>}
    </Stack>
  );
}
