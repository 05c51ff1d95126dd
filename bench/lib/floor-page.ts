// The Lighthouse part's baseline: the least a page of this site can cost on this machine. Lighthouse's
// simulated phone scales every main-thread task of the recorded load, the browser's own too: the
// commit of the navigation (with Cross-Origin-Opener-Policy, in a renderer process of its own, whose
// V8 context is made while the browser's other processes compete for the same two cores) lands in
// the total blocking time of every page. So the part also measures a document with nothing in it but
// a heading and a paragraph, sent with the headers the site sends, spread among the pages' runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteSecurityHeaders } from '../../packages/server-kit/src/security-headers.js';

/**
 * The headers that decide how the browser commits and runs a page: the names of the site's security
 * headers (with HSTS, sent only on https), their values as the running site sent them.
 */
const KEPT_HEADERS = Object.keys(siteSecurityHeaders({ hsts: true, imgOrigins: [] }));

export const FLOOR_HTML =
  '<!doctype html><html lang="en-IN"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Law Partners</title><meta name="description" content="The floor of the Lighthouse figures.">' +
  '</head><body><main><h1>Criminal Defence Since 1985</h1>' +
  '<p>Trusted criminal defence when your future is at stake.</p></main></body></html>';

/** The floor page's headers: the site's security headers as the site sent them, and its own type and length. */
export function floorHeaders(site: Headers, bodyLength: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = site.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['content-type'] = 'text/html; charset=utf-8';
  headers['content-length'] = String(bodyLength);
  headers['cache-control'] = 'no-store';
  return headers;
}

/** Serves FLOOR_HTML on loopback with `headers`; the floor page is at the returned url. */
export async function startFloorServer(site: Headers): Promise<{ url: string; close: () => Promise<void> }> {
  const body = Buffer.from(FLOOR_HTML);
  const headers = floorHeaders(site, body.length);
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/') {
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } else {
      res.writeHead(404, { 'content-length': '0' });
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** After which of `pages` pages (0-based) each of `runs` floor runs goes: spread evenly, the last after the last page. */
export function floorRunSlots(pages: number, runs: number): number[] {
  return Array.from({ length: runs }, (_, j) => Math.max(0, Math.ceil(((j + 1) * pages) / runs) - 1));
}
