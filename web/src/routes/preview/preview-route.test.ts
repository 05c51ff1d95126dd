// The preview route rendered by the server bundle's own render (entry-server.tsx) against the real
// gateway over a fake WordPress that holds a draft and an autosave: the draft appears in the published
// post's and page's own views under the preview bar, and a refused link renders 403 with nothing of it.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, createHttpServer, listen, loadConfig, type Gateway } from '@site/gateway';
import { startFakeWordPress, type FakeWordPress } from '@site/gateway/test/fake-wordpress.js';
import { fixtureSnapshot } from '@site/gateway/test/fixtures/snapshot.js';
import { signPreviewToken, type PreviewClaims } from '@site/server-kit';
import { render } from '../../entry-server';

const SECRET = 'a-preview-secret-shared-with-wordpress-0123';
const CREDENTIALS = { user: 'site-gateway', appPassword: 'abcd efgh ijkl mnop qrst uvwx' };

let wp: FakeWordPress;
let gateway: Gateway;
let server: FastifyInstance;
let gatewayUrl: string;

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: fixtureSnapshot(), credentials: CREDENTIALS });
  wp.setAutosaves(199, [
    {
      id: 9199,
      author: 2,
      parent: 199,
      date: '2026-01-02T08:15:00',
      date_gmt: '2026-01-02T08:15:00',
      modified: '2026-01-02T08:15:00',
      modified_gmt: '2026-01-02T08:15:00',
      slug: '199-autosave-v1',
      title: { raw: 'Anticipatory Bail, Revised', rendered: 'Anticipatory Bail, Revised' },
      content: {
        raw: '',
        rendered: '<h2>Who may apply</h2><p>An autosaved paragraph.</p>',
        protected: false,
      },
      excerpt: { raw: '', rendered: '', protected: false },
    },
  ]);
  gateway = createGateway(
    loadConfig({
      NODE_ENV: 'test',
      WORDPRESS_URL: wp.url,
      UPSTREAM_RETRIES: '0',
      PREVIEW_SECRET: SECRET,
      WORDPRESS_USER: CREDENTIALS.user,
      WORDPRESS_APP_PASSWORD: CREDENTIALS.appPassword,
    }),
    { logger: pino({ level: 'silent' }) },
  );
  await gateway.start();
  server = createHttpServer(gateway);
  await listen(server, 0, '127.0.0.1');
  gatewayUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await server?.close();
  await gateway?.stop();
  await wp?.close();
});

function link(claims: Partial<PreviewClaims> = {}): string {
  const c: PreviewClaims = {
    type: 'post',
    id: 199,
    user: 1,
    exp: Math.floor(Date.now() / 1000) + 300,
    ...claims,
  };
  return `http://site.test/preview/${c.type}/${c.id}?token=${encodeURIComponent(signPreviewToken(SECRET, c))}`;
}

async function renderPage(url: string) {
  const result = await render({ url, gatewayUrl, requestId: 'test', nonce: 'n0nce' });
  if (result.kind !== 'page') throw new Error(`expected a page, got a redirect to ${result.location}`);
  return result;
}

describe('the preview route', () => {
  it("renders a draft post with its autosave in the post's own view, under the preview bar", async () => {
    const page = await renderPage(link());
    expect(page.status).toBe(200);
    expect(page.html).toContain('Preview — not published');
    expect(page.html).toContain(`href="${wp.url}/wp-admin/post.php?post=199&amp;action=edit"`);
    expect(page.html).toContain('Back to the editor');
    expect(page.html).toMatch(/<time dateTime="2026-01-02T08:15:00.000Z" data-local-time="">[^<]+<\/time>/);
    // The post's own view: its heading, body with heading ids, and sidebar.
    expect(page.html).toContain('Anticipatory Bail, Revised');
    expect(page.html).toContain('<h2 id="who-may-apply">Who may apply</h2><p>An autosaved paragraph.</p>');
    expect(page.html).toContain('Back to Blog');
    expect(page.html).toContain('aria-label="Article sidebar"');
    // No index, no canonical address, no structured data for a draft.
    expect(page.head).toMatchObject({ robots: 'noindex, nofollow', canonical: undefined, jsonLd: [] });
    expect(page.head?.title).toBe('Preview: Anticipatory Bail, Revised | Law Partners');
  });

  it("renders a draft page in the page's own view", async () => {
    const page = await renderPage(link({ type: 'page', id: 304 }));
    expect(page.status).toBe(200);
    expect(page.html).toContain('Preview — not published');
    expect(page.html).toContain('Private work of the firm.');
  });

  it('answers 403 with nothing of the draft when the gateway refuses the link', async () => {
    for (const url of [
      link({ exp: Math.floor(Date.now() / 1000) - 5 }),
      link().replace('/preview/post/199', '/preview/post/198'),
      'http://site.test/preview/post/199',
    ]) {
      const page = await renderPage(url);
      expect(page.status, url).toBe(403);
      expect(page.html).not.toContain('Anticipatory');
      expect(page.html).not.toContain('Preview — not published');
      expect(page.head?.robots).toBe('noindex');
    }
  });

  it('answers 404 for a draft WordPress does not have', async () => {
    const page = await renderPage(link({ id: 4242 }));
    expect(page.status).toBe(404);
  });
});
