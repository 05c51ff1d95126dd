// Publish to visible: an editor's change through WordPress's REST API (application password)
// reaches the gateway's real HTTP server (gateway/src/main.ts in a child process)
// - right away through the plugin's signed purge webhook, with a cache TTL far too long to explain it;
// - within the TTL when no webhook is configured.
// Publishing, a title change and trashing are each followed until the gateway shows them.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from './lib/figures.js';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import {
  CONTRACT_SLUG_PREFIX,
  createPost,
  credentials,
  currentWebhook,
  deletePost,
  updatePost,
  wordpressUp,
  type Webhook,
} from './lib/wordpress.js';

/** The webhook case must not be explained by expiry: far longer than the test runs. */
const LONG_TTL_S = 600;
/** The no-webhook case: short enough to wait for. */
const SHORT_TTL_S = 3;
const WEBHOOK_DEADLINE_MS = 2000;
/** A TTL expiry is noticed by the next request after it, plus one WordPress round trip. */
const TTL_DEADLINE_MS = SHORT_TTL_S * 1000 + 2000;

const VIEW = /* GraphQL */ `
  query View($slug: String!) {
    posts(first: 20) {
      totalCount
      nodes {
        slug
        title
      }
    }
    post(slug: $slug) {
      slug
      title
    }
  }
`;

interface View {
  posts: { totalCount: number; nodes: Array<{ slug: string; title: string }> };
  post: { slug: string; title: string } | null;
}

const created = new Set<number>();
let original: Webhook | null;

beforeAll(() => {
  original = currentWebhook();
});

afterAll(async () => {
  for (const id of created) await deletePost(id, true);
  await wordpressUp(original);
});

async function view(gw: ChildGateway, slug: string): Promise<View> {
  const res = await gw.query<View>(VIEW, { slug });
  expect(res.errors).toBeUndefined();
  return res.data!;
}

/** Polls until the gateway's answer satisfies `seen`; returns the milliseconds since `since`. */
async function visibleAfter(
  gw: ChildGateway,
  slug: string,
  since: number,
  deadlineMs: number,
  seen: (v: View) => boolean,
): Promise<number> {
  for (;;) {
    const v = await view(gw, slug);
    const elapsed = Math.round(performance.now() - since);
    if (seen(v)) return elapsed;
    if (elapsed > deadlineMs) throw new Error(`not visible after ${elapsed} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const listed = (v: View, slug: string) => v.posts.nodes.find((p) => p.slug === slug);

const LINKED = /* GraphQL */ `
  query Linked($slug: String!) {
    post(slug: $slug) {
      translations {
        slug
      }
    }
  }
`;

/** Polls `read` until `seen` holds; the milliseconds since `since`. */
async function until<T>(read: () => Promise<T>, seen: (v: T) => boolean, since: number): Promise<number> {
  for (;;) {
    const v = await read();
    const elapsed = Math.round(performance.now() - since);
    if (seen(v)) return elapsed;
    if (elapsed > WEBHOOK_DEADLINE_MS * 2)
      throw new Error(`not seen after ${elapsed} ms: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Draft -> publish -> new title -> trash, each followed in the gateway within the deadline. */
async function lifecycle(gw: ChildGateway, label: string, deadlineMs: number) {
  const slug = `${CONTRACT_SLUG_PREFIX}${label}-${randomBytes(3).toString('hex')}`;
  const before = await view(gw, slug);
  expect(before.post).toBeNull();
  expect(listed(before, slug)).toBeUndefined();

  const draft = await createPost({ slug, title: `Contract ${label} draft`, content: '<p>Draft body.</p>' });
  created.add(draft.id);
  // A draft is never public, whatever the cache does.
  expect((await view(gw, slug)).post).toBeNull();

  let started = performance.now();
  await updatePost(draft.id, { status: 'publish', title: `Contract ${label} published` });
  const publishMs = await visibleAfter(gw, slug, started, deadlineMs, (v) => {
    const item = listed(v, slug);
    return item?.title === `Contract ${label} published` && v.post?.title === item.title;
  });
  const afterPublish = await view(gw, slug);
  expect(afterPublish.posts.totalCount).toBe(before.posts.totalCount + 1);

  started = performance.now();
  await updatePost(draft.id, { title: `Contract ${label} retitled` });
  const updateMs = await visibleAfter(
    gw,
    slug,
    started,
    deadlineMs,
    (v) =>
      listed(v, slug)?.title === `Contract ${label} retitled` &&
      v.post?.title === `Contract ${label} retitled`,
  );

  started = performance.now();
  await deletePost(draft.id);
  const trashMs = await visibleAfter(
    gw,
    slug,
    started,
    deadlineMs,
    (v) => !listed(v, slug) && v.post === null,
  );
  expect((await view(gw, slug)).posts.totalCount).toBe(before.posts.totalCount);

  await deletePost(draft.id, true);
  created.delete(draft.id);
  return { slug, publishMs, updateMs, trashMs };
}

describe('publish to visible', () => {
  it(`with the purge webhook: published, retitled and trashed posts show within ${WEBHOOK_DEADLINE_MS} ms`, async () => {
    const secret = randomBytes(24).toString('hex');
    const gw = await startChildGateway({
      WORDPRESS_URL: credentials().url,
      PURGE_SECRET: secret,
      CONTENT_CACHE_TTL: String(LONG_TTL_S),
    });
    try {
      await wordpressUp({ url: `${gw.url}/purge`, secret });
      const times = await lifecycle(gw, 'webhook', WEBHOOK_DEADLINE_MS);
      expect(Math.max(times.publishMs, times.updateMs, times.trashMs)).toBeLessThanOrEqual(
        WEBHOOK_DEADLINE_MS,
      );

      // The gateway took WordPress's signed events: none refused, one per change at least.
      const purges = gw.logs.filter((l) => l.msg === 'cache purged');
      const refused = gw.logs.filter((l) => l.msg.startsWith('purge refused'));
      expect(refused).toEqual([]);
      const events = purges.map((l) => (l.purge as { slug?: string; type?: string }) ?? {});
      expect(events.filter((e) => e.type === 'post' && e.slug === times.slug).length).toBeGreaterThanOrEqual(
        3,
      );
      figure('publish-to-visible (webhook)', `${times.publishMs} ms`, { ...times, ttlSeconds: LONG_TTL_S });
      figure('update-to-visible (webhook)', `${times.updateMs} ms`);
      figure('trash-to-gone (webhook)', `${times.trashMs} ms`);
      figure('purge webhooks received', purges.length);
    } finally {
      await gw.stop();
    }
  });

  it(`with the purge webhook: a translation renamed or unpublished changes the page linking to it within ${WEBHOOK_DEADLINE_MS} ms`, async () => {
    const secret = randomBytes(24).toString('hex');
    const gw = await startChildGateway({
      WORDPRESS_URL: credentials().url,
      PURGE_SECRET: secret,
      CONTENT_CACHE_TTL: String(LONG_TTL_S),
    });
    const tag = randomBytes(3).toString('hex');
    const hindiSlug = `${CONTRACT_SLUG_PREFIX}linked-hi-${tag}`;
    const englishSlug = `${CONTRACT_SLUG_PREFIX}linked-en-${tag}`;
    const renamed = `${englishSlug}-renamed`;
    try {
      await wordpressUp({ url: `${gw.url}/purge`, secret });
      const english = await createPost({ slug: englishSlug, title: 'Bail explained', status: 'publish' });
      created.add(english.id);
      const hindi = await createPost({
        slug: hindiSlug,
        title: 'जमानत की जानकारी',
        content: '<p>गिरफ्तारी के बाद जमानत कैसे मिलती है।</p>',
        status: 'publish',
        translation: english.id,
      });
      created.add(hindi.id);
      const linkOf = async () => {
        const res = await gw.query<{ post: { translations: Array<{ slug: string }> } | null }>(LINKED, {
          slug: hindiSlug,
        });
        expect(res.errors).toBeUndefined();
        return res.data!.post?.translations.map((t) => t.slug).join(',') ?? null;
      };
      expect(await linkOf()).toBe(englishSlug);

      // Only the English post is saved: the plugin purges the Hindi one, whose translation_ref changed.
      let started = performance.now();
      await updatePost(english.id, { slug: renamed });
      const renameMs = await until(
        () => linkOf(),
        (link) => link === renamed,
        started,
      );
      started = performance.now();
      await updatePost(english.id, { status: 'draft' });
      const unpublishMs = await until(
        () => linkOf(),
        (link) => link === '',
        started,
      );
      expect(Math.max(renameMs, unpublishMs)).toBeLessThanOrEqual(WEBHOOK_DEADLINE_MS);
      figure('translation renamed, linking page updated (webhook)', `${renameMs} ms`);
    } finally {
      await gw.stop();
    }
  });

  it(`without the webhook: they show within the TTL (${SHORT_TTL_S} s)`, async () => {
    await wordpressUp(null);
    const gw = await startChildGateway({
      WORDPRESS_URL: credentials().url,
      CONTENT_CACHE_TTL: String(SHORT_TTL_S),
      // Past the TTL the next request fetches, instead of serving the old answer once more.
      STALE_WHILE_REVALIDATE: '0',
    });
    try {
      const times = await lifecycle(gw, 'ttl', TTL_DEADLINE_MS);
      expect(gw.logs.filter((l) => l.msg === 'cache purged')).toEqual([]);
      figure('publish-to-visible (no webhook, TTL 3 s)', `${times.publishMs} ms`, {
        ...times,
        ttlSeconds: SHORT_TTL_S,
      });
      figure('update-to-visible (no webhook)', `${times.updateMs} ms`);
      figure('trash-to-gone (no webhook)', `${times.trashMs} ms`);
    } finally {
      await gw.stop();
    }
  });
});
