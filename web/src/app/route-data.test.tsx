// @vitest-environment happy-dom
// How routes get their data: awaited whole on the server, handed over pending in the browser (the
// page keeps what the visitor typed while it waits), read at once when the browser already holds it.
import { useState } from 'react';
import { ApolloClient, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mapDeferred, runQuery, settle, useReady, type Deferred } from './route-data';

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
    cache: new InMemoryCache({ typePolicies: { Site: { keyFields: [] } } }),
    link: new MockLink(mocks),
    defaultOptions: { watchQuery: { errorPolicy: 'all' }, query: { errorPolicy: 'all' } },
  });
}

// The browser's client, as route-data.tsx imports it on first use; answers come from MockLink.
const browserAsks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./browser-client', () => ({
  createBrowserClient: () => {
    browserAsks.count += 1;
    return mockClient([{ request: { query: SITE_NAME }, result: answer, maxUsageCount: 1 }]);
  },
}));

afterEach(cleanup);

describe('on the server', () => {
  it('a loader answer is awaited whole, and an error is a message, not a rejection', async () => {
    const client = mockClient([{ request: { query: SITE_NAME }, result: answer }]);
    const parts = await settle({ client }, { ok: runQuery({ client }, SITE_NAME), plain: 7 });
    expect(parts).toEqual({ ok: { data: answer.data, error: null }, plain: 7 });
    const down = mockClient([{ request: { query: SITE_NAME }, error: new Error('gateway down') }]);
    const failed = await settle({ client: down }, { failed: runQuery({ client: down }, SITE_NAME) });
    expect(failed.failed).toEqual({ data: null, error: 'gateway down' });
  });
});

describe('in the browser', () => {
  it('a loader answer is handed over pending; once the client holds it, it is read at once', async () => {
    const parts = await settle(undefined, { site: runQuery(undefined, SITE_NAME) });
    expect(parts.site).toBeInstanceOf(Promise);
    expect(await parts.site).toEqual({ data: answer.data, error: null });
    // The mock answers once: the second answer can only come from the cache, without waiting.
    const again = runQuery(undefined, SITE_NAME);
    expect(again).toEqual({ data: answer.data, error: null });
    expect(browserAsks.count).toBe(1);
  });

  it('mapDeferred keeps a value that is there synchronous, and follows one that is pending', async () => {
    expect(mapDeferred(2, (n) => n * 3)).toBe(6);
    const later = mapDeferred(Promise.resolve(2), (n) => n * 3);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toBe(6);
  });
});

describe('useReady', () => {
  function View({ value }: { value: Deferred<string> }) {
    const ready = useReady(value);
    const [typed, setTyped] = useState('');
    return (
      <div>
        <input aria-label="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <p>{ready ?? 'Loading...'}</p>
      </div>
    );
  }

  it('shows the loading state, then the value, without remounting what the visitor typed in', async () => {
    let resolve: (v: string) => void = () => {};
    const pending = new Promise<string>((r) => (resolve = r));
    const view = render(<View value={pending} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'bail' } });
    await act(async () => resolve('Ten articles'));
    expect(screen.getByText('Ten articles')).toBeTruthy();
    expect((screen.getByLabelText('search') as HTMLInputElement).value).toBe('bail');
    view.rerender(<View value="Hydrated" />);
    expect(screen.getByText('Hydrated')).toBeTruthy();
  });

  it('a value that settled before it was rendered shows at once, with no loading frame', async () => {
    const settled = mapDeferred(Promise.resolve('Ready'), (v) => v);
    await settled;
    render(<View value={settled} />);
    expect(screen.getByText('Ready')).toBeTruthy();
  });
});
