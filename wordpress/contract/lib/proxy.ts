// A loopback proxy in front of WordPress: counts what passes, and can hold WordPress's answer to
// chosen requests (already computed by WordPress) until released, to put an answer "in flight"
// across an event such as a purge.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldAnswer {
  path: string;
  release(): void;
}

export interface WordPressProxy {
  url: string;
  requests: string[];
  /** Holds WordPress's answers to requests whose path matches, until each is released. */
  hold(match: (path: string) => boolean): void;
  /** Resolves with the next answer held. */
  nextHeld(): Promise<HeldAnswer>;
  close(): Promise<void>;
}

export async function startWordPressProxy(target: string): Promise<WordPressProxy> {
  const requests: string[] = [];
  let matcher: ((path: string) => boolean) | null = null;
  const held: HeldAnswer[] = [];
  const waiting: Array<(h: HeldAnswer) => void> = [];

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const upstream = await fetch(`${target}${path}`, {
          method: req.method,
          headers: { accept: String(req.headers.accept ?? '*/*') },
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        });
        const body = Buffer.from(await upstream.arrayBuffer());
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'x-wp-total', 'x-wp-totalpages']) {
          const value = upstream.headers.get(name);
          if (value !== null) headers[name] = value;
        }
        const send = () => {
          res.writeHead(upstream.status, { ...headers, 'content-length': body.length });
          res.end(body);
        };
        if (matcher?.(path)) {
          matcher = null;
          const answer = { path, release: send };
          const waiter = waiting.shift();
          if (waiter) waiter(answer);
          else held.push(answer);
        } else {
          send();
        }
      })().catch(() => {
        res.writeHead(502);
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    hold(match) {
      matcher = match;
    },
    nextHeld() {
      const ready = held.shift();
      return ready ? Promise.resolve(ready) : new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
