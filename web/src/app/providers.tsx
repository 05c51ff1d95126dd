import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import type { SystemContext } from '@chakra-ui/react';
import { getSystem } from './theme';
import { RenderContext, type RenderContextValue } from './render-context';

export function Providers(props: {
  client: ApolloClient;
  emotionCache: EmotionCache;
  render: RenderContextValue;
  /** Defaults to the whole system (global CSS included), as the server renders it. */
  system?: SystemContext;
  children: ReactNode;
}) {
  return (
    <RenderContext.Provider value={props.render}>
      <CacheProvider value={props.emotionCache}>
        <ApolloProvider client={props.client}>
          <ChakraProvider value={props.system ?? getSystem()}>{props.children}</ChakraProvider>
        </ApolloProvider>
      </CacheProvider>
    </RenderContext.Provider>
  );
}
