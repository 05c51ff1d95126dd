import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { RetryLink } from '@apollo/client/link/retry';

// Partial data with errors is useful to a page (e.g. posts failed but the site details did not).
declare module '@apollo/client' {
  // Apollo's documented way to declare default options is namespace merging.
  /* eslint-disable @typescript-eslint/no-namespace */
  export namespace ApolloClient {
    export namespace DeclareDefaultOptions {
      interface Query {
        errorPolicy: 'all';
      }
    }
  }
  /* eslint-enable @typescript-eslint/no-namespace */
}

export interface ApolloOptions {
  /** Absolute GraphQL URL on the server (the gateway); '/graphql' (same origin) in the browser. */
  uri: string;
  ssr: boolean;
  headers?: Record<string, string>;
  /** The fetch the HTTP link uses (the server times its requests to the gateway). */
  fetch?: typeof fetch;
}

/** Hex SHA-256 with the browser's Web Crypto: no hashing library in the bundle. */
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Automatic persisted queries over GET: the browser sends a query's hash in a short URL that a CDN
 * (and the browser's HTTP cache, with the gateway's ETag) can keep; a hash the gateway does not know
 * yet is answered by one POST with the full query. Web Crypto only exists in secure contexts
 * (https, localhost); elsewhere queries go by POST as before.
 */
function persistedQueries(): ApolloLink[] {
  if (typeof crypto === 'undefined' || !crypto.subtle) return [];
  return [new PersistedQueryLink({ sha256, useGETForHashedQueries: true })];
}

export function createApolloClient(options: ApolloOptions): ApolloClient {
  const http = new HttpLink({
    uri: options.uri,
    headers: options.headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  // In the browser a failed query is retried 3 times, delays doubling from 1 s up to 30 s (brief §9).
  // On the server a page must render promptly; the gateway already retries WordPress.
  const link = options.ssr
    ? http
    : ApolloLink.from([
        new RetryLink({
          delay: { initial: 1000, max: 30_000, jitter: false },
          // A mutation is not retried blindly: a lost answer to a sent enquiry would send it twice.
          // A query sent with `context: { retry: false }` reports its first failure at once: a live
          // check (the admin helper's) shows what happened now, within its own time limit.
          attempts: {
            max: 4,
            retryIf: (error, operation) =>
              Boolean(error) &&
              String(operation.operationType) !== 'mutation' &&
              operation.getContext().retry !== false,
          },
        }),
        ...persistedQueries(),
        http,
      ]);
  return new ApolloClient({
    cache: new InMemoryCache(),
    link,
    ssrMode: options.ssr,
    defaultOptions: {
      // A render's queries ask for different things, and a client serves one request: on the server
      // the answers go straight to the page, with nothing kept to merge or read back.
      query: { fetchPolicy: options.ssr ? 'no-cache' : 'cache-first', errorPolicy: 'all' },
    },
  });
}
