// The real WordPress with plain permalinks, as a firm may leave it (or as it behaves behind a web
// server that does not pass /wp-json/ on to it): under /wp-json/ it answers with a redirect and then
// its home page, and its REST API only at ?rest_route=. The gateway finds that address on its first
// question and serves the content, the drafts, the enquiries and the /wp-admin helper through it
// (gateway/src/sources/wordpress/rest-address.ts). The setting is changed as Settings › Permalinks
// changes it, for this file, and put back afterwards; the contract files run one at a time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWordPressDelivery } from '../../gateway/src/enquiry/wordpress.js';
import { createDraftFetcher } from '../../gateway/src/preview/wordpress.js';
import { deleteEnquiries, ENQUIRY_TAG_PREFIX, enquiriesMatching, runTag } from './lib/enquiries.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { wordpressPhp } from './lib/media.js';
import { credentials } from './lib/wordpress.js';

/** Sets the permalink structure as Settings › Permalinks does, its rewrite rules written again. */
async function setPermalinks(structure: string): Promise<void> {
  await wordpressPhp(
    'global $wp_rewrite; $wp_rewrite->set_permalink_structure($argv[1]); flush_rewrite_rules(false);',
    [structure],
  );
}

let before = '';
let gw: InProcessGateway | undefined;
const tag = runTag();

beforeAll(async () => {
  before = JSON.parse(
    await wordpressPhp("echo wp_json_encode((string) get_option('permalink_structure'));", []),
  ) as string;
  await setPermalinks('');
  gw = await inProcessGateway(credentials().url);
});

afterAll(async () => {
  await gw?.close();
  if (before) await setPermalinks(before);
  // With the permalinks back, the helpers' /wp-json/ addresses work again.
  const stored = (await enquiriesMatching(tag)).filter((e) => e.title.raw.includes(ENQUIRY_TAG_PREFIX));
  await deleteEnquiries(stored.map((e) => e.id));
});

describe('a WordPress with plain permalinks', () => {
  it('really answers under /wp-json/ with a page, and at ?rest_route= with its API', async () => {
    const { url } = credentials();
    const pretty = await fetch(`${url}/wp-json/wp/v2/posts?per_page=1`);
    expect(pretty.headers.get('content-type')).toMatch(/text\/html/);
    await pretty.body?.cancel();
    const plain = await fetch(`${url}/?rest_route=/wp/v2/posts&per_page=1`);
    expect(plain.headers.get('content-type')).toMatch(/json/);
    expect(await plain.json()).toHaveLength(1);
  });

  it('serves the lists, a post, the practice areas and the /wp-admin helper through the gateway', async () => {
    const res = await gw!.query<{
      posts: { nodes: { slug: string }[]; totalCount: number };
      practiceAreas: { slug: string }[];
      connection: { status: string; endpoint: string; message: string };
    }>(
      `{ posts(first: 3) { nodes { slug } totalCount } practiceAreas { slug }
         connection { status endpoint message } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.posts.nodes).toHaveLength(3);
    expect(res.data!.posts.totalCount).toBeGreaterThan(3);
    expect(res.data!.practiceAreas.length).toBeGreaterThan(0);
    expect(res.data!.connection).toEqual({
      status: 'CONNECTED',
      endpoint: `${credentials().url}/?rest_route=/wp/v2`,
      message: expect.stringContaining('Permalinks › Post name') as unknown as string,
    });

    const slug = res.data!.posts.nodes[0]!.slug;
    const post = await gw!.query<{ post: { title: string; contentHtml: string } | null }>(
      'query ($slug: String!) { post(slug: $slug) { title contentHtml } }',
      { slug },
    );
    expect(post.errors).toBeUndefined();
    expect(post.data!.post!.contentHtml.length).toBeGreaterThan(100);
  });

  it('reads a draft with the application password, whose requests follow no redirect', async () => {
    const { url, user, appPassword } = credentials();
    const plain = await fetch(`${url}/?rest_route=/wp/v2/posts&per_page=1&_fields=id`);
    const [{ id }] = (await plain.json()) as [{ id: number }];
    const drafts = createDraftFetcher({
      url,
      user,
      appPassword,
      timeoutMs: 10_000,
      maxResponseBytes: 1 << 22,
    });
    const answer = await drafts('post', id);
    expect((answer.item as { id: number; content: { raw?: unknown } }).id).toBe(id);
    expect(typeof (answer.item as { content: { raw?: unknown } }).content.raw).toBe('string');
  });

  it('delivers an enquiry to the companion plugin once, however often it is sent', async () => {
    const { url, user, appPassword } = credentials();
    const deliver = createWordPressDelivery({ url, user, appPassword, timeoutMs: 10_000 });
    const entry = {
      key: crypto.randomUUID(),
      receivedAt: new Date().toISOString(),
      delivered: null,
      enquiry: {
        name: 'Contract Visitor',
        email: 'visitor@example.in',
        phone: '+91 98765 43210',
        phoneE164: '+919876543210',
        subject: `${tag} plain permalinks`,
        message: `Enquiry of ${tag}: please call me about my case.`,
        practiceArea: null,
      },
    };
    const first = await deliver(entry, new AbortController().signal);
    expect(first.created).toBe(true);
    const again = await deliver(entry, new AbortController().signal);
    expect(again).toEqual({ postId: first.postId, created: false });
  });
});
