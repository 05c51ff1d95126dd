import { randomUUID } from 'node:crypto';

/**
 * The caller's X-Request-Id when it is a short plain token, so one id follows a request from a
 * proxy through this server to the gateway; anything else gets a new id. The rule is the gateway's
 * (requestIdFrom in gateway/src/http.ts): the id is echoed in a response header and written to
 * both services' logs, where a visitor's markup, spaces or line breaks have no place.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}
