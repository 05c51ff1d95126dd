import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import { system } from './theme';
import { RenderContext, type RenderContextValue } from './render-context';

export function Providers(props: {
  client: ApolloClient;
  emotionCache: EmotionCache;
  render: RenderContextValue;
  children: ReactNode;
}) {
  return (
    <RenderContext.Provider value={props.render}>
      <CacheProvider value={props.emotionCache}>
        <ApolloProvider client={props.client}>
          <ChakraProvider value={system}>{props.children}</ChakraProvider>
        </ApolloProvider>
      </CacheProvider>
    </RenderContext.Provider>
  );
}
