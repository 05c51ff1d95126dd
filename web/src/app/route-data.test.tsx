// How routes get their data: on the server, every loader's questions awaited whole before the page
// renders; an error is a message the page shows, never a rejection.
import { ApolloClient, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { describe, expect, it } from 'vitest';
import { runQuery, settle, useReady } from './route-data';

const SITE_NAME: TypedDocumentNode<{ site: { __typename: 'Site'; name: string } }> = gql`
  query RouteDataSiteName {
    site {
      name
    }
  }
`;
const answer = { data: { site: { __typename: 'Site' as const, name: 'Law Partners' } } };

function mockClient(mocks: MockLink.MockedResponse[]): ApolloClient {
  return new ApolloClient({
    cache: new InMemoryCache(),
    link: new MockLink(mocks),
    defaultOptions: { query: { errorPolicy: 'all' } },
  });
}

describe('route data', () => {
  it('a loader answer is awaited whole, and an error is a message, not a rejection', async () => {
    const client = mockClient([{ request: { query: SITE_NAME }, result: answer }]);
    const parts = await settle({ ok: runQuery({ client }, SITE_NAME), plain: 7 });
    expect(parts).toEqual({ ok: { data: answer.data, error: null }, plain: 7 });
    const down = mockClient([{ request: { query: SITE_NAME }, error: new Error('gateway down') }]);
    const failed = await settle({ failed: runQuery({ client: down }, SITE_NAME) });
    expect(failed.failed).toEqual({ data: null, error: 'gateway down' });
  });

  it('a loader run without the server’s client asks nothing and says why', async () => {
    expect(await runQuery(undefined, SITE_NAME)).toEqual({
      data: null,
      error: 'Route data is asked for on the server only.',
    });
  });

  it('useReady gives a value that is there, and nothing for one still pending', () => {
    expect(useReady('answer')).toBe('answer');
    expect(useReady(Promise.resolve('answer'))).toBeUndefined();
  });
});
