// @vitest-environment happy-dom
// The admin helper's live check ends with the connection or with a reason, whatever fails on the
// way: the client's script, the network, the gateway's HTTP or GraphQL answer, or no answer at all.
// The requests go through the browser's real Apollo Client, with the network replaced.
import { act, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, type Root } from 'react-dom/client';
import type { ApolloClient } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../app/apollo';
import { BrowserClientContext } from '../../app/client-loader';
import { WpAdminConnectionDocument } from '../../gql/graphql';
import {
  CHECK_TIMEOUT_MS,
  CheckTimeoutError,
  checkConnection,
  useConnectionCheck,
  withDeadline,
  type CheckState,
} from './connection-check';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const EMBEDDED = {
  __typename: 'Connection',
  status: 'EMBEDDED',
  source: 'EMBEDDED',
  endpoint: null,
  adminUrl: null,
  practiceAreasEndpoint: null,
  pagesEndpoint: null,
  latencyMs: null,
  checkedAt: '2026-08-01T10:00:00.000Z',
  message: 'Serving the embedded content snapshot',
} as const;

/** A browser client whose network is `network`; the requests it sent are counted. */
function clientOver(network: (init: RequestInit | undefined) => Promise<Response>) {
  const sent: Array<RequestInit | undefined> = [];
  const client = createApolloClient({
    uri: 'http://127.0.0.1:9/graphql',
    ssr: false,
    fetch: (_input, init) => {
      sent.push(init);
      return network(init);
    },
  });
  return { load: () => Promise.resolve(client), sent };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('withDeadline', () => {
  it('gives an answer that comes in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withDeadline(() => Promise.resolve(42), 1000)).resolves.toBe(42);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with CheckTimeoutError at the deadline and aborts the work under way', async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    const result = withDeadline((signal) => {
      seen = signal;
      return new Promise<never>(() => {});
    }, 1000);
    const outcome = result.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(CheckTimeoutError);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(error);
  });
});

describe('checkConnection', () => {
  it('gives the connection the gateway reports, asked once with a signal', async () => {
    const { load, sent } = clientOver(() => json(200, { data: { connection: EMBEDDED } }));
    const state = await checkConnection(load, WpAdminConnectionDocument);
    expect(state).toEqual({ phase: 'done', connection: EMBEDDED });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('a network error: failed at once with its message, not retried', async () => {
    const { load, sent } = clientOver(() => Promise.reject(new TypeError('Failed to fetch')));
    const state = await checkConnection(load, WpAdminConnectionDocument);
    expect(state).toEqual({
      phase: 'failed',
      reason: "The site's content gateway could not be reached (Failed to fetch).",
    });
    expect(sent).toHaveLength(1);
  });

  it('an HTTP error: its status and what the gateway said', async () => {
    const { load } = clientOver(() =>
      json(502, { errors: [{ message: 'The content service is unavailable' }] }),
    );
    expect(await checkConnection(load, WpAdminConnectionDocument)).toEqual({
      phase: 'failed',
      reason: "The site's content gateway answered with HTTP 502: The content service is unavailable.",
    });
  });

  it('an HTTP error with a body that is not GraphQL: its status', async () => {
    const { load } = clientOver(() =>
      Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 503 })),
    );
    expect(await checkConnection(load, WpAdminConnectionDocument)).toEqual({
      phase: 'failed',
      reason: "The site's content gateway answered with HTTP 503.",
    });
  });

  it('a GraphQL error: its message', async () => {
    const { load } = clientOver(() =>
      json(200, { data: null, errors: [{ message: 'Too many requests, slow down' }] }),
    );
    expect(await checkConnection(load, WpAdminConnectionDocument)).toEqual({
      phase: 'failed',
      reason: "The site's content gateway answered with an error: Too many requests, slow down",
    });
  });

  it('an answer that is not JSON', async () => {
    const { load } = clientOver(() => Promise.resolve(new Response('<html>proxy login</html>')));
    const state = await checkConnection(load, WpAdminConnectionDocument);
    expect(state.phase).toBe('failed');
    expect(state.phase === 'failed' && state.reason).toMatch(
      /^The site's content gateway sent an answer that is not GraphQL \(/,
    );
  });

  it('an answer without the connection', async () => {
    const { load } = clientOver(() => json(200, { data: null }));
    expect(await checkConnection(load, WpAdminConnectionDocument)).toEqual({
      phase: 'failed',
      reason: "The site's content gateway answered without the connection details.",
    });
  });

  it('no answer: failed at the deadline, and the request is aborted', async () => {
    vi.useFakeTimers();
    const { load, sent } = clientOver(() => new Promise<never>(() => {}));
    const state = checkConnection(load, WpAdminConnectionDocument);
    // The request leaves after the query's hash is computed (Web Crypto, outside the fake clock).
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS);
    expect(await state).toEqual({
      phase: 'failed',
      reason: "The site's content gateway did not answer within 8 seconds.",
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.signal?.aborted).toBe(true);
  });

  it("the client's script cannot be loaded", async () => {
    const load = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/browser-client.js'));
    expect(await checkConnection(load, WpAdminConnectionDocument)).toEqual({
      phase: 'failed',
      reason:
        "The page's connection-check script could not be loaded (Failed to fetch dynamically imported module: /assets/browser-client.js).",
    });
  });

  it("the client's script never arrives: failed at the deadline", async () => {
    vi.useFakeTimers();
    const state = checkConnection(() => new Promise<ApolloClient>(() => {}), WpAdminConnectionDocument);
    await vi.advanceTimersByTimeAsync(CHECK_TIMEOUT_MS);
    expect(await state).toEqual({
      phase: 'failed',
      reason: "The page's connection-check script did not arrive within 8 seconds.",
    });
  });
});

describe('useConnectionCheck', () => {
  let root: Root | undefined;
  let container: HTMLElement | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    root = undefined;
  });

  const states: CheckState['phase'][] = [];
  let refresh: () => void = () => {};
  function Probe() {
    const check = useConnectionCheck(WpAdminConnectionDocument);
    refresh = check.refresh;
    states.push(check.phase);
    return createElement('p', null, check.phase === 'failed' ? check.reason : check.phase);
  }
  const withClient = (load: () => Promise<ApolloClient>) =>
    createElement(BrowserClientContext.Provider, { value: load }, createElement(Probe));

  it('is idle in the server HTML: it does not claim a check the page may never run', () => {
    let loads = 0;
    const html = renderToString(
      withClient(() => {
        loads += 1;
        return new Promise<never>(() => {});
      }),
    );
    expect(html).toBe('<p>idle</p>');
    expect(loads).toBe(0);
  });

  it('checks once on arrival, ends failed with the reason, and checks again on refresh', async () => {
    let answer = () => Promise.reject<Response>(new TypeError('Failed to fetch'));
    const { load, sent } = clientOver(() => answer());
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    states.length = 0;
    await act(async () => root!.render(withClient(load)));
    await vi.waitFor(() => expect(container!.textContent).toContain('could not be reached'));
    expect(states.filter((s, i) => s !== states[i - 1])).toEqual(['idle', 'checking', 'failed']);
    expect(sent).toHaveLength(1);

    answer = () => json(200, { data: { connection: EMBEDDED } });
    await act(async () => refresh());
    await vi.waitFor(() => expect(container!.textContent).toBe('done'));
    expect(sent).toHaveLength(2);
  });
});
