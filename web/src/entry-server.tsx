import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import createEmotionServer from '@emotion/server/create-instance';
import { ChakraProvider } from '@chakra-ui/react';
import { CacheProvider } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import { routes } from './routes';
import { createApolloClient } from './app/apollo';
import { getSystem } from './app/theme';
import { i18nFor } from './i18n/resources';
import { createEmotionCache } from './app/emotion-cache';
import { RenderContext, type HeadData, type RenderContextValue } from './app/render-context';
import { SSR_STYLES_ATTR } from './app/ssr-styles';
import { UpstreamTiming } from './app/upstream-timing.server';
import type { ServerLoadContext } from './app/route-data';
import { langOfPath, localizePath, type Lang } from '@site/content-model';
import { pageAlternates, type Alternates } from './i18n/alternates';

export type { HeadData };

export interface RenderRequest {
  url: string;
  /** Absolute URL of the gateway's /graphql. */
  gatewayUrl: string;
  requestId: string;
  nonce: string;
  signal?: AbortSignal;
  /**
   * The fetch the gateway is asked with: the web server's bounds the age of the content it asks
   * for and reads how old the answers are (web/server/content-age.server.ts).
   */
  fetch?: typeof fetch;
  /**
   * The visitor's address, sent to the gateway as X-Forwarded-For, for limits kept per visitor there
   * (previews); unset for pages the cache keeps, which are rendered for no one in particular.
   */
  forwardedFor?: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: HeadData | null;
      html: string;
      styles: string;
      /** The page's language, from its address (brief §10); English when absent. */
      lang?: Lang;
      /** The page's address in each language (null or absent: an English-only page). */
      alternates?: Alternates | null;
      /** Server-Timing metrics of this render: WordPress (or cache), gateway and render time. */
      timing: string;
      /** What the error boundary showed, when it showed something: the server logs it with the request id. */
      routeError?: string;
    };

const handler = createStaticHandler(routes);

function describeRouteError(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (error instanceof Error) return error.stack ?? error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** A page's canonical address is in its own language: routes name the English path (brief §10). */
function localizedHead(head: HeadData | null, lang: Lang): HeadData | null {
  if (!head?.canonical || lang === 'en') return head;
  const url = new URL(head.canonical);
  url.pathname = localizePath(lang, url.pathname);
  return { ...head, canonical: url.href };
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  const started = performance.now();
  const upstream = new UpstreamTiming();
  const client = createApolloClient({
    uri: req.gatewayUrl,
    ssr: true,
    headers: {
      'x-request-id': req.requestId,
      ...(req.forwardedFor ? { 'x-forwarded-for': req.forwardedFor } : {}),
    },
    fetch: upstream.wrap(req.fetch ?? fetch),
  });
  const request = new Request(req.url, { signal: req.signal });
  const { pathname } = new URL(req.url);
  const lang = langOfPath(pathname);
  // The route loaders ask the gateway with this request's client (route-data.tsx).
  const requestContext: ServerLoadContext = { client };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const emotionCache = createEmotionCache(req.nonce);
  // compat: no inline <style> elements in the body; critical CSS is extracted into <head> below.
  emotionCache.compat = true;
  // The page's addresses in each language, once: the header's switcher and the hreflang links.
  const alternates = pageAlternates(
    pathname,
    context.matches.map((m) => context.loaderData[m.route.id]),
  );
  const renderCtx: RenderContextValue = {
    alternates,
    status: context.statusCode || 200,
    head: null,
    nonce: req.nonce,
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <StrictMode>
      <RenderContext.Provider value={renderCtx}>
        <I18nextProvider i18n={i18nFor(lang)}>
          <CacheProvider value={emotionCache}>
            <ChakraProvider value={getSystem()}>
              {/* No hydration data: the browser runs no router (links load documents). */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </ChakraProvider>
          </CacheProvider>
        </I18nextProvider>
      </RenderContext.Provider>
    </StrictMode>
  );
  // The loaders have answered: one render makes the whole page.
  const result = renderToString(tree);
  // A route found the content under another address (e.g. a post reached by its WordPress permalink).
  if (renderCtx.redirect) return { kind: 'redirect', ...renderCtx.redirect };
  const { extractCriticalToChunks } = createEmotionServer(emotionCache);
  const chunks = extractCriticalToChunks(result);
  const styles = chunks.styles
    .filter((s) => s.css.length > 0)
    .map(
      (s) => `<style ${SSR_STYLES_ATTR}="${s.key} ${s.ids.join(' ')}" nonce="${req.nonce}">${s.css}</style>`,
    )
    .join('');
  return {
    kind: 'page',
    status: renderCtx.status,
    head: localizedHead(renderCtx.head, lang),
    lang,
    alternates,
    html: chunks.html,
    styles,
    timing: upstream.header(performance.now() - started),
    routeError: describeRouteError(renderCtx.routeError),
  };
}
