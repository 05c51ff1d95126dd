// Fuzzed paths, slugs, search strings, GraphQL variables and headers against the site as production
// runs it (gateway and web server in their own processes): at least 10 000 requests, no 5xx, no
// dropped connection, no error in either log, and both processes still up at the end.
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Fuzzer, prng } from './lib/fuzz.js';
import { figure, startChildSite, type ChildSite } from './lib/servers.js';

const TOTAL = Number(process.env.HARDENING_FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.HARDENING_SEED ?? 20261121);
const CONCURRENCY = 12;

interface Sent {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Straight to the gateway rather than through the web server. */
  direct?: boolean;
}

let site: ChildSite;
let outbox: string;

beforeAll(async () => {
  outbox = mkdtempSync(path.join(os.tmpdir(), 'hardening-fuzz-outbox-'));
  site = await startChildSite({
    // The limits are tested elsewhere (headers.test.ts); here every request must reach the handlers.
    gateway: { RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_WRITES: '0', OUTBOX_DIR: outbox },
    web: { TRUST_PROXY: 'loopback' },
  });
});
afterAll(async () => {
  await site?.close();
  if (outbox) rmSync(outbox, { recursive: true, force: true });
});

const HEADER_NAMES = [
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
  'if-none-match',
  'if-modified-since',
  'range',
  'referer',
  'user-agent',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'forwarded',
  'origin',
  'content-type',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'x-purge-signature',
  'x-purge-timestamp',
];

const GRAPHQL_QUERIES = [
  'query($slug: String!) { post(slug: $slug) { title contentHtml toc { id text } } }',
  'query($slug: String!) { page(slug: $slug) { title contentHtml } }',
  'query($slug: String!) { practiceArea(slug: $slug) { title services { title } } }',
  'query($s: String, $c: String, $f: Int, $p: Int) { posts(search: $s, categorySlug: $c, first: $f, page: $p) { totalCount nodes { slug } } }',
  'query($x: String) { posts(excludeSlug: $x, first: 6) { nodes { slug } } }',
  'mutation($input: EnquiryInput!) { submitEnquiry(input: $input) { ok fieldErrors { field message } } }',
];

function build(f: Fuzzer, knownPages: string[]): Sent {
  const roll = f.int(100);
  if (roll < 6) return { kind: 'path', method: 'GET', path: f.path(), headers: {} };
  if (roll < 9) {
    const param = f.pick(['q', 'category', 'page', 'q', 'utm_source']);
    return {
      kind: 'search',
      method: 'GET',
      path: `/blog?${param}=${encodeURIComponent(f.text().replace(/[\ud800-\udfff]/g, ''))}`,
      headers: {},
    };
  }
  if (roll < 45) {
    const query = f.pick(GRAPHQL_QUERIES);
    const value = () =>
      f.chance(0.8) ? f.text() : f.pick([null, 1, -1, 1e308, true, [], {}, 'x'.repeat(5000)]);
    const variables = {
      slug: value(),
      s: value(),
      c: value(),
      x: value(),
      f: f.pick([1, 0, -5, 100, 101, 2 ** 31, null, 'ten']),
      p: f.pick([1, 2, 0, -1, 99999, null, 1.5]),
      input: {
        name: value(),
        email: value(),
        phone: value(),
        message: value(),
        subject: value(),
        practiceArea: value(),
        website: f.chance(0.1) ? 'spam' : null,
        elapsedMs: f.pick([0, 5000, -1, null]),
      },
    };
    const body = f.chance(0.1)
      ? f.pick([
          f.text(),
          JSON.stringify({ query: f.text() }),
          JSON.stringify({ query, variables: f.text() }),
          JSON.stringify([{ query }]),
          '{"query":',
          '',
        ])
      : JSON.stringify({ query, variables });
    return {
      kind: 'graphql',
      // Half straight to the gateway, half through the web server's pass-through.
      direct: f.chance(0.5),
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': f.chance(0.9) ? 'application/json' : f.headerValue() },
      body,
    };
  }
  // Fuzzed headers on pages the cache already holds (and on /graphql, files and feeds).
  const headers: Record<string, string> = {};
  const n = 1 + f.int(5);
  for (let i = 0; i < n; i++) headers[f.pick(HEADER_NAMES)] = f.headerValue();
  if (f.chance(0.05)) headers[`x-${f.int(1e6)}`] = 'y'.repeat(f.int(6000));
  const target = f.pick(knownPages);
  if (target === '/graphql') {
    return {
      kind: 'headers',
      method: 'POST',
      path: target,
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"query":"{ site { name } }"}',
    };
  }
  return { kind: 'headers', method: f.pick(['GET', 'GET', 'GET', 'HEAD']), path: target, headers };
}

function send(agent: http.Agent, port: number, req: Sent): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    r.setTimeout(30_000, () => r.destroy(new Error('timed out')));
    r.on('error', reject);
    r.end(req.body);
  });
}

/** Requests Node's HTTP parser itself must turn away: the answer may be 4xx, never silence or 5xx. */
const MALFORMED = [
  'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello',
  'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
  'BREW /coffee HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  'POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n',
  'GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
  'GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n',
  `GET /${'a'.repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  'GET / HTTP/1.1\r\n' + 'X: y\r\n'.repeat(3000) + '\r\n',
];

function rawStatus(port: number, request: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request, 'latin1'));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (data.includes('\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on('error', () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

it(`answers ${TOTAL} fuzzed requests without a 5xx or an error in the logs`, async () => {
  const webPort = Number(new URL(site.web.url).port);
  const gatewayPort = Number(new URL(site.gateway.url).port);
  const home = await (await fetch(site.web.url)).text();
  const asset = /"(\/assets\/[\w.-]+\.js)"/.exec(home)?.[1] ?? '/favicon.ico';
  const knownPages = [
    '/',
    '/blog',
    '/blog/how-to-file-for-divorce-in-india',
    '/practice-areas/family-law',
    '/graphql',
    asset,
    '/feed.xml',
    '/sitemap.xml',
    '/no-such-page',
  ];
  const f = new Fuzzer(prng(SEED));
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const byKind = new Map<string, { sent: number; statuses: Map<number, number> }>();
  const failures: string[] = [];
  let next = 0;
  const requests = Array.from({ length: TOTAL }, () => build(f, knownPages));

  async function worker() {
    while (next < requests.length) {
      const req = requests[next++]!;
      let status: number;
      try {
        status = await send(agent, req.direct ? gatewayPort : webPort, req);
      } catch (error) {
        status = -1;
        failures.push(`${req.method} ${req.path.slice(0, 120)}: ${(error as Error).message}`);
      }
      if (status >= 500)
        failures.push(`${status} ${req.method} ${req.path.slice(0, 120)} ${req.body?.slice(0, 200) ?? ''}`);
      const entry = byKind.get(req.kind) ?? { sent: 0, statuses: new Map<number, number>() };
      entry.sent += 1;
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
      byKind.set(req.kind, entry);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();

  const malformed: number[] = [];
  for (const raw of MALFORMED) {
    for (const port of [webPort, gatewayPort]) malformed.push(await rawStatus(port, raw));
  }

  expect(failures.slice(0, 20)).toEqual([]);
  // Node answers what it cannot parse with a 4xx (or, for an absolute-form URL, the site answers it).
  for (const status of malformed) expect(status === 0 || (status >= 200 && status < 500)).toBe(true);

  // Both processes are still up and answering.
  for (const child of [site.web, site.gateway]) {
    expect(
      child.exitCode(),
      `${child.name}, its last output:\n${child.text.slice(-20).join('\n')}`,
    ).toBeNull();
    expect((await fetch(`${child.url}/healthz`)).status, child.name).toBe(200);
  }
  // Nothing unexpected in the logs: no error lines, no stack traces on stderr.
  const errors = [...site.web.logs, ...site.gateway.logs].filter((line) => line.level >= 50);
  expect(errors.map((e) => `${e.msg} ${JSON.stringify(e).slice(0, 300)}`)).toEqual([]);
  expect([...site.web.text, ...site.gateway.text].filter((line) => /error|at /i.test(line))).toEqual([]);

  const total = [...byKind.values()].reduce((n, e) => n + e.sent, 0) + malformed.length;
  expect(total).toBeGreaterThanOrEqual(10_000);
  figure(
    'fuzz',
    `${total} requests (seed ${SEED}), 0 answered 5xx, 0 dropped; ` +
      [...byKind.entries()]
        .map(
          ([kind, e]) =>
            `${kind} ${e.sent} [${[...e.statuses.entries()]
              .sort((a, b) => a[0] - b[0])
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')}]`,
        )
        .join('; ') +
      `; malformed on the wire ${malformed.length} [${[...new Set(malformed)].sort().join(' ')}]; ` +
      `0 error lines in ${site.web.logs.length + site.gateway.logs.length} log lines`,
  );
});
