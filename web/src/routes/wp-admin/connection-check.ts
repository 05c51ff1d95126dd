// The /wp-admin helper's live check of the WordPress connection, as the browser runs it. Whatever
// goes wrong on the way (the GraphQL client's script does not load, the gateway is down, refuses,
// never answers, answers an HTTP or a GraphQL error), the check ends within CHECK_TIMEOUT_MS with a
// reason the page can show, so the page never says 'Checking connection...' for ever.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApolloClient, TypedDocumentNode } from '@apollo/client';
import type { WpAdminConnectionQuery } from '../../gql/graphql';
import { useBrowserClient } from '../../app/client-loader';

export type Connection = WpAdminConnectionQuery['connection'];

/**
 * The whole check (the client's download and the request) ends within this time: under the 10 s a
 * person waits for a status line, and over the gateway's own WordPress timeout (5 s by default), so
 * a slow WordPress is reported by the gateway with its reason rather than cut short here.
 */
export const CHECK_TIMEOUT_MS = 8000;

export type CheckState =
  /** Nothing has run yet: the server's HTML, and the page until its scripts have hydrated it. */
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'done'; connection: Connection }
  | { phase: 'failed'; reason: string };

/** The check ran out of time. */
export class CheckTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`No answer within ${Math.round(timeoutMs / 1000)} seconds`);
    this.name = 'CheckTimeoutError';
  }
}

/**
 * `run`, given at most `timeoutMs`: then its signal is aborted (a fetch under way is cancelled) and
 * the result rejects with a CheckTimeoutError, whether or not `run` takes notice of the signal.
 */
export function withDeadline<T>(run: (signal: AbortSignal) => Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new CheckTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  return Promise.race([run(controller.signal), expired]).finally(() => clearTimeout(timer));
}

/** An answer that carries neither the connection nor an error. */
class MissingConnectionError extends Error {
  constructor() {
    super("The site's content gateway answered without the connection details.");
  }
}

/** Which step failed: the download of the GraphQL client, or the request to the gateway. */
export type CheckStep = 'script' | 'request';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'unknown error';
}

/** The messages of a GraphQL error answer (`{ errors: [{ message }] }`), if the body is one. */
function graphqlMessages(body: unknown): string[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ message?: unknown }> };
    return (parsed.errors ?? []).flatMap((e) => (typeof e?.message === 'string' ? [e.message] : []));
  } catch {
    return [];
  }
}

/**
 * What the page says went wrong. Apollo's error classes are recognised by their names, not
 * imported: the route's own code stays free of the client, which is downloaded only for the check.
 */
export function describeCheckFailure(step: CheckStep, error: unknown): string {
  if (error instanceof CheckTimeoutError) {
    const seconds = Math.round(error.timeoutMs / 1000);
    return step === 'script'
      ? `The page's connection-check script did not arrive within ${seconds} seconds.`
      : `The site's content gateway did not answer within ${seconds} seconds.`;
  }
  if (step === 'script') {
    return `The page's connection-check script could not be loaded (${messageOf(error)}).`;
  }
  const e = error as { name?: unknown; statusCode?: unknown; bodyText?: unknown } | null;
  if (e?.name === 'ServerError' && typeof e.statusCode === 'number') {
    const said = graphqlMessages(e.bodyText);
    return `The site's content gateway answered with HTTP ${e.statusCode}${said.length ? `: ${said.join('; ')}` : ''}.`;
  }
  if (e?.name === 'ServerParseError') {
    return `The site's content gateway sent an answer that is not GraphQL (${messageOf(error)}).`;
  }
  if (e?.name === 'CombinedGraphQLErrors') {
    return `The site's content gateway answered with an error: ${messageOf(error)}`;
  }
  if (error instanceof MissingConnectionError) return error.message;
  return `The site's content gateway could not be reached (${messageOf(error)}).`;
}

/**
 * One check: the browser's GraphQL client (downloaded on first use), then the query, sent once
 * (`retry: false`: a live check shows what happens now; Refresh asks again) and aborted at the
 * deadline. Never rejects.
 */
export async function checkConnection(
  loadClient: () => Promise<ApolloClient>,
  query: TypedDocumentNode<WpAdminConnectionQuery, Record<string, never>>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<Extract<CheckState, { phase: 'done' | 'failed' }>> {
  let step: CheckStep = 'script';
  try {
    const connection = await withDeadline(async (signal) => {
      const client = await loadClient();
      step = 'request';
      const result = await client.query({
        query,
        fetchPolicy: 'network-only',
        context: { retry: false, fetchOptions: { signal } },
      });
      if (result.data?.connection) return result.data.connection;
      throw result.error ?? new MissingConnectionError();
    }, timeoutMs);
    return { phase: 'done', connection };
  } catch (error) {
    return { phase: 'failed', reason: describeCheckFailure(step, error) };
  }
}

/**
 * The check as the page runs it: idle in the server's HTML and at hydration (a page whose scripts
 * never arrive does not claim to be checking), then once on every visit, and again on `refresh`.
 */
export function useConnectionCheck(
  query: TypedDocumentNode<WpAdminConnectionQuery, Record<string, never>>,
): CheckState & { refresh: () => void } {
  const browserClient = useBrowserClient();
  const [state, setState] = useState<CheckState>({ phase: 'idle' });
  // Only the latest check may set the state: a late answer to an earlier one is dropped.
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const run = ++latest.current;
    setState({ phase: 'checking' });
    void checkConnection(browserClient, query).then((next) => {
      if (run === latest.current) setState(next);
    });
  }, [browserClient, query]);
  useEffect(() => {
    refresh();
    return () => {
      latest.current += 1;
    };
  }, [refresh]);
  return { ...state, refresh };
}
