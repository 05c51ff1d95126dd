// A WordPress whose REST API answers only at ?rest_route= (plain permalinks, or a web server that
// does not pass /wp-json/ on to it): under /wp-json/ it answers with a redirect and then its home
// page. The gateway finds the other address on the first such answer and keeps using it, for the
// content, the drafts, the enquiries and the /wp-admin helper alike; a WordPress that answers under
// /wp-json/ is never asked anything more.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDraftFetcher } from '../src/preview/wordpress.js';
import { createWordPressDelivery } from '../src/enquiry/wordpress.js';
import { createWordPressClient } from '../src/sources/wordpress/client.js';
import {
  forgetPlainAddresses,
  restUrl,
  tryPlainAddresses,
  usesPlainAddresses,
} from '../src/sources/wordpress/rest-address.js';
import { fixtureSnapshot } from './fixtures/snapshot.js';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { startHarness } from './harness.js';

const CREDENTIALS = { user: 'editor', appPassword: 'abcd efgh ijkl mnop' };
let wp: FakeWordPress;
/** Every address the code under test asked for, in order. */
const asked: string[] = [];
const recording: typeof fetch = (input, init) => {
  asked.push(String(input));
  return fetch(input, init);
};

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: fixtureSnapshot(), credentials: CREDENTIALS });
});
afterAll(() => wp.close());
afterEach(() => {
  wp.withPlainPermalinks(false);
  wp.resetStats();
  forgetPlainAddresses();
  asked.length = 0;
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const page = () =>
  new Response('<!doctype html><title>Home</title>', { headers: { 'content-type': 'text/html' } });

describe('restUrl', () => {
  it('writes /wp-json/ addresses until the WordPress is found to answer at ?rest_route= only', async () => {
    const base = 'https://cms.example.in/blog/';
    expect(restUrl(base, '/wp/v2/posts', 'per_page=5&_fields=id,slug')).toBe(
      'https://cms.example.in/blog/wp-json/wp/v2/posts?per_page=5&_fields=id,slug',
    );
    expect(restUrl(base, '/')).toBe('https://cms.example.in/blog/wp-json/');
    // WordPress's index under /wp-json/ as well: the API is there, whatever failed; nothing changes.
    const index = async () => json({ namespaces: ['wp/v2'] });
    expect(await tryPlainAddresses(base, { timeoutMs: 1000, fetch: index })).toBe(false);
    expect(restUrl(base, '/')).toBe('https://cms.example.in/blog/wp-json/');
    // Only at ?rest_route= (a minute later: asked at most once a minute).
    const onlyPlain: typeof fetch = async (input) =>
      String(input).includes('?rest_route=/') ? index() : page();
    expect(
      await tryPlainAddresses(base, { timeoutMs: 1000, fetch: onlyPlain, now: () => Date.now() + 60_000 }),
    ).toBe(true);
    expect(usesPlainAddresses('https://cms.example.in/blog')).toBe(true);
    expect(restUrl(base, '/wp/v2/posts', 'per_page=5&_fields=id,slug')).toBe(
      'https://cms.example.in/blog/?rest_route=/wp/v2/posts&per_page=5&_fields=id,slug',
    );
    expect(restUrl(base, '/wp/v2')).toBe('https://cms.example.in/blog/?rest_route=/wp/v2');
    // Another WordPress is not affected.
    expect(restUrl('https://other.example.in', '/')).toBe('https://other.example.in/wp-json/');
  });

  it('keeps /wp-json/ when ?rest_route= is not WordPress either, and asks again only after a minute', async () => {
    let t = 0;
    let calls = 0;
    const fetchPage: typeof fetch = async () => {
      calls += 1;
      return page();
    };
    const options = { timeoutMs: 1000, fetch: fetchPage, now: () => t };
    const base = 'https://down.example.in';
    expect(await Promise.all([tryPlainAddresses(base, options), tryPlainAddresses(base, options)])).toEqual([
      false,
      false,
    ]);
    // Its index under /wp-json/, then at ?rest_route=: neither is WordPress's.
    expect(calls).toBe(2);
    t += 59_000;
    expect(await tryPlainAddresses(base, options)).toBe(false);
    expect(calls).toBe(2);
    t += 1_000;
    await tryPlainAddresses(base, options);
    expect(calls).toBe(4);
    // JSON that is not WordPress's index is not taken for it.
    t += 60_000;
    expect(await tryPlainAddresses(base, { ...options, fetch: async () => json({ ok: true }) })).toBe(false);
    expect(restUrl(base, '/')).toBe('https://down.example.in/wp-json/');
  });
});

describe('a WordPress with plain permalinks', () => {
  it('serves the content client: the first request finds ?rest_route=, the next go straight there', async () => {
    wp.withPlainPermalinks(true);
    let found = 0;
    const client = createWordPressClient({
      baseUrl: wp.url,
      timeoutMs: 2000,
      retries: 2,
      fetch: recording,
      onPlainAddresses: () => (found += 1),
    });
    const first = await client.get('/posts', { per_page: 5, _fields: ['id', 'slug'] });
    expect(first.body).toHaveLength(5);
    expect(first.total).toBe(24);
    expect(asked).toEqual([
      `${wp.url}/wp-json/wp/v2/posts?per_page=5&_fields=id,slug`,
      `${wp.url}/wp-json/?_fields=namespaces`,
      `${wp.url}/?rest_route=/&_fields=namespaces`,
      `${wp.url}/?rest_route=/wp/v2/posts&per_page=5&_fields=id,slug`,
    ]);
    expect(found).toBe(1);
    expect(client.apiRoot).toBe(`${wp.url}/?rest_route=/wp/v2`);

    asked.length = 0;
    await client.get('/pages', { slug: 'about' });
    expect(asked).toEqual([`${wp.url}/?rest_route=/wp/v2/pages&slug=about`]);
    // WordPress saw both REST questions with their queries intact.
    expect(wp.stats.log).toEqual(['/posts?per_page=5&_fields=id,slug', '/pages?slug=about']);
    // Neither counts as a failure: no retry was spent on the page WordPress answered first.
    expect(client.stats.retries).toBe(0);
  });

  it('asks again at ?rest_route= a request whose page came back after another found the address', async () => {
    let releaseLate: () => void = () => {};
    const late = new Promise<void>((resolve) => (releaseLate = resolve));
    const client = createWordPressClient({
      baseUrl: 'https://cms.example.in',
      timeoutMs: 2000,
      retries: 0,
      fetch: async (input) => {
        const url = String(input);
        if (url.includes('?rest_route=/&')) return json({ namespaces: ['wp/v2'] });
        if (url.includes('?rest_route=')) return json([{ id: url.includes('slug=late') ? 2 : 1 }]);
        if (url.includes('slug=late')) await late;
        return page();
      },
    });
    const slow = client.get('/posts', { slug: 'late' });
    await expect(client.get('/posts', { slug: 'first' })).resolves.toMatchObject({ body: [{ id: 1 }] });
    releaseLate();
    await expect(slow).resolves.toMatchObject({ body: [{ id: 2 }] });
  });

  it('serves the drafts, whose credentials never follow the redirect', async () => {
    wp.withPlainPermalinks(true);
    const drafts = createDraftFetcher({
      url: wp.url,
      ...CREDENTIALS,
      timeoutMs: 2000,
      maxResponseBytes: 1 << 20,
      fetch: recording,
    });
    const answer = await drafts('post', (fixtureSnapshot().posts[0] as { id: number }).id);
    expect((answer.item as { id: number }).id).toBeGreaterThan(0);
    // The item and its autosaves, asked together: each once under /wp-json/, then at ?rest_route=.
    expect(asked.filter((a) => a.includes('/wp-json/wp/v2/'))).toHaveLength(2);
    expect(asked.some((a) => a.includes('?rest_route=/wp/v2/posts/'))).toBe(true);
  });

  it('delivers an enquiry once: the POST is sent again at ?rest_route= with the same key', async () => {
    const sent: Array<{ url: string; key: string | null }> = [];
    const deliver = createWordPressDelivery({
      url: 'https://cms.example.in',
      ...CREDENTIALS,
      timeoutMs: 2000,
      fetch: async (input, init) => {
        const url = String(input);
        if (url.endsWith('/wp-json/?_fields=namespaces')) return page();
        if (url.endsWith('?rest_route=/&_fields=namespaces'))
          return json({ namespaces: ['lawfirm/v1', 'wp/v2'] });
        sent.push({ url, key: new Headers(init?.headers).get('idempotency-key') });
        // Under /wp-json/: the redirect WordPress gives, refused with the credentials.
        if (url.includes('/wp-json/'))
          throw new TypeError('fetch failed', { cause: new Error('unexpected redirect') });
        return new Response(JSON.stringify({ id: 41 }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const entry = {
      key: 'k-1',
      receivedAt: '2026-11-27T10:00:00.000Z',
      enquiry: {
        name: 'A Visitor',
        email: 'a@example.in',
        phone: '+91 98765 43210',
        phoneE164: '+919876543210',
        subject: null,
        message: 'Bail for my brother',
        practiceArea: null,
      },
    };
    await expect(
      deliver(entry as Parameters<typeof deliver>[0], new AbortController().signal),
    ).resolves.toEqual({
      postId: 41,
      created: true,
    });
    expect(sent).toEqual([
      { url: 'https://cms.example.in/wp-json/lawfirm/v1/enquiries', key: 'k-1' },
      { url: 'https://cms.example.in/?rest_route=/lawfirm/v1/enquiries', key: 'k-1' },
    ]);
  });

  it('serves the site through the gateway, and the /wp-admin helper names the address and what to change', async () => {
    const h = await startHarness({ mode: 'wordpress' });
    try {
      h.wp!.withPlainPermalinks(true);
      const res = await h.query<{
        posts: { nodes: { slug: string }[] };
        connection: { status: string; endpoint: string; message: string };
      }>('{ posts(first: 3) { nodes { slug } } connection { status endpoint message } }');
      expect(res.errors).toBeUndefined();
      expect(res.data!.posts.nodes).toHaveLength(3);
      expect(res.data!.connection.status).toBe('CONNECTED');
      expect(res.data!.connection.endpoint).toBe(`${h.wp!.url}/?rest_route=/wp/v2`);
      expect(res.data!.connection.message).toContain('Permalinks › Post name');
      expect(h.logs.filter((l) => String(l.msg).includes('?rest_route='))).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});

describe('a WordPress that answers under /wp-json/', () => {
  it('is never asked at ?rest_route=, not even when one route fails with a page', async () => {
    const client = createWordPressClient({ baseUrl: wp.url, timeoutMs: 2000, retries: 0, fetch: recording });
    await client.get('/posts', { per_page: 1 });
    expect(asked).toEqual([`${wp.url}/wp-json/wp/v2/posts?per_page=1`]);
    await wp.fault('502', { path: '/posts', times: 1 });
    await expect(client.get('/posts', { per_page: 2 })).rejects.toThrow('502');
    // The failing page made it look at its index once: under /wp-json/ as ever, so it stays there.
    expect(asked.slice(1)).toEqual([
      `${wp.url}/wp-json/wp/v2/posts?per_page=2`,
      `${wp.url}/wp-json/?_fields=namespaces`,
    ]);
    expect(usesPlainAddresses(wp.url)).toBe(false);
  });
});
