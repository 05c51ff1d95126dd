// A WordPress stand-in on loopback for integration tests: /wp-json/wp/v2/* (and ?rest_route=) answered by the embedded
// source over a snapshot recorded in WordPress's REST shape (same headers: X-WP-Total,
// X-WP-TotalPages; same error bodies), plus /wp-content/uploads/* from a directory. Fault modes
// reproduce what a failing WordPress does on the wire, and every request is counted: REST requests
// per path, uploads (image fetches) apart.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { createEmbeddedSourceFromSnapshot, type ContentSnapshot } from '../src/sources/embedded/source.js';
import { UpstreamError, type RestQuery } from '../src/sources/rest.js';

export type FaultMode =
  | 'timeout'
  | '500'
  | '502'
  | '503'
  | 'malformed'
  | 'truncated'
  | 'wrong-content-type'
  | 'wrong-shape'
  | 'empty'
  | 'refused'
  /** WordPress with its REST API closed to visitors who are not logged in (a security plugin). */
  | 'login-required'
  /** A firewall in front of WordPress refusing the request with a page of its own. */
  | 'firewall'
  /** A route WordPress does not have (practice areas without the companion plugin). */
  | 'no-route';

export interface FaultOptions {
  /** Only requests whose REST path starts with this (e.g. '/media') fail. */
  path?: string;
  /** Fail only this many requests, then answer normally again. */
  times?: number;
}

export interface FakeStats {
  /** REST requests and their bytes; uploads are counted apart, in `uploads`. */
  requests: number;
  bytes: number;
  /** Per REST path. */
  byPath: Record<string, { requests: number; bytes: number }>;
  /** Every REST request as `path?query`, in arrival order. */
  log: string[];
  /** Files served from /wp-content/uploads/ (the images the gateway fetches) and their bytes. */
  uploads: { requests: number; bytes: number };
}

export interface FakeWordPress {
  /** Site root, e.g. http://127.0.0.1:41234 (the REST API is under /wp-json/wp/v2). */
  readonly url: string;
  readonly stats: FakeStats;
  resetStats(): void;
  /** Answers from now on with this content (an editor published a change). */
  setSnapshot(snapshot: ContentSnapshot): void;
  fault(mode: FaultMode | null, options?: FaultOptions): Promise<void>;
  /**
   * Answers as a WordPress without the companion plugin's `featured_image` field (the field is left
   * out), so the gateway has to look the images up by id.
   */
  withoutFeaturedImage(on: boolean): void;
  /**
   * Answers as a WordPress with plain permalinks: under /wp-json/ a redirect, then its home page;
   * the API only at ?rest_route= (which it always answers, as every WordPress does).
   */
  withPlainPermalinks(on: boolean): void;
  /**
   * The autosaves WordPress keeps of an item (by id), as `/{type}/{id}/autosaves` lists them:
   * newest first, each with the text an editor typed and when (`modified_gmt`).
   */
  setAutosaves(id: number, autosaves: readonly unknown[]): void;
  close(): Promise<void>;
}

/** The application password the fake accepts for `context=edit` (drafts, autosaves). */
export interface FakeCredentials {
  user: string;
  appPassword: string;
}

/** A post, page or practice_area as WordPress answers it with `context=edit` (raw and rendered text). */
function editContextOf(item: Record<string, unknown>): Record<string, unknown> {
  const text = (field: unknown) => {
    const rendered = (field as { rendered?: unknown } | undefined)?.rendered;
    return { ...(field as object), raw: typeof rendered === 'string' ? rendered : '' };
  };
  const draft = item.status !== 'publish';
  return {
    ...item,
    // WordPress gives a draft no slug (and no GMT date) until it is published; the editor shows the
    // one it would get.
    slug: draft ? '' : item.slug,
    generated_slug: item.slug,
    date_gmt: draft ? null : (item.date_gmt ?? null),
    permalink_template: `https://cms.test/%postname%/`,
    title: text(item.title),
    content: { ...text(item.content), block_version: 0 },
    excerpt: text(item.excerpt),
  };
}

const MESSAGES: Record<string, string> = {
  rest_invalid_param: 'Invalid parameter(s): per_page',
  rest_post_invalid_page_number: 'The page number requested is larger than the number of pages available.',
  rest_no_route: 'No route was found matching the URL and request method.',
  rest_post_invalid_id: 'Invalid post ID.',
  rest_forbidden: 'Sorry, you are not allowed to do that.',
};

function emptyStats(): FakeStats {
  return { requests: 0, bytes: 0, byPath: {}, log: [], uploads: { requests: 0, bytes: 0 } };
}

/** URLSearchParams -> RestQuery: repeated and `key[]` parameters become lists, as PHP reads them. */
function toQuery(params: URLSearchParams): RestQuery {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of params) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const existing = out[key];
    if (isList || existing !== undefined) {
      out[key] = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), value];
    } else {
      out[key] = value;
    }
  }
  return out;
}

export async function startFakeWordPress(options: {
  /** The content, or a function of the fake's own URL for content that links to the site itself. */
  snapshot: ContentSnapshot | ((url: string) => ContentSnapshot);
  uploadsDir?: string;
  /** Drafts and autosaves (`context=edit`) are answered only with these; without, never (401). */
  credentials?: FakeCredentials;
}): Promise<FakeWordPress> {
  let snapshot: ContentSnapshot | null = typeof options.snapshot === 'function' ? null : options.snapshot;
  let source: ReturnType<typeof createEmbeddedSourceFromSnapshot> | null = snapshot
    ? createEmbeddedSourceFromSnapshot(snapshot)
    : null;
  const autosaves = new Map<number, readonly unknown[]>();
  const authorization = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.appPassword}`).toString('base64')}`
    : null;
  let stats = emptyStats();
  let fault: { mode: FaultMode; path: string; remaining: number } | null = null;
  let featuredImages = true;
  let plainPermalinks = false;
  const sockets = new Set<Socket>();
  const held = new Set<http.ServerResponse>();

  function count(restPath: string, bytes: number) {
    stats.bytes += bytes;
    const entry = (stats.byPath[restPath] ??= { requests: 0, bytes: 0 });
    entry.bytes += bytes;
  }

  function send(
    res: http.ServerResponse,
    restPath: string,
    status: number,
    body: string,
    headers: http.OutgoingHttpHeaders = {},
  ) {
    const bytes = Buffer.byteLength(body);
    count(restPath, bytes);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': bytes,
      ...headers,
    });
    res.end(body);
  }

  function activeFault(restPath: string): FaultMode | null {
    if (!fault || !restPath.startsWith(fault.path)) return null;
    if (fault.remaining === 0) return null;
    if (fault.remaining > 0) fault.remaining -= 1;
    return fault.mode;
  }

  async function serveUpload(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    const root = options.uploadsDir;
    const rel = decodeURIComponent(pathname.slice('/wp-content/uploads/'.length));
    const file = root ? path.join(root, rel) : '';
    if (!root || !file.startsWith(root + path.sep) || rel.includes('\0')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const info = await stat(file);
      stats.uploads.requests += 1;
      stats.uploads.bytes += info.size;
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': info.size });
      createReadStream(file).pipe(res);
    } catch {
      res.writeHead(404).end();
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.wordpress');
      if (url.pathname.startsWith('/wp-content/uploads/')) return serveUpload(req, res, url.pathname);
      // Every WordPress also answers at ?rest_route= (with plain permalinks, only there).
      const restRoute = url.pathname === '/' ? url.searchParams.get('rest_route') : null;
      // The index (its namespaces), at either address; down with the whole WordPress.
      if (restRoute === '/' || (url.pathname === '/wp-json/' && !plainPermalinks)) {
        if (fault && fault.path === '/' && fault.mode !== 'wrong-shape' && fault.mode !== 'empty') {
          res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Unavailable</body></html>');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        return res.end(JSON.stringify({ namespaces: ['oembed/1.0', 'lawfirm/v1', 'wp/v2'] }));
      }
      if (plainPermalinks && url.pathname.startsWith('/wp-json')) {
        // As WordPress with plain permalinks: a slash added, then its home page.
        if (!url.pathname.endsWith('/')) {
          res.writeHead(301, { location: `${url.pathname}/${url.search}` }).end();
          return;
        }
        res
          .writeHead(200, { 'content-type': 'text/html; charset=UTF-8' })
          .end('<!doctype html><title>Home</title>');
        return;
      }
      let restPath: string;
      let search: string;
      if (restRoute?.startsWith('/wp/v2/')) {
        restPath = restRoute.slice('/wp/v2'.length);
        // The query as the client wrote it, less rest_route (first, as the gateway writes it).
        search = url.search.replace(/^\?rest_route=[^&]*&?/, '?').replace(/^\?$/, '');
      } else if (url.pathname.startsWith('/wp-json/wp/v2/')) {
        restPath = url.pathname.slice('/wp-json/wp/v2'.length);
        search = url.search;
      } else {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
        return;
      }
      const params = new URLSearchParams(search);
      stats.requests += 1;
      stats.log.push(`${restPath}${search}`);
      (stats.byPath[restPath] ??= { requests: 0, bytes: 0 }).requests += 1;

      const mode = activeFault(restPath);
      switch (mode) {
        case 'timeout':
          // Never answers; released when the test closes the server.
          held.add(res);
          return;
        case '500':
        case '502':
        case '503':
          if (mode === '500') {
            return send(
              res,
              restPath,
              500,
              JSON.stringify({
                code: 'internal_server_error',
                message: 'Critical error.',
                data: { status: 500 },
              }),
            );
          }
          res.writeHead(Number(mode), { 'content-type': 'text/html' });
          count(restPath, 40);
          return res.end('<html><body>Bad gateway</body></html>\n');
        case 'malformed':
          return send(
            res,
            restPath,
            200,
            '<br />\n<b>Warning</b>: Undefined index in functions.php<br />\n[{"id":1',
          );
        case 'wrong-content-type':
          res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
          count(restPath, 44);
          return res.end('<!doctype html><html><body>Hello</body></html>');
        case 'wrong-shape':
          return send(res, restPath, 200, JSON.stringify({ posts: [] }));
        // The bodies a real WordPress sends (recorded from the loopback WordPress).
        case 'login-required':
          return send(
            res,
            restPath,
            401,
            JSON.stringify({
              code: 'rest_not_logged_in',
              message: 'You are not currently logged in.',
              data: { status: 401 },
            }),
          );
        case 'no-route':
          return send(
            res,
            restPath,
            404,
            JSON.stringify({
              code: 'rest_no_route',
              message: 'No route was found matching the URL and request method.',
              data: { status: 404 },
            }),
          );
        case 'firewall':
          res.writeHead(403, { 'content-type': 'text/html' });
          count(restPath, 48);
          return res.end('<html><body>403 Forbidden: blocked</body></html>\n');
        case 'empty':
          return send(res, restPath, 200, '[]', { 'x-wp-total': '0', 'x-wp-totalpages': '0' });
        case 'truncated': {
          res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': 5000 });
          count(restPath, 9);
          res.write('[{"id": 1');
          // Let the partial body reach the client before the connection drops.
          setTimeout(() => res.socket?.destroy(), 5);
          return;
        }
        default:
          break;
      }

      // The editor's view of an item (context=edit) and its autosaves: for the application password only.
      const edit = /^\/(posts|pages|practice_areas)\/(\d+)(\/autosaves)?$/.exec(restPath);
      if (edit && (params.get('context') === 'edit' || edit[3])) {
        if (authorization === null || req.headers.authorization !== authorization) {
          const status = 401;
          return send(
            res,
            restPath,
            status,
            JSON.stringify({
              code: 'rest_forbidden_context',
              message: 'Sorry, you are not allowed to edit posts in this post type.',
              data: { status },
            }),
          );
        }
        const collection = edit[1] as 'posts' | 'pages' | 'practice_areas';
        const item = (snapshot?.[collection] ?? []).find(
          (i) => Number((i as { id?: unknown }).id) === Number(edit[2]),
        ) as Record<string, unknown> | undefined;
        if (!item) {
          const body = {
            code: 'rest_post_invalid_id',
            message: MESSAGES.rest_post_invalid_id,
            data: { status: 404 },
          };
          return send(res, restPath, 404, JSON.stringify(body));
        }
        const body = edit[3] ? (autosaves.get(Number(edit[2])) ?? []) : editContextOf(item);
        return send(res, restPath, 200, JSON.stringify(body));
      }

      try {
        if (!source) throw new Error('snapshot not ready');
        const answer = await source.get(restPath, toQuery(params));
        const headers: http.OutgoingHttpHeaders = {};
        if (answer.total !== null) headers['x-wp-total'] = String(answer.total);
        if (answer.totalPages !== null) headers['x-wp-totalpages'] = String(answer.totalPages);
        // Without the companion plugin WordPress has no such field.
        const body = JSON.stringify(answer.body, (key, value: unknown) =>
          !featuredImages && key === 'featured_image' ? undefined : value,
        );
        send(res, restPath, 200, body, headers);
      } catch (error) {
        const status = error instanceof UpstreamError && error.status ? error.status : 500;
        const code = error instanceof UpstreamError && error.code ? error.code : 'internal_server_error';
        send(
          res,
          restPath,
          status,
          JSON.stringify({ code, message: MESSAGES[code] ?? 'Error.', data: { status } }),
        );
      }
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      for (const res of held) res.destroy();
      held.clear();
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  const port = await listen(0);
  if (typeof options.snapshot === 'function') {
    snapshot = options.snapshot(`http://127.0.0.1:${port}`);
    source = createEmbeddedSourceFromSnapshot(snapshot);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    get stats() {
      return stats;
    },
    resetStats() {
      stats = emptyStats();
    },
    withoutFeaturedImage(on) {
      featuredImages = !on;
    },
    withPlainPermalinks(on) {
      plainPermalinks = on;
    },
    setSnapshot(next) {
      snapshot = next;
      source = createEmbeddedSourceFromSnapshot(next);
    },
    setAutosaves(id, list) {
      autosaves.set(id, list);
    },
    async fault(mode, faultOptions = {}) {
      const wasRefusing = fault?.mode === 'refused';
      fault =
        mode === null ? null : { mode, path: faultOptions.path ?? '/', remaining: faultOptions.times ?? -1 };
      for (const res of held) res.destroy();
      held.clear();
      if (mode === 'refused' && !wasRefusing) await stopListening();
      if (mode !== 'refused' && wasRefusing) await listen(port);
    },
    close: stopListening,
  };
}
