import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { RetryLink } from '@apollo/client/link/retry';

export interface ApolloOptions {
  /** Absolute GraphQL URL on the server (the gateway); '/graphql' (same origin) in the browser. */
  uri: string;
  ssr: boolean;
  headers?: Record<string, string>;
  state?: unknown;
}

function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // Site and Connection are singletons without ids; keep them whole in the root query.
      Site: { keyFields: [] },
      Connection: { keyFields: false },
      PracticeArea: { keyFields: ['slug'] },
      Query: {
        fields: {
          posts: { keyArgs: ['first', 'page', 'search', 'categorySlug', 'excludeSlug'] },
        },
      },
    },
  });
}

export function createApolloClient(options: ApolloOptions): ApolloClient {
  const cache = createCache();
  if (options.state) cache.restore(options.state as ReturnType<InMemoryCache['extract']>);
  const http = new HttpLink({ uri: options.uri, headers: options.headers });
  // In the browser a failed query is retried 3 times, delays doubling from 1 s up to 30 s (SPEC §9).
  // On the server a page must render promptly; the gateway already retries WordPress.
  const link = options.ssr
    ? http
    : ApolloLink.from([
        new RetryLink({
          delay: { initial: 1000, max: 30_000, jitter: false },
          attempts: { max: 4, retryIf: (error) => Boolean(error) },
        }),
        http,
      ]);
  return new ApolloClient({
    cache,
    link,
    ssrMode: options.ssr,
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', errorPolicy: 'all' },
      query: { fetchPolicy: 'cache-first', errorPolicy: 'all' },
    },
  });
}
