// Route data comes from React Router loaders. The server runs them with its per-request Apollo
// client and awaits them, so the HTML is whole; the browser hydrates from the loaders' answers the
// server embedded in the page, so a first visit never downloads Apollo Client. The browser loads it
// when it first needs to ask the gateway itself: a navigation, an enquiry, the admin helper.
import { createContext, useContext, useEffect, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { loadOnce } from './load-once';

/** What the server hands its loaders (React Router's `requestContext`). */
export interface ServerLoadContext {
  client: ApolloClient;
}

function serverClient(context: unknown): ApolloClient | null {
  return context && typeof context === 'object' && 'client' in context
    ? (context as ServerLoadContext).client
    : null;
}

/** The browser's client once it is there: answers it already holds are read without waiting. */
let loadedClient: ApolloClient | undefined;

/** The browser's Apollo client, fetched and created on first use; a failed download is tried again next time. */
export const loadBrowserClient: () => Promise<ApolloClient> = loadOnce(() =>
  import('./browser-client').then((m) => (loadedClient = m.createBrowserClient())),
);

/**
 * How a component gets the browser's client for work of its own (an enquiry, the admin helper's
 * live check); a unit test provides a client of its own.
 */
export const BrowserClientContext = createContext<() => Promise<ApolloClient>>(loadBrowserClient);

export function useBrowserClient(): () => Promise<ApolloClient> {
  return useContext(BrowserClientContext);
}

/** A query's answer as a route renders it; `error` is a message, as the page shows it. */
export interface QueryOutcome<T> {
  data: T | null;
  error: string | null;
}

/** The answer to a question a loader had no reason to ask (no page named, no post found). */
export const NOT_ASKED: QueryOutcome<never> = { data: null, error: null };

/** Data a route renders: whole on the server and at hydration, still pending after a navigation. */
export type Deferred<T> = T | Promise<T>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one query for a loader. Never rejects: a page renders what it has and shows the error
 * (brief §8), and partial data with errors is kept (errorPolicy 'all').
 */
export function runQuery<T, V extends OperationVariables>(
  context: unknown,
  query: TypedDocumentNode<T, V>,
  variables?: V,
): Deferred<QueryOutcome<T>> {
  const ask = async (client: ApolloClient): Promise<QueryOutcome<T>> => {
    try {
      const result = await client.query({ query, variables: variables as V });
      return {
        data: (result.data as T | undefined) ?? null,
        error: result.error ? messageOf(result.error) : null,
      };
    } catch (error) {
      return { data: null, error: messageOf(error) };
    }
  };
  const client = serverClient(context);
  if (client) return ask(client);
  // Back to a page already seen: its answer is in the cache, and the page renders without a flash of
  // its loading state (a value handed over pending shows it for at least one render).
  const cached = loadedClient?.readQuery({ query, variables: variables as V });
  if (cached) return { data: cached as T, error: null };
  return track(loadBrowserClient().then(ask, (error: unknown) => ({ data: null, error: messageOf(error) })));
}

/** Applies `f` to a value that may still be pending; a value already there stays synchronous. */
export function mapDeferred<T, U>(value: Deferred<T>, f: (value: T) => Deferred<U>): Deferred<U> {
  return value instanceof Promise ? track(value.then(f)) : f(value);
}

type Settled<T> = { [K in keyof T]: Deferred<Awaited<T[K]>> };

/**
 * A loader's answer: awaited on the server (the page renders whole, and the answers travel in the
 * HTML for hydration); handed over pending in the browser, so the new page shows its loading state
 * at once instead of holding the old page while a slow network answers.
 */
export async function settle<T extends Record<string, unknown>>(
  context: unknown,
  parts: T,
): Promise<Settled<T>> {
  if (!serverClient(context)) return parts as Settled<T>;
  const entries = await Promise.all(Object.entries(parts).map(async ([k, v]) => [k, await v] as const));
  return Object.fromEntries(entries) as Settled<T>;
}

/** The current route's loader data, typed from its loader. */
export function useRouteData<L extends (args: LoaderFunctionArgs) => unknown>(): Awaited<ReturnType<L>> {
  return useLoaderData() as Awaited<ReturnType<L>>;
}

/** Answers already in, by the pending value they settled: a page renders them without a frame's wait. */
const settledValues = new WeakMap<Promise<unknown>, { value: unknown }>();

function track<T>(promise: Promise<T>): Promise<T> {
  void promise.then((value) => settledValues.set(promise, { value }));
  return promise;
}

/**
 * A loader's value once it is there, undefined while it is pending. The component stays mounted
 * meanwhile (no Suspense fallback swapped in), so what a visitor is typing in it survives.
 */
export function useReady<T>(value: Deferred<T>): T | undefined {
  const [, rerender] = useState(0);
  const pending = value instanceof Promise && !settledValues.has(value);
  useEffect(() => {
    if (!pending) return;
    let live = true;
    void track(value).then(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [value, pending]);
  if (!(value instanceof Promise)) return value;
  return settledValues.get(value)?.value as T | undefined;
}
