// The browser's GraphQL client, in a module of its own: route-data.tsx imports it only when the
// browser first asks the gateway itself, so a page's first load never downloads Apollo Client.
import { createApolloClient } from './apollo';

export const createBrowserClient = () => createApolloClient({ uri: '/graphql', ssr: false });
