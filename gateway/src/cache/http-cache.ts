// HTTP caching of GraphQL answers by browsers and CDNs. A query sent as GET (the browser's Apollo
// Client sends automatic persisted queries as GET: a short URL with the query's hash) is cacheable
// like a page: shared caches keep it for the content TTL, serve it stale while they revalidate and
// when the gateway fails; browsers revalidate every time (max-age=0) and get 304 via the ETag.
// Everything else is private and never stored: POSTs, mutations, answers with errors (a CDN must
// not replace a good answer with a failure), the live connection check and drafts (previews).
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { GatewayConfig } from '../config.js';

export const UNCACHEABLE = 'private, no-store';

/**
 * Root fields answered live on every request and never stored anywhere: a cached copy of the
 * connection check would be a lie, and a draft (preview) is for the editor who asked only.
 */
export const LIVE_ROOT_FIELDS: ReadonlySet<string> = new Set(['connection', 'preview']);

/** Representations differ by Accept (Apollo negotiates the media type) and by compression. */
export const GRAPHQL_VARY = 'Accept, Accept-Encoding';

export function publicCacheControl(config: Pick<GatewayConfig, 'cache'>): string {
  const s = (ms: number) => Math.floor(ms / 1000);
  return [
    'public',
    'max-age=0',
    `s-maxage=${s(config.cache.ttlMs)}`,
    `stale-while-revalidate=${s(config.cache.staleWhileRevalidateMs)}`,
    `stale-if-error=${s(config.cache.staleIfErrorMaxAgeMs)}`,
  ].join(', ');
}

/** Root field names an operation selects, through fragments. */
export function rootFieldsOf(operation: OperationDefinitionNode, document: DocumentNode): Set<string> {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const names = new Set<string>();
  const visited = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return names;
}

/** Sets Cache-Control and Vary on every GraphQL answer Apollo produces. */
export function httpCachePlugin(config: Pick<GatewayConfig, 'cache'>): ApolloServerPlugin {
  const cacheable = publicCacheControl(config);
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, operation, document }) {
          const ok =
            request.http?.method === 'GET' &&
            operation?.operation === 'query' &&
            document !== undefined &&
            (response.http.status ?? 200) === 200 &&
            response.body.kind === 'single' &&
            !response.body.singleResult.errors &&
            ![...rootFieldsOf(operation, document)].some((f) => LIVE_ROOT_FIELDS.has(f));
          response.http.headers.set('cache-control', ok ? cacheable : UNCACHEABLE);
          response.http.headers.set('vary', GRAPHQL_VARY);
        },
      };
    },
  };
}
