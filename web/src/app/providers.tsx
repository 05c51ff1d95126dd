import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import type { SystemContext } from '@chakra-ui/react';
import { getSystem } from './theme';
import { RenderContext, type RenderContextValue } from './render-context';

export function Providers(props: {
  emotionCache: EmotionCache;
  render: RenderContextValue;
  /** Defaults to the whole system (global CSS included), as the server renders it. */
  system?: SystemContext;
  children: ReactNode;
}) {
  return (
    <RenderContext.Provider value={props.render}>
      <CacheProvider value={props.emotionCache}>
        <ChakraProvider value={props.system ?? getSystem()}>{props.children}</ChakraProvider>
      </CacheProvider>
    </RenderContext.Provider>
  );
}
