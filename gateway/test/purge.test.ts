// A purge while WordPress's answer is on its way: the answer shows the content as it was before the
// change, so the request it was for gets it, but nothing keeps it and nothing asked after the purge
// waits for it. The real WordPress client over the fake WordPress; the answer to the first request
// is held back (after WordPress sent it) until the purge is done.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createGateway, type Gateway } from '../src/server.js';
import { createWordPressClient } from '../src/sources/wordpress/client.js';
import { startFakeWordPress, type FakeWordPress } from './fake-wordpress.js';
import { fixtureSnapshot, POSTS } from './fixtures/snapshot.js';

const LIST = '{ posts(first: 5) { nodes { slug title } } }';
const NEW_TITLE = 'Bail Conditions, Revised by the Editor';

let wp: FakeWordPress;
let gateway: Gateway;
/** Set while the next answer to a /posts request is to be held: resolves when it may go on. */
let holdNext: Promise<void> | null = null;
let held: () => void = () => {};

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: fixtureSnapshot() });
  const client = createWordPressClient({
    baseUrl: wp.url,
    timeoutMs: 5000,
    retries: 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const gate = holdNext;
      if (gate && String(input).includes('/posts?')) {
        holdNext = null;
        held();
        await gate;
      }
      return response;
    },
  });
  gateway = createGateway(loadConfig({ NODE_ENV: 'test', WORDPRESS_URL: wp.url, RATE_LIMIT_GRAPHQL: '0' }), {
    upstream: client,
    logger: pino({ level: 'silent' }),
  });
  await gateway.start();
});

afterAll(async () => {
  await gateway?.stop();
  await wp?.close();
});

async function titles(): Promise<string[]> {
  const response = await gateway.executeOperation<{ posts: { nodes: Array<{ title: string }> } }>({
    query: LIST,
  });
  if (response.body.kind !== 'single') throw new Error('expected a single result');
  expect(response.body.singleResult.errors).toBeUndefined();
  return response.body.singleResult.data!.posts.nodes.map((n) => n.title);
}

describe('a purge while an answer is on its way', () => {
  it('asks WordPress again for a request made after it, and keeps only the new answer', async () => {
    const newest = POSTS[0] as { slug: string };
    let release: () => void = () => {};
    holdNext = new Promise<void>((resolve) => (release = resolve));
    const answered = new Promise<void>((resolve) => (held = resolve));
    wp.resetStats();
    const before = titles();
    await answered;

    // The editor publishes; the webhook's purge arrives before the old answer does.
    const edited = fixtureSnapshot();
    (
      edited.posts.find((p) => (p as { slug: string }).slug === newest.slug) as {
        title: { rendered: string };
      }
    ).title.rendered = NEW_TITLE;
    wp.setSnapshot(edited);
    await gateway.purge({ type: 'post', slug: newest.slug });

    const after = titles();
    release();
    expect(await after).toContain(NEW_TITLE);
    expect(await before).not.toContain(NEW_TITLE);
    const lists = wp.stats.log.filter((l) => l.startsWith('/posts?'));
    expect(lists).toHaveLength(2);

    // What is kept is the answer asked for after the purge.
    expect(await titles()).toContain(NEW_TITLE);
    expect(wp.stats.log.filter((l) => l.startsWith('/posts?'))).toHaveLength(2);
  });
});
