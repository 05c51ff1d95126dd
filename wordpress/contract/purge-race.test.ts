// A purge must also cover an answer that was in flight when it arrived. Here WordPress has already
// answered the blog list (without the post about to be published) when the post is published and
// the plugin's webhook purges the gateway's cache; that older answer reaches the gateway only after
// the purge. The gateway must not keep it as fresh: the published post has to show within the same
// 2 s as any webhook-driven change, not after a whole TTL.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../gateway/src/http.js';
import type { PurgeRequest } from '../../gateway/src/cache/purge.js';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { startWordPressProxy, type WordPressProxy } from './lib/proxy.js';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  currentWebhook,
  deletePost,
  wordpressUp,
  type Webhook,
} from './lib/wordpress.js';

const LIST = /* GraphQL */ `
  query {
    posts(first: 20) {
      nodes {
        slug
      }
    }
  }
`;

let original: Webhook | null;
let proxy: WordPressProxy;
let gw: InProcessGateway;
let server: ReturnType<typeof createHttpServer>;
const purged: PurgeRequest[] = [];
const created: number[] = [];

beforeAll(async () => {
  original = currentWebhook();
  proxy = await startWordPressProxy(credentials().url);
  const secret = randomBytes(24).toString('hex');
  gw = await inProcessGateway(proxy.url, { PURGE_SECRET: secret, CONTENT_CACHE_TTL: '600' });
  const purge = gw.gateway.purge;
  (gw.gateway as { purge: typeof purge }).purge = async (request) => {
    const n = await purge(request);
    purged.push(request);
    return n;
  };
  server = createHttpServer(gw.gateway);
  await listen(server, 0, '127.0.0.1');
  await wordpressUp({
    url: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/purge`,
    secret,
  });
});

afterAll(async () => {
  for (const id of created) await deletePost(id, true);
  await wordpressUp(original);
  await server?.close();
  await gw?.close();
  await proxy?.close();
});

async function listed(): Promise<string[]> {
  const res = await gw.query<{ posts: { nodes: Array<{ slug: string }> } }>(LIST);
  expect(res.errors).toBeUndefined();
  return res.data!.posts.nodes.map((p) => p.slug);
}

describe('purge while an answer is in flight', () => {
  it('a post published while the blog list was being fetched shows within 2 s of the purge', async () => {
    const slug = `${CONTRACT_SLUG_PREFIX}race-${randomBytes(3).toString('hex')}`;
    proxy.hold((path) => path.startsWith('/wp-json/wp/v2/posts?per_page=20&'));
    const inFlight = listed();
    const held = await proxy.nextHeld();

    const post = await createPost({
      slug,
      status: 'publish',
      title: 'Contract race post',
      content: '<p>Body.</p>',
    });
    created.push(post.id);
    for (let i = 0; i < 80 && !purged.some((p) => p.slug === slug); i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(purged.some((p) => p.type === 'post' && p.slug === slug)).toBe(true);

    held.release();
    await inFlight;

    const since = performance.now();
    let seen = false;
    while (!seen && performance.now() - since < 2000) {
      seen = (await listed()).includes(slug);
      if (!seen) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen, 'the answer fetched before the purge is kept as fresh for the whole TTL').toBe(true);
  });
});
