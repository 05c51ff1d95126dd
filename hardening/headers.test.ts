// Security headers on every kind of response, request bodies bounded on both servers, and per-client
// rate limits that key on the real client: X-Forwarded-For is believed only from trusted proxies.
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure, startGateway, startWeb, type RunningGateway, type RunningWeb } from './lib/servers.js';

const SUBMIT = `mutation($input: EnquiryInput!) { submitEnquiry(input: $input) { ok } }`;
const ENQUIRY = {
  name: 'A',
  email: 'a@example.in',
  phone: '+91 98765 43210',
  message: 'Please call me back.',
};

/** One request over a raw socket, for what fetch refuses to send. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('raw request timed out')));
  });
}

function headersOfRaw(response: string): Headers {
  const headers = new Headers();
  for (const line of response.split('\r\n\r\n')[0]!.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

interface Checked {
  label: string;
  status: number;
  headers: Headers;
  body?: string;
}

/** The policy every response of the site carries; returns the nonce of its CSP. */
function expectSitePolicy({ label, headers }: Checked, hsts: boolean): string {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, label).not.toBe('');
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(directives.get('object-src'), label).toEqual(["'none'"]);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('referrer-policy'), label).toBeTruthy();
  expect(headers.get('permissions-policy'), label).toMatch(/camera=\(\)/);
  if (hsts) expect(headers.get('strict-transport-security'), label).toMatch(/max-age=\d{7,}/);
  else expect(headers.get('strict-transport-security'), label).toBeNull();
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scripts.join(' '))?.[1];
  expect(nonce, `${label}: a per-response nonce`).toBeTruthy();
  return nonce!;
}

describe('headers on every response (HSTS=on)', () => {
  let gw: RunningGateway;
  let web: RunningWeb;
  beforeAll(async () => {
    gw = await startGateway({ HSTS: 'on' });
    web = await startWeb(gw.url, { HSTS: 'on' });
  });
  afterAll(async () => {
    await web?.close();
    await gw?.close();
  });

  it('pages, files, /graphql, redirects, errors and 404 all carry the policy with a fresh nonce', async () => {
    const home = await fetch(`${web.url}/`);
    const homeHtml = await home.text();
    const asset = /"(\/assets\/[\w.-]+\.js)"/.exec(homeHtml)?.[1];
    const image = /<img[^>]+src="(\/[^"]+\.(?:jpg|png|svg))"/.exec(homeHtml)?.[1];
    expect(asset).toBeTruthy();
    const requests: Array<[string, string, RequestInit?]> = [
      ['home', '/'],
      ['blog', '/blog'],
      ['post', '/blog/how-to-file-for-divorce-in-india'],
      ['practice page', '/practice-areas/family-law'],
      ['404 page', '/no/such/page/here'],
      ['redirect (legacy post URL)', '/criminal-defense/how-to-file-for-divorce-in-india'],
      ['script asset', asset!],
      ['image', image ?? '/logo.svg'],
      ['favicon', '/favicon.ico'],
      ['robots.txt', '/robots.txt'],
      ['sitemap', '/sitemap.xml'],
      ['RSS feed', '/feed.xml'],
      ['healthz', '/healthz'],
      [
        '/graphql POST',
        '/graphql',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ site { name } }"}',
        },
      ],
      ['/graphql GET refused by CSRF prevention', '/graphql?query=%7Bsite%7Bname%7D%7D'],
      ['405 (POST to a page)', '/', { method: 'POST', body: 'x' }],
      ['414 (URL too long)', `/${'a'.repeat(3000)}`],
      ['400 (unparseable URL)', '//[::1'],
    ];
    const checked: Checked[] = [];
    const nonces = new Set<string>();
    for (const [label, url, init] of requests) {
      const res = await fetch(web.url + url, { redirect: 'manual', ...init });
      const body = await res.text();
      const entry = { label: `${label} ${res.status}`, status: res.status, headers: res.headers, body };
      const nonce = expectSitePolicy(entry, true);
      expect(nonces.has(nonce), `${label}: nonce reused`).toBe(false);
      nonces.add(nonce);
      checked.push(entry);
      if ((res.headers.get('content-type') ?? '').includes('text/html')) {
        // Every inline element that may run or style carries this response's nonce.
        for (const tag of body.match(/<(?:script|style)\b[^>]*>/g) ?? []) {
          expect(tag, `${label}: ${tag}`).toContain(`nonce="${nonce}"`);
        }
      }
    }
    expect(checked.map((c) => c.status)).toEqual(expect.arrayContaining([200, 301, 400, 404, 405, 414]));

    // What Node itself would have answered (a request it cannot parse) carries the policy too.
    const bad = await rawRequest(Number(new URL(web.url).port), 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expectSitePolicy({ label: 'malformed request line', status: 400, headers: headersOfRaw(bad) }, true);
    const tooBig = await rawRequest(
      Number(new URL(web.url).port),
      `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(tooBig).toMatch(/^HTTP\/1\.1 431/);
    expectSitePolicy({ label: 'oversized headers', status: 431, headers: headersOfRaw(tooBig) }, true);

    // A 304 keeps the policy the browser already has for the page (its scripts carry the old nonce).
    const etag = home.headers.get('etag')!;
    const notModified = await fetch(`${web.url}/`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-security-policy')).toBeNull();
    expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');

    figure(
      'headers (site)',
      `${checked.length + 2} responses of ${new Set(checked.map((c) => c.status)).size + 2} statuses, each with CSP ` +
        `(per-response nonce, no 'unsafe-inline' scripts, frame-ancestors 'none'), nosniff, Referrer-Policy, ` +
        `Permissions-Policy, HSTS; ${nonces.size} distinct nonces`,
    );
  });

  it('Server-Timing: a fresh render splits WordPress (or cache), gateway and render time; a cached page does not', async () => {
    const path = '/practice-areas/criminal-defense/';
    const first = await fetch(`${web.url}${path}`);
    await first.arrayBuffer();
    const second = await fetch(`${web.url}${path}`);
    await second.arrayBuffer();
    const metrics = (res: Response) =>
      Object.fromEntries(
        (res.headers.get('server-timing') ?? '').split(',').map((m) => {
          const [name = '', ...params] = m.trim().split(';');
          return [name, params.join(';')];
        }),
      );
    const fresh = metrics(first);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(Object.keys(fresh)).toEqual(['page', 'wp', 'gateway', 'render']);
    for (const name of ['page', 'wp', 'gateway', 'render']) expect(fresh[name]).toMatch(/dur=\d+\.\d$/);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(Object.keys(metrics(second))).toEqual(['page']);
  });

  it("the gateway's own answers forbid scripts and framing outright", async () => {
    const requests: Array<[string, string, RequestInit?]> = [
      [
        'graphql',
        '/graphql',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ site { name } }"}',
        },
      ],
      ['healthz', '/healthz'],
      ['404', '/nope'],
      ['405', '/graphql', { method: 'DELETE' }],
      ['CSRF refusal', '/graphql?query=%7Bsite%7Bname%7D%7D'],
    ];
    for (const [label, url, init] of requests) {
      const res = await fetch(gw.base + url, init);
      await res.arrayBuffer();
      expect(res.headers.get('content-security-policy'), label).toMatch(
        /default-src 'none'.*frame-ancestors 'none'/,
      );
      expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(res.headers.get('strict-transport-security'), label).toMatch(/max-age/);
    }
    const bad = await rawRequest(gw.port, 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(headersOfRaw(bad).get('content-security-policy')).toMatch(/default-src 'none'/);
  });

  it('HSTS is on by default for an https site, off for an http one, and HSTS=on/off decides', async () => {
    const cases: Array<[env: Record<string, string>, hsts: boolean]> = [
      [{}, false],
      [{ SITE_URL: 'https://www.example.in' }, true],
      [{ SITE_URL: 'https://www.example.in', HSTS: 'off' }, false],
      [{ HSTS: 'on' }, true],
    ];
    for (const [env, hsts] of cases) {
      const web = await startWeb(gw.url, env);
      try {
        const res = await fetch(`${web.url}/healthz`);
        const label = `healthz ${JSON.stringify(env)}`;
        expectSitePolicy({ label, status: res.status, headers: res.headers }, hsts);
      } finally {
        await web.close();
      }
    }
  });

  it("a page showing the nonce placeholder's text shows it as text: the nonce is only in the nonce attributes", async () => {
    for (const path of ['/blog/?q=__CSP_NONCE__zz', '/blog/?q=__CSP_NONCE__zz&utm_source=x']) {
      const res = await fetch(web.url + path);
      const body = await res.text();
      const nonce = expectSitePolicy({ label: path, status: res.status, headers: res.headers }, true);
      const outside = body
        .replaceAll(`<meta name="csp-nonce" content="${nonce}">`, '')
        .replaceAll(` nonce="${nonce}"`, '');
      expect(outside, path).not.toContain(nonce);
      expect(body, path).toContain('__CSP_NONCE__zz');
      expect(body, path).toMatch(/<script type="module" nonce="[^"]+">/);
    }
  });

  it("the build's own files are not served, and X-Request-Id is echoed only when it is a plain token", async () => {
    for (const path of ['/.vite/manifest.json', '/%2evite/manifest.json']) {
      const res = await fetch(web.url + path);
      const body = await res.text();
      expect(res.status, path).toBe(404);
      expect(body, path).not.toContain('"isEntry"');
    }
    const plain = await fetch(`${web.url}/healthz`, { headers: { 'x-request-id': 'edge-42.a_b' } });
    expect(plain.headers.get('x-request-id')).toBe('edge-42.a_b');
    const hostile = await fetch(`${web.url}/healthz`, {
      headers: { 'x-request-id': '<img src=x onerror=alert(1)>' },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('request bodies are bounded on both servers', () => {
  let gw: RunningGateway;
  let web: RunningWeb;
  beforeAll(async () => {
    gw = await startGateway({ MAX_BODY_KB: '64' });
    web = await startWeb(gw.url, { MAX_BODY_KB: '32' });
  });
  afterAll(async () => {
    await web?.close();
    await gw?.close();
  });

  const body = (kb: number) =>
    JSON.stringify({ query: '{ site { name } }', variables: { pad: 'x'.repeat(kb * 1024) } });

  it('413 past MAX_BODY_KB, declared or streamed, and the normal answer below it', async () => {
    const declared = await fetch(`${web.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(40),
    });
    expect(declared.status).toBe(413);
    // No Content-Length: the limit is counted as the body streams in.
    const streamed = await fetch(`${web.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          const chunk = new TextEncoder().encode('x'.repeat(8 * 1024));
          for (let i = 0; i < 64; i++) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const small = await fetch(`${web.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(16),
    });
    expect(small.status).toBe(200);
    const direct = await fetch(gw.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body(80),
    });
    expect(direct.status).toBe(413);
    figure(
      'body limits',
      'web 413 past 32 KB (declared and streamed), gateway 413 past 64 KB; 16 KB answered 200',
    );
  });
});

describe('rate limits key on the real client', () => {
  let t = Date.UTC(2026, 5, 1);
  let gw: RunningGateway;
  let outbox: string;
  beforeAll(async () => {
    outbox = mkdtempSync(path.join(os.tmpdir(), 'hardening-outbox-'));
    gw = await startGateway(
      {
        RATE_LIMIT_GRAPHQL: '60',
        RATE_LIMIT_GRAPHQL_BURST: '10',
        RATE_LIMIT_WRITES: '6',
        RATE_LIMIT_WRITES_BURST: '3',
        ENQUIRY_RATE_LIMIT: '0',
        OUTBOX_DIR: outbox,
      },
      { now: () => t },
    );
  });
  afterAll(async () => {
    await gw?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  const query = (base: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ site { name } }' }),
    });

  async function statuses(n: number, send: (i: number) => Promise<Response>): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await send(i);
      await res.arrayBuffer();
      out.push(res.status);
    }
    return out;
  }

  it('a visitor gets the burst, then 429 with Retry-After; forged X-Forwarded-For buys nothing', async () => {
    const web = await startWeb(gw.url);
    try {
      const first = await statuses(10, (i) => query(web.url, { 'x-forwarded-for': `198.51.100.${i}` }));
      expect(first).toEqual(Array(10).fill(200));
      const refused = await query(web.url, { 'x-forwarded-for': '198.51.100.200' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const json = (await refused.json()) as {
        errors: Array<{ message: string; extensions: { code: string } }>;
      };
      expect(json.errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
      expect(json.errors[0]!.message).toMatch(/Too many requests: try again in \d+ s/);
      // The security headers are the site's, on a 429 too.
      expect(refused.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);

      // Pages are rendered through the gateway by the web server itself: not this visitor's budget.
      const page = await fetch(`${web.url}/blog?q=limits`);
      expect(page.status).toBe(200);

      // Waiting as long as Retry-After says is enough.
      t += Number(refused.headers.get('retry-after')) * 1000;
      expect((await query(web.url)).status).toBe(200);
    } finally {
      await web.close();
      gw.gateway.limits.graphql.clear();
    }
  });

  it('behind a trusted proxy (TRUST_PROXY), each visitor has a bucket of their own', async () => {
    const web = await startWeb(gw.url, { TRUST_PROXY: 'loopback' });
    try {
      const visitors = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
      for (const ip of visitors) {
        const seen = await statuses(10, () => query(web.url, { 'x-forwarded-for': ip }));
        expect(seen, ip).toEqual(Array(10).fill(200));
      }
      expect((await query(web.url, { 'x-forwarded-for': visitors[0]! })).status).toBe(429);
      // An address further left, written by the visitor, is not believed past the first untrusted hop.
      expect((await query(web.url, { 'x-forwarded-for': `9.9.9.9, ${visitors[1]}` })).status).toBe(429);
      expect((await query(web.url, { 'x-forwarded-for': '203.0.113.4' })).status).toBe(200);
    } finally {
      await web.close();
      gw.gateway.limits.graphql.clear();
    }
  });

  it('writes have a stricter bucket of their own, checked before the mutation runs', async () => {
    const web = await startWeb(gw.url);
    try {
      const send = () =>
        fetch(`${web.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: SUBMIT, variables: { input: { ...ENQUIRY } } }),
        });
      const seen = await statuses(4, send);
      expect(seen.slice(0, 3)).toEqual([200, 200, 200]);
      expect(seen[3]).toBe(429);
      // Reads are not held up by the write limit.
      expect((await query(web.url)).status).toBe(200);
      t += 10_000;
      expect((await send()).status).toBe(200);
      figure(
        'rate limits',
        '/graphql: burst 10 then 429 + Retry-After per visitor (forged X-Forwarded-For ignored without TRUST_PROXY, ' +
          'one bucket per visitor behind a trusted proxy, page renders exempt); mutations: burst 3 then 429',
      );
    } finally {
      await web.close();
    }
  });
});
