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
import { ISLAND_NAMESPACES, ISLAND_ROOT_ATTR, islandIdPrefix } from './island-markup';
import { isLang } from '@site/content-model';

import type { TextsWrapper } from './island-i18n';

/** The island's texts in the page's language, when it shows any (island-markup.ts). */
async function islandTexts(name: string, lang: string | undefined): Promise<TextsWrapper> {
  const namespaces = ISLAND_NAMESPACES[name];
  if (!namespaces || !isLang(lang)) return (children) => children;
  const { islandI18n } = await import('./island-i18n');
  return islandI18n(lang, namespaces);
}

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
  const [loaded, withTexts] = await Promise.all([load(), islandTexts(name, el.dataset.islandLang)]);
  const Component = loaded as ComponentType<Record<string, unknown>>;
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
          <Hydrated el={el}>{withTexts(<Component {...props} />)}</Hydrated>
        </ChakraProvider>
      </CacheProvider>,
      { identifierPrefix: islandIdPrefix(name) },
    );
  });
}
