// The browser's GraphQL client, for the islands that talk to the gateway themselves (an enquiry, the
// /wp-admin live check): fetched and created on first use, so no page downloads Apollo Client with
// its first load. A failed download is tried again next time.
import { createContext, useContext } from 'react';
import type { ApolloClient } from '@apollo/client';
import { loadOnce } from './load-once';

export const loadBrowserClient: () => Promise<ApolloClient> = loadOnce(() =>
  import('./browser-client').then((m) => m.createBrowserClient()),
);

/** How an island gets the browser's client; a unit test provides a client of its own. */
export const BrowserClientContext = createContext<() => Promise<ApolloClient>>(loadBrowserClient);

export function useBrowserClient(): () => Promise<ApolloClient> {
  return useContext(BrowserClientContext);
}
