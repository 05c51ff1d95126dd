// A post an editor put behind a password, as the real WordPress answers it (both texts empty and
// flagged `protected`), through the real gateway and web server (child processes, as `npm start`
// runs them). The site has no password form: the post's page says the article is not on the website
// and asks search engines not to index it, and the sitemap and the feed leave the post out. The post
// is published before the services start, so no cache holds the lists without it, and deleted after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import { startChildWeb, type ChildWeb } from './lib/web.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost, wpRest } from './lib/wordpress.js';

const SLUG = `${CONTRACT_SLUG_PREFIX}password`;
let id = 0;
let gw: ChildGateway | undefined;
let web: ChildWeb | undefined;

beforeAll(async () => {
  const post = await createPost({
    slug: SLUG,
    status: 'publish',
    title: 'Contract password',
    password: 'not-for-the-site',
    content: '<p>Only for the client who has the password.</p>',
  });
  id = post.id;
  gw = await startChildGateway({ WORDPRESS_URL: credentials().url });
  web = await startChildWeb({ GATEWAY_URL: `${gw.url}/graphql` });
}, 120_000);

afterAll(async () => {
  await web?.stop();
  await gw?.stop();
  if (id) await deletePost(id, true);
});

async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${web!.url}${path}`, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: await res.text() };
}

describe('a post behind a password', () => {
  it('is flagged by WordPress in a list without the body, as the gateway reads it', async () => {
    const res = await wpRest<Array<{ slug: string; excerpt: { rendered: string; protected: boolean } }>>(
      'GET',
      `/posts?slug=${SLUG}&_fields=slug,excerpt`,
      { auth: false },
    );
    expect(res.json).toEqual([{ slug: SLUG, excerpt: { rendered: '', protected: true } }]);
  });

  it('is noindex in the gateway, from the list and from the whole post', async () => {
    const res = await fetch(`${gw!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query ($slug: String!) {
          post(slug: $slug) { passwordProtected contentHtml noindex seo { noindex } }
          posts(first: 100) { nodes { slug noindex } }
        }`,
        variables: { slug: SLUG },
      }),
    });
    const answer = (await res.json()) as {
      errors?: unknown;
      data: {
        post: {
          passwordProtected: boolean;
          contentHtml: string;
          noindex: boolean;
          seo: { noindex: boolean };
        };
        posts: { nodes: Array<{ slug: string; noindex: boolean }> };
      };
    };
    expect(answer.errors).toBeUndefined();
    expect(answer.data.post).toEqual({
      passwordProtected: true,
      contentHtml: '',
      noindex: true,
      seo: { noindex: true },
    });
    expect(answer.data.posts.nodes.find((p) => p.slug === SLUG)).toEqual({ slug: SLUG, noindex: true });
    // The other posts of the seeded WordPress are indexable.
    expect(answer.data.posts.nodes.filter((p) => p.noindex).map((p) => p.slug)).toEqual([SLUG]);
  });

  it('has a page that says so and is not indexed, and no entry in the sitemap or the feed', async () => {
    const page = await get(`/blog/${SLUG}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('This article is not published on the website.');
    expect(page.body).not.toContain('Only for the client');
    expect(page.body).toMatch(/<meta name="robots" content="noindex, follow"/);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain('/blog/');
    expect(sitemap.body).not.toContain(SLUG);

    const feed = await get('/feed.xml');
    expect(feed.status).toBe(200);
    expect(feed.body).toContain('<item>');
    expect(feed.body).not.toContain(SLUG);
  });
});
