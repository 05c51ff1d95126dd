// A fixed-duration load run with autocannon, and a bare Node server answering fixed bytes (the
// ceiling a Node process on this machine can reach for the same response).
import http from 'node:http';
import autocannon from 'autocannon';
import { freePort } from './services.js';
import type { LoadFigures } from './report.js';

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export async function load(req: LoadRequest, seconds: number, connections = 10): Promise<LoadFigures> {
  const result = await autocannon({
    url: req.url,
    method: req.method ?? 'GET',
    headers: req.headers,
    body: req.body,
    connections,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function bareServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
