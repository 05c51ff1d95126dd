// Route data comes from React Router loaders, which only the server runs: with its per-request
// Apollo client, awaited, so the page renders whole in one pass. The browser never runs a route:
// links load pages as documents, and the islands that talk to the gateway load their own client
// (client-loader.ts).
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { langOfPath, type Lang } from '@site/content-model';

/** What the server hands its loaders (React Router's `requestContext`). */
export interface ServerLoadContext {
  client: ApolloClient;
}

/** The request's Apollo client, on the server; null anywhere else. */
export function serverClient(context: unknown): ApolloClient | null {
  return context && typeof context === 'object' && 'client' in context
    ? (context as ServerLoadContext).client
    : null;
}

/** The language of the page a loader answers for: its address says (brief §10). */
export function requestLang(request: Request): Lang {
  return langOfPath(new URL(request.url).pathname);
}

/** The page's language as the GraphQL schema names it. */
export function requestLanguage(request: Request): 'EN' | 'HI' {
  return requestLang(request) === 'hi' ? 'HI' : 'EN';
}

/** A query's answer as a route renders it; `error` is a message, as the page shows it. */
export interface QueryOutcome<T> {
  data: T | null;
  error: string | null;
}

/** The answer to a question a loader had no reason to ask (no page named, no post found). */
export const NOT_ASKED: QueryOutcome<never> = { data: null, error: null };

/**
 * Data a route renders. The server awaits every loader before it renders, so a route always gets
 * the value itself; a part given still pending is shown as its loading state (useReady).
 */
export type Deferred<T> = T | Promise<T>;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs one query for a loader. Never rejects: a page renders what it has and shows the error
 * (brief §8), and partial data with errors is kept (errorPolicy 'all').
 */
export async function runQuery<T, V extends OperationVariables>(
  context: unknown,
  query: TypedDocumentNode<T, V>,
  variables?: V,
): Promise<QueryOutcome<T>> {
  const client = serverClient(context);
  if (!client) return { data: null, error: 'Route data is asked for on the server only.' };
  try {
    const result = await client.query({ query, variables: variables as V });
    return {
      data: (result.data as T | undefined) ?? null,
      error: result.error ? messageOf(result.error) : null,
    };
  } catch (error) {
    return { data: null, error: messageOf(error) };
  }
}

/** A loader's answer, every part awaited (together): the page renders whole in one pass. */
export async function settle<T extends Record<string, unknown>>(
  parts: T,
): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const entries = await Promise.all(Object.entries(parts).map(async ([k, v]) => [k, await v] as const));
  return Object.fromEntries(entries) as { [K in keyof T]: Awaited<T[K]> };
}

/** The current route's loader data, typed from its loader. */
export function useRouteData<L extends (args: LoaderFunctionArgs) => unknown>(): Awaited<ReturnType<L>> {
  return useLoaderData() as Awaited<ReturnType<L>>;
}

/**
 * A loader's value: there once the server has awaited it (always, when a route renders); undefined
 * for a value still pending, which a route shows as its loading state.
 */
export function useReady<T>(value: Deferred<T>): T | undefined {
  return value instanceof Promise ? undefined : value;
}
