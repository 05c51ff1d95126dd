// GET /graphql in a browser: the self-hosted sandbox where it is on, otherwise a short page about the
// API, under the gateway's security headers. GraphQL clients get what they always got. Servers
// listen on loopback port 0.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../src/http.js';
import { startHarness, type Harness } from './harness.js';

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let sandboxDir: string;
beforeAll(async () => {
  sandboxDir = await mkdtemp(path.join(os.tmpdir(), 'sandbox-'));
  await writeFile(
    path.join(sandboxDir, 'index.html'),
    '<!doctype html><title>GraphiQL</title><script type="module" src="/graphql/sandbox/app.js"></script>',
  );
});
afterAll(async () => {
  await rm(sandboxDir, { recursive: true, force: true });
});

async function serve(env: Record<string, string>) {
  const h = await startHarness({ mode: 'embedded', env });
  const server = createHttpServer(h.gateway, { sandboxDir });
  await listen(server, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/graphql`;
  return { h, server, url };
}

async function close({ h, server }: { h: Harness; server: FastifyInstance }) {
  await server.close();
  await h.close();
}

describe('GET /graphql in production (no sandbox)', () => {
  let running: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    running = await serve({ NODE_ENV: 'production' });
  });
  afterAll(() => close(running));

  it('gives a browser a page saying what the address is and how to use it', async () => {
    const res = await fetch(running.url, { headers: BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('vary')).toMatch(/accept/i);
    const html = await res.text();
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
    expect(html).toContain('<h1>GraphQL API of the Law Partners website</h1>');
    expect(html).toContain('Send a POST to this address with a JSON body');
    expect(html).toContain("-H 'content-type: application/json'");
    expect(html).toContain('<code>npm run dev</code>');
    expect(html).toContain('<code>GRAPHQL_SANDBOX=true</code>');
    expect(html).toContain('Schema introspection is off on this server');
    // Not the sandbox, and nothing on it runs.
    expect(html).not.toMatch(/<script|graphiql|\son[a-z]+=/i);
  });

  it('carries the security headers, with a policy that allows its one stylesheet by nonce', async () => {
    const res = await fetch(running.url, { headers: BROWSER });
    const html = await res.text();
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /style-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src/);
    expect(csp).toContain("frame-ancestors 'none'");
    const styles = html.match(/<style\b[^>]*>/g) ?? [];
    expect(styles).toEqual([`<style nonce="${nonce}">`]);
    expect(html).not.toMatch(/\sstyle=/);
    // A fresh nonce per response.
    const again = await fetch(running.url, { headers: BROWSER });
    await again.text();
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
    const api = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ site { name } }' }),
    });
    await api.text();
    for (const name of [
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]) {
      expect(res.headers.get(name), name).toBe(api.headers.get(name));
      expect(res.headers.get(name), name).not.toBeNull();
    }
  });

  it('keeps introspection off', async () => {
    const res = await fetch(running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Array<{ message: string }> }).errors[0]!.message).toMatch(
      /introspection/i,
    );
  });

  it('answers GET queries as before, in a browser or not', async () => {
    const q = encodeURIComponent('{ site { name } }');
    for (const headers of [
      { 'apollo-require-preflight': 'true' },
      { ...BROWSER, 'apollo-require-preflight': 'true' },
    ]) {
      const res = await fetch(`${running.url}?query=${q}`, { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ data: { site: { name: 'Law Partners' } } });
    }
    // Without the preflight header, a browser's GET of a query is still refused (CSRF prevention).
    const forged = await fetch(`${running.url}?query=${q}`, { headers: BROWSER });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers a client that does not ask for HTML as before', async () => {
    const res = await fetch(running.url, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('GET /graphql with the sandbox on', () => {
  it.each([
    ['in development', { NODE_ENV: 'development' }],
    ['in production with GRAPHQL_SANDBOX=true', { NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true' }],
  ])('serves the sandbox %s, and the introspection it reads the schema with', async (_when, env) => {
    const running = await serve(env);
    try {
      const page = await fetch(running.url, { headers: BROWSER });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>GraphiQL</title>');
      const res = await fetch(running.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __schema { queryType { name } } }' }),
      });
      expect(await res.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await close(running);
    }
  });
});
