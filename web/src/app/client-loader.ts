// The browser's GraphQL client, for the islands that talk to the gateway themselves (an enquiry, the
// /wp-admin live check): fetched and created on first use, so no page downloads Apollo Client with
// its first load. Every caller shares one download while it succeeds or is under way; a failed one
// is forgotten, so the next call tries again (a download that failed offline).
import { createContext, useContext } from 'react';
import type { ApolloClient } from '@apollo/client';

let pending: Promise<ApolloClient> | undefined;

export const loadBrowserClient = (): Promise<ApolloClient> =>
  (pending ??= import('./browser-client')
    .then((m) => m.createBrowserClient())
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));

/** How an island gets the browser's client; a unit test provides a client of its own. */
export const BrowserClientContext = createContext<() => Promise<ApolloClient>>(loadBrowserClient);

export function useBrowserClient(): () => Promise<ApolloClient> {
  return useContext(BrowserClientContext);
}
