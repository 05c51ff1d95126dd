// Previews against the real WordPress, the gateway side: the gateway (in this process) reads a draft with the
// application password (`context=edit`) and its autosaves exactly as WordPress answers them, and shows
// them through Query.preview for a signed token, while the published site still has no trace of them.
// - a draft post: its own title and body (an autosave by its author updates the draft itself);
// - a published post with an autosave (WordPress keeps that as an autosave revision): the autosave's
//   title and body in the preview, the published ones everywhere else;
// - a draft page;
// - a token for another post, a token past its time, or none of WordPress's credentials: FORBIDDEN /
//   nothing of the draft.
import { randomBytes } from 'node:crypto';
import { signPreviewToken, type PreviewType } from '@site/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost, wpRest } from './lib/wordpress.js';

const SECRET = randomBytes(33).toString('base64');
const tag = randomBytes(3).toString('hex');

const PREVIEW = /* GraphQL */ `
  query Preview($type: PreviewType!, $id: Int!, $token: String!) {
    preview(type: $type, id: $id, token: $token) {
      savedAt
      editUrl
      post {
        slug
        title
        contentHtml
      }
      page {
        title
        contentHtml
      }
      practiceArea {
        title
        contentHtml
      }
    }
  }
`;

interface PreviewData {
  preview: {
    savedAt: string;
    editUrl: string | null;
    post: { slug: string; title: string; contentHtml: string } | null;
    page: { title: string; contentHtml: string } | null;
    practiceArea: { title: string; contentHtml: string | null } | null;
  } | null;
}

const token = (type: PreviewType, id: number) =>
  signPreviewToken(SECRET, { type, id, user: 1, exp: Math.floor(Date.now() / 1000) + 300 });

let gw: InProcessGateway;
const posts: number[] = [];
const pages: number[] = [];
const areas: number[] = [];

beforeAll(async () => {
  const { url, user, appPassword } = credentials();
  gw = await inProcessGateway(url, {
    PREVIEW_SECRET: SECRET,
    WORDPRESS_USER: user,
    WORDPRESS_APP_PASSWORD: appPassword,
    ALLOW_INSECURE_WORDPRESS: 'true',
  });
});
afterAll(async () => {
  await gw?.close();
  for (const id of posts) await deletePost(id, true);
  for (const id of pages) await wpRest('DELETE', `/pages/${id}?force=true`);
  for (const id of areas) await wpRest('DELETE', `/practice_areas/${id}?force=true`);
});

describe('previews on a real WordPress', () => {
  it('show a draft post, which stays out of post(slug) and the list', async () => {
    const slug = `${CONTRACT_SLUG_PREFIX}preview-draft-${tag}`;
    const draft = await createPost({
      slug,
      title: `Preview draft ${tag}`,
      content: '<!-- wp:heading --><h2 class="wp-block-heading">Draft heading</h2><!-- /wp:heading -->',
    });
    posts.push(draft.id);
    // An autosave by the draft's own author: WordPress writes it into the draft itself.
    const autosave = await wpRest('POST', `/posts/${draft.id}/autosaves`, {
      body: { title: `Preview draft ${tag}, autosaved`, content: '<p>Autosaved draft body.</p>' },
    });
    expect(autosave.status, JSON.stringify(autosave.json)).toBeLessThan(300);

    const result = await gw.query<PreviewData>(PREVIEW, {
      type: 'post',
      id: draft.id,
      token: token('post', draft.id),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.preview!.post).toMatchObject({ title: `Preview draft ${tag}, autosaved`, slug });
    expect(result.data!.preview!.post!.contentHtml).toContain('Autosaved draft body.');
    expect(result.data!.preview!.editUrl).toContain(`post=${draft.id}`);
    expect(Number.isNaN(Date.parse(result.data!.preview!.savedAt))).toBe(false);

    const published = await gw.query<{ post: unknown; posts: { nodes: { slug: string }[] } }>(
      `query ($slug: String!) { post(slug: $slug) { title } posts(first: 100) { nodes { slug } } }`,
      { slug },
    );
    expect(published.errors).toBeUndefined();
    expect(published.data!.post).toBeNull();
    expect(published.data!.posts.nodes.map((n) => n.slug)).not.toContain(slug);
  });

  it("show a published post's autosave in the preview and the published text everywhere else", async () => {
    const slug = `${CONTRACT_SLUG_PREFIX}preview-published-${tag}`;
    const post = await createPost({
      slug,
      status: 'publish',
      title: `Published ${tag}`,
      content: '<p>Published body.</p>',
    });
    posts.push(post.id);
    const autosave = await wpRest<{ id: number; parent: number }>('POST', `/posts/${post.id}/autosaves`, {
      body: { title: `Published ${tag}, being edited`, content: '<p>Edited, not yet updated.</p>' },
    });
    expect(autosave.status, JSON.stringify(autosave.json)).toBeLessThan(300);
    expect(autosave.json.parent).toBe(post.id);

    const result = await gw.query<PreviewData>(PREVIEW, {
      type: 'post',
      id: post.id,
      token: token('post', post.id),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.preview!.post!.title).toBe(`Published ${tag}, being edited`);
    expect(result.data!.preview!.post!.contentHtml).toContain('Edited, not yet updated.');

    const published = await gw.query<{ post: { title: string; contentHtml: string } | null }>(
      `query ($slug: String!) { post(slug: $slug) { title contentHtml } }`,
      { slug },
    );
    expect(published.data!.post!.title).toBe(`Published ${tag}`);
    expect(published.data!.post!.contentHtml).toContain('Published body.');
  });

  it('show a draft page', async () => {
    const created = await wpRest<{ id: number }>('POST', '/pages', {
      body: {
        status: 'draft',
        slug: `${CONTRACT_SLUG_PREFIX}preview-page-${tag}`,
        title: `Draft page ${tag}`,
        content: '<p>Page draft body.</p>',
      },
    });
    expect(created.status).toBe(201);
    pages.push(created.json.id);
    const result = await gw.query<PreviewData>(PREVIEW, {
      type: 'page',
      id: created.json.id,
      token: token('page', created.json.id),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.preview!.page!.title).toBe(`Draft page ${tag}`);
    expect(result.data!.preview!.page!.contentHtml).toContain('Page draft body.');
  });

  it('show a draft practice area', async () => {
    const created = await wpRest<{ id: number }>('POST', '/practice_areas', {
      body: {
        status: 'draft',
        slug: `${CONTRACT_SLUG_PREFIX}preview-area-${tag}`,
        title: `Draft area ${tag}`,
        content: '<p>Area draft body.</p>',
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    areas.push(created.json.id);
    const result = await gw.query<PreviewData>(PREVIEW, {
      type: 'practice_area',
      id: created.json.id,
      token: token('practice_area', created.json.id),
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.preview!.practiceArea!.title).toBe(`Draft area ${tag}`);
    expect(result.data!.preview!.practiceArea!.contentHtml).toContain('Area draft body.');
  });

  it('refuse a token for another item or past its time, and show nothing without the application password', async () => {
    const id = posts[0]!;
    const wrong = await gw.query<PreviewData>(PREVIEW, { type: 'post', id, token: token('post', id + 1) });
    expect(wrong.errors![0]!.extensions?.code).toBe('FORBIDDEN');
    expect(wrong.data?.preview ?? null).toBeNull();
    const expired = signPreviewToken(SECRET, {
      type: 'post',
      id,
      user: 1,
      exp: Math.floor(Date.now() / 1000) - 120,
    });
    const late = await gw.query<PreviewData>(PREVIEW, { type: 'post', id, token: expired });
    expect(late.errors![0]!.extensions?.code).toBe('FORBIDDEN');
    expect(late.data?.preview ?? null).toBeNull();

    const { url, user } = credentials();
    const other = await inProcessGateway(url, {
      PREVIEW_SECRET: SECRET,
      WORDPRESS_USER: user,
      WORDPRESS_APP_PASSWORD: 'abcd abcd abcd abcd abcd abcd',
      ALLOW_INSECURE_WORDPRESS: 'true',
    });
    try {
      const refused = await other.query<PreviewData>(PREVIEW, { type: 'post', id, token: token('post', id) });
      expect(refused.data?.preview ?? null).toBeNull();
      expect(refused.errors![0]!.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await other.close();
    }
  });
});
