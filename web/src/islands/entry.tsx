// The islands' entry: React, Chakra UI and emotion, loaded only on a page with an island
// (web/src/boot/islands.ts starts it). Each island hydrates alone over the HTML the server rendered
// for it (Island.tsx), with the same emotion cache key, so the server's CSS is reused and nothing is
// restyled, and the same useId prefix, so the ids match.
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { createEmotionCache } from '../app/emotion-cache';
import { hydratingSystem } from '../app/theme';
import { registerServerStyles } from '../app/ssr-styles';
import { ISLANDS } from './registry';
import { ISLAND_ROOT_ATTR, islandIdPrefix } from './island-markup';

let shared: { cache: EmotionCache; system: SystemContext } | undefined;

function providers() {
  if (!shared) {
    const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
    const cache = createEmotionCache(nonce);
    registerServerStyles(cache);
    shared = { cache, system: hydratingSystem() };
  }
  return shared;
}

/** Marks the island's element once its first client render has committed. */
function Hydrated({ el, children }: { el: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = 'true';
  }, [el]);
  return children;
}

const started = new WeakSet<HTMLElement>();

export async function hydrateIsland(el: HTMLElement): Promise<void> {
  if (started.has(el)) return;
  const name = el.dataset.island ?? '';
  const load = ISLANDS[name];
  const root = el.querySelector<HTMLElement>(`:scope > [${ISLAND_ROOT_ATTR}]`);
  const propsText = el.dataset.islandProps;
  if (!load || !root || !propsText) return;
  const Component = (await load()) as ComponentType<Record<string, unknown>>;
  if (started.has(el)) return;
  started.add(el);
  const props = JSON.parse(propsText) as Record<string, unknown>;
  const { cache, system } = providers();
  // Inside a transition React yields to the browser while it hydrates: taps stay responsive.
  startTransition(() => {
    hydrateRoot(
      root,
      <CacheProvider value={cache}>
        <ChakraProvider value={system}>
          <Hydrated el={el}>
            <Component {...props} />
          </Hydrated>
        </ChakraProvider>
      </CacheProvider>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
