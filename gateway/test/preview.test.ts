// Query.preview: drafts for the editor holding a valid preview token, read live from WordPress with
// the application password (the fake answers context=edit and autosaves only with it), mapped by the
// published content's resolvers, and never kept by any cache; everyone else gets FORBIDDEN.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { signPreviewToken, type PreviewClaims } from '@site/server-kit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearContentCache, contentCacheStats } from '../src/derive/content.js';
import { createHttpServer, listen } from '../src/http.js';
import { startHarness, type Harness } from './harness.js';

const SECRET = 'a-preview-secret-shared-with-wordpress-0123';
const CREDENTIALS = { user: 'site-gateway', appPassword: 'abcd efgh ijkl mnop qrst uvwx' };
const ENV = {
  PREVIEW_SECRET: SECRET,
  WORDPRESS_USER: CREDENTIALS.user,
  WORDPRESS_APP_PASSWORD: CREDENTIALS.appPassword,
};

const PREVIEW = /* GraphQL */ `
  query Preview($type: PreviewType!, $id: Int!, $token: String!) {
    preview(type: $type, id: $id, token: $token) {
      type
      savedAt
      editUrl
      post {
        slug
        title
        contentHtml
        excerpt
        toc {
          id
          text
        }
        categories {
          slug
        }
      }
      page {
        title
        contentHtml
      }
      practiceArea {
        slug
        title
        contentHtml
        link
      }
    }
  }
`;

interface PreviewData {
  preview: {
    type: string;
    savedAt: string;
    editUrl: string | null;
    post: {
      slug: string;
      title: string;
      contentHtml: string;
      excerpt: string;
      toc: { id: string; text: string }[];
      categories: { slug: string }[];
    } | null;
    page: { title: string; contentHtml: string } | null;
    practiceArea: { slug: string; title: string; contentHtml: string | null; link: string } | null;
  } | null;
}

/** An autosave as WordPress lists it (context=edit). */
function autosave(parent: number, modifiedGmt: string, title: string, body: string, author = 2) {
  return {
    id: parent + 10_000,
    author,
    parent,
    date: modifiedGmt,
    date_gmt: modifiedGmt,
    modified: modifiedGmt,
    modified_gmt: modifiedGmt,
    slug: `${parent}-autosave-v1`,
    title: { raw: title, rendered: title },
    content: { raw: body, rendered: body, protected: false, block_version: 0 },
    excerpt: { raw: '', rendered: `<p>${title} in brief.</p>`, protected: false },
  };
}

/** A token for post 199 by user 1, valid five minutes by the harness's clock, with `claims` changed. */
const tokenFor = (harness: Harness, claims: Partial<PreviewClaims> = {}, secret = SECRET) =>
  signPreviewToken(secret, {
    type: 'post',
    id: 199,
    user: 1,
    exp: Math.floor(harness.clock.now() / 1000) + 300,
    ...claims,
  });

describe('Query.preview', () => {
  let h: Harness;

  const token = (claims: Partial<PreviewClaims> = {}, secret = SECRET) => tokenFor(h, claims, secret);
  const preview = (type: string, id: number, t: string) =>
    h.query<PreviewData>(PREVIEW, { type, id, token: t });
  /** Requests the fake WordPress had for an item's edit view or autosaves. */
  const draftRequests = (base: string) => h.wp!.stats.log.filter((l) => l.startsWith(base)).length;

  beforeAll(async () => {
    h = await startHarness({ env: ENV, credentials: CREDENTIALS });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.wp!.setAutosaves(199, []);
    h.wp!.resetStats();
  });

  it('shows the draft, with the newest autosave saved after it (by any user) in place of its text', async () => {
    h.wp!.setAutosaves(199, [
      autosave(
        199,
        '2025-07-02T08:15:00',
        'Bail in 2025: the new rules',
        '<h2>What changed</h2><p>Autosaved body.</p>',
        3,
      ),
      // Older than the post's own last save: not what the editor sees now.
      autosave(199, '2025-01-01T00:00:00', 'An old autosave', '<p>Old body.</p>'),
    ]);
    clearContentCache();
    const { data, errors } = await preview('post', 199, token());
    expect(errors).toBeUndefined();
    // Derived without keeping anything of it (derive/content.ts's memo).
    expect(contentCacheStats().size).toBe(0);
    const p = data!.preview!;
    expect(p.type).toBe('post');
    expect(p.savedAt).toBe('2025-07-02T08:15:00.000Z');
    expect(p.editUrl).toBe(`${h.wp!.url}/wp-admin/post.php?post=199&action=edit`);
    expect(p.page).toBeNull();
    expect(p.practiceArea).toBeNull();
    // The published mapping: title from HTML, sanitised body with heading ids, the post's categories.
    expect(p.post).toMatchObject({
      slug: 'unpublished-draft',
      title: 'Bail in 2025: the new rules',
      excerpt: 'Bail in 2025: the new rules in brief.',
      toc: [{ id: 'what-changed', text: 'What changed' }],
      categories: [{ slug: 'criminal-defence' }],
    });
    expect(p.post!.contentHtml).toContain('<h2 id="what-changed">What changed</h2><p>Autosaved body.</p>');
    expect(p.post!.contentHtml).not.toContain('Old body');
    // Asked of WordPress itself, as the editor: the item and its autosaves.
    expect(h.wp!.stats.log).toEqual(
      expect.arrayContaining(['/posts/199?context=edit', '/posts/199/autosaves?context=edit']),
    );
  });

  it('takes an autosave made in the same second as the last save (WordPress keeps whole seconds)', async () => {
    // The fixture's draft was last saved at 2025-05-04T09:30:00 (GMT).
    h.wp!.setAutosaves(199, [autosave(199, '2025-05-04T09:30:00', 'Saved with it', '<p>Same second.</p>')]);
    const { data, errors } = await preview('post', 199, token());
    expect(errors).toBeUndefined();
    expect(data!.preview!.post!.title).toBe('Saved with it');
    expect(data!.preview!.savedAt).toBe('2025-05-04T09:30:00.000Z');
  });

  it('shows the draft itself when no autosave is newer', async () => {
    h.wp!.setAutosaves(199, [autosave(199, '2025-01-01T00:00:00', 'An old autosave', '<p>Old body.</p>')]);
    const { data, errors } = await preview('post', 199, token());
    expect(errors).toBeUndefined();
    expect(data!.preview!.post!.title).toBe('Draft');
    expect(data!.preview!.post!.contentHtml).not.toContain('Old body');
  });

  it('shows draft pages and practice areas through their own types', async () => {
    const page = await preview('page', 304, token({ type: 'page', id: 304 }));
    expect(page.errors).toBeUndefined();
    expect(page.data!.preview).toMatchObject({
      type: 'page',
      post: null,
      practiceArea: null,
      page: { title: 'Private' },
    });
    expect(page.data!.preview!.page!.contentHtml).toContain('Private work of the firm.');

    h.wp!.setAutosaves(401, [
      autosave(
        401,
        '2026-01-01T00:00:00',
        'Property &amp; Land Disputes',
        '<p>Partition, title and possession.</p>',
      ),
    ]);
    const area = await preview('practice_area', 401, token({ type: 'practice_area', id: 401 }));
    expect(area.errors).toBeUndefined();
    expect(area.data!.preview!.practiceArea).toMatchObject({
      slug: 'property-disputes',
      title: 'Property & Land Disputes',
    });
    expect(area.data!.preview!.practiceArea!.contentHtml).toContain('Partition, title and possession.');
  });

  it('shows a practice page (a built-in area) as the practice area it is', async () => {
    const { data, errors } = await preview('page', 301, token({ type: 'page', id: 301 }));
    expect(errors).toBeUndefined();
    expect(data!.preview!.page!.title).toBe('Criminal Defence');
    expect(data!.preview!.practiceArea).toMatchObject({
      title: 'Criminal Defence',
      link: expect.stringMatching(/^\/practice-areas\//),
    });
  });

  it.each([
    ['a tampered signature', () => token().replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))],
    ['another secret', () => token({}, `${SECRET}-not-the-same`)],
    ['an expired token', () => token({ exp: Math.floor(h.clock.now() / 1000) - 1 })],
    ['a token good for an hour', () => token({ exp: Math.floor(h.clock.now() / 1000) + 3600 })],
    ['a token for another post', () => token({ id: 198 })],
    ['a token for a page with the same id', () => token({ type: 'page' })],
    ['a malformed token', () => 'post.199.1.123'],
    ['an empty token', () => ''],
  ])('refuses %s with FORBIDDEN and nothing of the draft, without asking WordPress', async (_name, make) => {
    h.wp!.setAutosaves(199, [autosave(199, '2025-07-02T08:15:00', 'Secret title', '<p>Secret body.</p>')]);
    const result = await preview('post', 199, make());
    expect(result.data?.preview ?? null).toBeNull();
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0]!.extensions?.code).toBe('FORBIDDEN');
    expect(result.errors![0]!.message).toBe('This preview link is invalid or has expired');
    expect(JSON.stringify(result)).not.toMatch(/Secret|Draft/);
    expect(draftRequests('/posts/199')).toBe(0);
  });

  it('refuses a token that expired while the link was open (the gateway clock decides)', async () => {
    const t = token({ exp: Math.floor(h.clock.now() / 1000) + 60 });
    expect((await preview('post', 199, t)).errors).toBeUndefined();
    h.clock.advance(61_000);
    const late = await preview('post', 199, t);
    expect(late.errors![0]!.extensions?.code).toBe('FORBIDDEN');
    expect(late.data?.preview ?? null).toBeNull();
  });

  it('answers null for an item WordPress does not have', async () => {
    const { data, errors } = await preview('post', 4242, token({ id: 4242 }));
    expect(errors).toBeUndefined();
    expect(data!.preview).toBeNull();
  });

  it('keeps the draft out of everything published: post(slug), the lists and search', async () => {
    h.wp!.setAutosaves(199, [autosave(199, '2025-07-02T08:15:00', 'Bail in 2025', '<p>Autosaved.</p>')]);
    expect((await preview('post', 199, token())).data!.preview!.post!.title).toBe('Bail in 2025');
    const published = await h.query<{
      post: unknown;
      posts: { nodes: { slug: string }[]; totalCount: number };
      search: { nodes: { slug: string }[] };
    }>(
      `query {
        post(slug: "unpublished-draft") { title }
        posts(first: 100) { nodes { slug } totalCount }
        search: posts(first: 100, search: "Draft") { nodes { slug } }
      }`,
    );
    expect(published.errors).toBeUndefined();
    expect(published.data!.post).toBeNull();
    expect(published.data!.posts.nodes.map((n) => n.slug)).not.toContain('unpublished-draft');
    expect(published.data!.posts.totalCount).toBe(24);
    expect(published.data!.search.nodes.map((n) => n.slug)).not.toContain('unpublished-draft');
    const page = await h.query<{ page: unknown }>(`{ page(slug: "private-page") { title } }`);
    expect(page.data!.page).toBeNull();
  });

  it('says so when WordPress refuses the application password, showing nothing', async () => {
    const wrong = await startHarness({
      env: { ...ENV, WORDPRESS_APP_PASSWORD: 'not the password at all 1234' },
      credentials: CREDENTIALS,
    });
    try {
      const t = tokenFor(wrong);
      const result = await wrong.query<PreviewData>(PREVIEW, { type: 'post', id: 199, token: t });
      expect(result.data?.preview ?? null).toBeNull();
      expect(result.errors![0]!.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(JSON.stringify(result)).not.toContain('Draft');
    } finally {
      await wrong.close();
    }
  });
});

describe('Query.preview when previews are off', () => {
  it.each([
    [
      'without PREVIEW_SECRET',
      { WORDPRESS_USER: CREDENTIALS.user, WORDPRESS_APP_PASSWORD: CREDENTIALS.appPassword },
      'wordpress',
    ],
    ['without the application password', { PREVIEW_SECRET: SECRET }, 'wordpress'],
    ['on the embedded snapshot', { PREVIEW_SECRET: SECRET }, 'embedded'],
  ] as const)('refuses every token %s', async (_name, env, mode) => {
    const h = await startHarness({ mode, env, credentials: CREDENTIALS });
    try {
      const t = tokenFor(h);
      const result = await h.query<PreviewData>(PREVIEW, { type: 'post', id: 199, token: t });
      expect(result.data?.preview ?? null).toBeNull();
      expect(result.errors![0]).toMatchObject({
        message: 'Previews are not set up',
        extensions: { code: 'FORBIDDEN' },
      });
      if (h.wp) expect(h.wp.stats.log.filter((l) => l.startsWith('/posts/199'))).toEqual([]);
    } finally {
      await h.close();
    }
  });
});

describe('Query.preview over HTTP', () => {
  let h: Harness;
  let server: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    h = await startHarness({ env: { ...ENV, RATE_LIMIT_PREVIEW: '4' }, credentials: CREDENTIALS });
    server = createHttpServer(h.gateway);
    await listen(server, 0, '127.0.0.1');
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.close();
    await h.close();
  });

  const send = (body: string, method: 'POST' | 'GET' = 'POST') =>
    method === 'POST'
      ? fetch(`${base}/graphql`, { method, headers: { 'content-type': 'application/json' }, body })
      : fetch(`${base}/graphql?${new URLSearchParams(JSON.parse(body) as Record<string, string>)}`, {
          headers: { 'apollo-require-preflight': 'true' },
        });

  it('asks WordPress again for every request, and tells every cache to keep nothing', async () => {
    const exp = Math.floor(h.clock.now() / 1000) + 300;
    const t = signPreviewToken(SECRET, { type: 'post', id: 199, user: 1, exp });
    // The same operation twice, and once more through a fragment spread at the root.
    const body = JSON.stringify({
      query: `query { preview(type: post, id: 199, token: "${t}") { savedAt post { title contentHtml } } }`,
    });
    const viaFragment = JSON.stringify({
      query: `query { ...Draft } fragment Draft on Query { preview(type: post, id: 199, token: "${t}") { post { title } } }`,
    });
    h.wp!.resetStats();
    for (const request of [body, body, viaFragment, viaFragment]) {
      const res = await send(request);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-response-cache')).toBeNull();
      const json = (await res.json()) as { data: { preview: { post: { title: string } } } };
      expect(json.data.preview.post.title).toBe('Draft');
    }
    expect(h.wp!.stats.log.filter((l) => l === '/posts/199?context=edit')).toHaveLength(4);
    expect(h.wp!.stats.log.filter((l) => l === '/posts/199/autosaves?context=edit')).toHaveLength(4);
  });

  it('limits previews per client (RATE_LIMIT_PREVIEW), apart from other queries', async () => {
    const exp = Math.floor(h.clock.now() / 1000) + 300;
    const t = signPreviewToken(SECRET, { type: 'page', id: 304, user: 1, exp });
    const body = JSON.stringify({
      query: `query { preview(type: page, id: 304, token: "${t}") { savedAt } }`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await send(body)).status);
    expect(statuses).toContain(429);
    const refused = await send(body);
    expect(refused.status).toBe(429);
    expect(
      ((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code,
    ).toBe('RATE_LIMITED');
    // Published content is not held back by it.
    const site = await send(JSON.stringify({ query: '{ site { name } }' }));
    expect(site.status).toBe(200);
  });
});
