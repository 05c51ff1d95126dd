// What both servers answer the same way at the HTTP level: the Fastify they run, request ids, ETags
// and conditional requests, JSON and HTML text, errors from Fastify itself (bodies too large,
// unreadable bodies) and requests Node cannot even parse.
import { createHash, randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy.js';

/**
 * The caller's X-Request-Id when it is a short plain token, so one id follows a request from a
 * proxy through the web server to the gateway; anything else gets a new id. The id is echoed in a
 * response header and written to both services' logs, where a visitor's markup, spaces or line
 * breaks have no place.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : randomUUID();
}

/** A strong validator of a response body: the same bytes give the same tag on every replica. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * If-None-Match against our ETag, as RFC 9110 compares for GET: weak comparison, a list of tags,
 * or `*`. Compressing proxies turn "x" into W/"x", which must still match.
 *
 * @fastify/etag is not used for this: it compares the header as one value (a list never matches,
 * nor does `*`), and it tags every string or buffer it sees, so POSTed GraphQL answers and errors
 * would carry tags, and a page's tag would change with its per-response nonce. Pages, feeds and
 * GraphQL GET answers set the tag of their content and compare with this; files are tagged and
 * compared by @fastify/static (@fastify/send), which compares the same way.
 */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  if (value.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = bare(etag);
  return value.split(',').some((tag) => bare(tag) === ours);
}

/**
 * The status and message of an error a request ended in: what Fastify says of a client's mistake
 * (a body over the limit: 413, an unreadable one: 400, a media type it cannot read: 415), and 500
 * for everything else, whose message stays in the log. The message is safe to show: Fastify's own
 * words for a client's mistake, a fixed text for anything else.
 */
export function problemOf(error: unknown, bodyLimit: number) {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return { status, message: `Request body larger than ${bodyLimit} bytes` };
    const message =
      error instanceof Error && error.message ? error.message : (STATUS_CODES[status] ?? 'Bad Request');
    return { status, message };
  }
  return { status: 500, message: 'Internal server error' };
}

/**
 * The visitor's connection closed before the answer went out (a phone losing its signal, a load
 * test ending mid-answer): nothing is left to answer and the server did nothing wrong, so it is no
 * error to log. Fastify logs the same case at info when it happens after the headers.
 */
export function clientWentAway(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

type ClientErrorAnswer = (
  status: number,
  reason: string,
) => { headers: Record<string, string>; body: string };

/**
 * Fastify's `clientErrorHandler`: a request Node cannot parse (a bad request line, headers over the
 * limit) never reaches a route. It is answered with the server's headers and body, not Node's bare
 * default, and the connection is closed.
 */
export function clientErrorHandler(answer: ClientErrorAnswer) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const status =
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const reason = STATUS_CODES[status] ?? 'Bad Request';
    const { headers, body } = answer(status, reason);
    const lines = Object.entries({
      ...headers,
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${lines}\r\n${body}`);
  };
}

interface EdgeServerOptions extends Omit<
  FastifyServerOptions,
  'trustProxy' | 'genReqId' | 'logger' | 'clientErrorHandler'
> {
  trust: TrustProxy;
  /** The answer to a request Node cannot parse (see clientErrorHandler). */
  clientError: ClientErrorAnswer;
}

/**
 * Fastify as both servers run it: the client as `trust` allows, the request's id from X-Request-Id,
 * no log of Fastify's own (each server writes its request log with that id), and every body read
 * whole as bytes (up to `bodyLimit`), unparsed: the gateway answers a repeated query from its exact
 * bytes, the web server passes bodies on as they came.
 */
export function createEdgeServer({ trust, clientError, ...options }: EdgeServerOptions): FastifyInstance {
  const app = Fastify({
    ...options,
    trustProxy: fastifyTrustProxy(trust),
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    logger: false,
    clientErrorHandler: clientErrorHandler(clientError),
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  return app;
}

/** A JSON answer no cache keeps; `headers` are added (or replace these). */
export function sendJson(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return reply
    .code(status)
    .headers({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
    .send(JSON.stringify(body));
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML, in an element or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
