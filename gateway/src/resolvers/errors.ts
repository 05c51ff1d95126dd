// Errors the web can act on: a stable extensions.code and a message it may show.
import { GraphQLError } from 'graphql';
import { UpstreamError } from '../sources/rest.js';

export function upstreamUnavailable(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
}

/** Codes whose messages are written for visitors and survive production masking. */
export const PUBLIC_ERROR_CODES: ReadonlySet<string> = new Set([
  'UPSTREAM_UNAVAILABLE',
  'BAD_USER_INPUT',
  'NOT_IMPLEMENTED',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'RATE_LIMITED',
  'FORBIDDEN',
]);

/** An error as a log line keeps it: with WordPress's own error code (rest_not_logged_in, ...) when it sent one. */
export function errorSummary(error: unknown): { message: string; name?: string; code?: string } {
  if (error instanceof UpstreamError && error.code)
    return { message: error.message, name: error.name, code: error.code };
  return error instanceof Error ? { message: error.message, name: error.name } : { message: String(error) };
}
