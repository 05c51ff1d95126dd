// A switchable fault between the gateway and WordPress, on loopback: it forwards requests to the
// real upstream (the fake WordPress serving the recorded snapshot) or answers the way a failing
// WordPress host does on the wire. Every REST request that reaches it is counted.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAULTS = [
  'refused',
  '500',
  '502',
  '503',
  'slow',
  'malformed',
  'truncated',
  'wrong-content-type',
  'huge',
] as const;
export type Fault = (typeof FAULTS)[number];

export interface FaultProxy {
  /** Site root to give the gateway as WORDPRESS_URL. */
  readonly url: string;
  /** REST requests that reached the proxy (refused connections cannot be counted here). */
  readonly requests: number;
  /** Body bytes handed to the gateway per 'huge' answer (each offered 50 MB). */
  readonly hugeSent: readonly number[];
  set(fault: Fault | null): Promise<void>;
  close(): Promise<void>;
}

export const HUGE_BYTES = 50 * 1024 * 1024;

export async function startFaultProxy(options: {
  /** Site root of the real upstream. */
  upstream: string;
  /** How long 'slow' holds an answer (longer than the gateway's UPSTREAM_TIMEOUT_MS). */
  slowMs: number;
}): Promise<FaultProxy> {
  const upstream = new URL(options.upstream);
  let fault: Fault | null = null;
  let requests = 0;
  let hugeSent: number[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  function forward(req: http.IncomingMessage, res: http.ServerResponse, transform?: 'truncate') {
    const out = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (up) => {
        if (transform !== 'truncate') {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        // The real headers (with the full Content-Length), half of the body, then the connection drops.
        const chunks: Buffer[] = [];
        up.on('data', (c: Buffer) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          res.writeHead(up.statusCode ?? 200, up.headers);
          res.write(body.subarray(0, Math.floor(body.length / 2)));
          const timer = setTimeout(() => res.socket?.destroy(), 5);
          timers.add(timer);
        });
      },
    );
    out.on('error', () => res.socket?.destroy());
    req.pipe(out);
  }

  function huge(res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    const item = Buffer.from(`{"id":1,"slug":"x","title":{"rendered":"${'x'.repeat(4000)}"}},`);
    let sent = 0;
    let closed = false;
    const index = hugeSent.push(0) - 1;
    res.on('close', () => {
      closed = true;
    });
    res.write('[');
    const pump = () => {
      while (!closed && sent < HUGE_BYTES) {
        sent += item.length;
        const ok = res.write(item, (error) => {
          if (!error) hugeSent[index] = (hugeSent[index] ?? 0) + item.length;
        });
        if (!ok) return void res.once('drain', pump);
      }
      if (!closed) res.end('{}]');
    };
    pump();
  }

  const server = http.createServer((req, res) => {
    requests += 1;
    switch (fault) {
      case null:
      case 'refused':
        return forward(req, res);
      case '500':
        res.writeHead(500, { 'content-type': 'application/json; charset=UTF-8' });
        return void res.end(
          JSON.stringify({
            code: 'internal_server_error',
            message: '<p>There has been a critical error on this website.</p>',
            data: { status: 500 },
          }),
        );
      case '502':
      case '503':
        res.writeHead(Number(fault), { 'content-type': 'text/html; charset=UTF-8', 'retry-after': '60' });
        return void res.end(`<html><body><h1>${fault} Service Unavailable</h1></body></html>`);
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) forward(req, res);
        }, options.slowMs);
        timers.add(timer);
        return;
      }
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        return void res.end(
          '<br />\n<b>Fatal error</b>: Allowed memory size exhausted in wp-includes/class-wpdb.php<br />\n[{"id":',
        );
      case 'truncated':
        return forward(req, res, 'truncate');
      case 'wrong-content-type':
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
        return void res.end(
          '<!doctype html><html><body>Briefly unavailable for scheduled maintenance.</body></html>',
        );
      case 'huge':
        return huge(res);
    }
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
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      if (!server.listening) return resolve();
      server.close(() => resolve());
    });

  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get hugeSent() {
      return hugeSent;
    },
    async set(next) {
      const wasRefusing = fault === 'refused';
      fault = next;
      hugeSent = [];
      // Nothing listens while refusing: connections are refused by the kernel, as for a host that is down.
      if (next === 'refused' && !wasRefusing) await stop();
      if (next !== 'refused' && wasRefusing) await listen(port);
      if (next === null) {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      }
    },
    close: stop,
  };
}
