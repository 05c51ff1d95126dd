import { StrictMode, startTransition, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes';
import { Providers } from './app/providers';
import { createEmotionCache } from './app/emotion-cache';
import { hydratingSystem } from './app/theme';
import { registerServerStyles } from './app/ssr-styles';
import type { RenderContextValue } from './app/render-context';
import { loadBrowserClient } from './app/route-data';

/**
 * Marks <html data-hydrated> once the first client render has committed (effects run after the
 * whole tree's): the browser tests wait on it, and it tells anyone debugging a page that the
 * scripts have taken over.
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const INTENT_EVENTS = ['pointerdown', 'pointerover', 'focusin'] as const;

/**
 * The page hydrates without the GraphQL client; the first navigation needs it. A visitor touching,
 * hovering or focusing one of the site's links is about to navigate: start fetching it then, so the
 * next page's request does not wait for the download too.
 */
function fetchClientOnIntent(): void {
  const onIntent = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('a[href^="/"]')) return;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    void loadBrowserClient().catch(() => undefined);
  };
  for (const type of INTENT_EVENTS)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
}

/** Ends the current task, so the browser can paint and handle input before the next piece. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function hydrate(): Promise<void> {
  // Evaluating the bundle's modules is a task of its own; matching the routes starts the next one.
  await yieldToMain();
  // Load the code of the routes the server rendered before hydrating, so the first client render
  // matches the server HTML instead of flashing a fallback.
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async (m) => {
      const lazy = m.route.lazy;
      if (typeof lazy === 'function') {
        const mod = await lazy();
        Object.assign(m.route, mod, { lazy: undefined });
      }
    }),
  );
  // Start-up work in separate tasks: none of them keeps a slow phone's main thread for long.
  await yieldToMain();
  const system = hydratingSystem();
  await yieldToMain();
  // The loaders' answers come with the page (window.__staticRouterHydrationData): the first render
  // needs no request, and no GraphQL client.
  const router = createBrowserRouter(routes);
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  const emotionCache = createEmotionCache(nonce);
  registerServerStyles(emotionCache);
  const render: RenderContextValue = { status: 200, head: null, isServer: false };
  // Hydrating inside a transition lets React yield to the browser every few milliseconds instead
  // of blocking the main thread for the whole page: taps and scrolls stay responsive on slow phones.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <Providers emotionCache={emotionCache} render={render} system={system}>
          <RouterProvider router={router} />
          <HydratedMark />
        </Providers>
      </StrictMode>,
    );
  });
}

void hydrate().then(fetchClientOnIntent);
