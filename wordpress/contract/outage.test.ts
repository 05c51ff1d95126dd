// WordPress stopped mid-run: its PHP server is killed (as down.sh does) while the gateway's real HTTP
// server keeps running. Every operation the website sent before must get the same answer again, now
// from the last good answers (stale-if-error: the cache TTL has run out, so nothing is fresh); what
// was never asked reads as none or falls back, without a crash; the connection check says ERROR.
// WordPress is started again with `npm run wordpress:up` and the gateway recovers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../gateway/src/generated/resolvers.js';
import { PRACTICE_AREA } from '../../gateway/test/queries.js';
import { readContent, type Content } from './lib/content.js';
import { figure } from './lib/figures.js';
import { startChildGateway, type ChildGateway, type GraphQLAnswer } from './lib/gateway.js';
import { siteOperations, WEB, type Operation } from './lib/operations.js';
import {
  credentials,
  currentWebhook,
  stopPhpServer,
  wordpressAnswers,
  wordpressUp,
} from './lib/wordpress.js';

const TTL_S = 1;

let content: Content;
let gw: ChildGateway;
let operations: Operation[];
const before = new Map<string, GraphQLAnswer>();

beforeAll(async () => {
  content = await readContent();
  operations = siteOperations({
    posts: content.posts.map((p) => p.slug),
    pages: content.pages.map((p) => p.slug),
    practiceAreas: content.practiceAreas.map((p) => p.slug),
  });
  gw = await startChildGateway({
    WORDPRESS_URL: credentials().url,
    CONTENT_CACHE_TTL: String(TTL_S),
    STALE_WHILE_REVALIDATE: '0',
    UPSTREAM_TIMEOUT_MS: '3000',
  });
});

afterAll(async () => {
  await gw?.stop();
  // Whatever happened above, leave WordPress running as `up` left it (same webhook settings).
  if (!(await wordpressAnswers())) await wordpressUp(currentWebhook());
});

/** Runs the operations a few at a time, as a browser's page views would arrive. */
async function runAll(ops: readonly Operation[]): Promise<Map<string, GraphQLAnswer>> {
  const answers = new Map<string, GraphQLAnswer>();
  for (let i = 0; i < ops.length; i += 8) {
    await Promise.all(
      ops.slice(i, i + 8).map(async (op) => answers.set(op.name, await gw.query(op.query, op.variables))),
    );
  }
  return answers;
}

async function connection(): Promise<Connection> {
  const res = await gw.query<{ connection: Connection }>(WEB.WpAdminConnection);
  expect(res.errors).toBeUndefined();
  return res.data!.connection;
}

describe('WordPress stopped mid-run', () => {
  it('answers every operation while WordPress runs', async () => {
    for (const [name, answer] of await runAll(operations)) {
      expect(answer.errors, name).toBeUndefined();
      before.set(name, answer);
    }
    expect(before.size).toBe(operations.length);
    expect((await connection()).status).toBe('CONNECTED');
  });

  it('serves the last good answer to every one of them once WordPress is gone', async () => {
    const pid = await stopPhpServer();
    expect(await wordpressAnswers()).toBe(false);
    // Past the TTL nothing is fresh: every answer below had to be fetched, failed, and was served stale.
    await new Promise((r) => setTimeout(r, TTL_S * 1000 + 200));

    const warningsBefore = gw.logs.filter(
      (l) => l.msg === 'WordPress failed; serving the last good answer',
    ).length;
    const after = await runAll(operations);
    let same = 0;
    for (const op of operations) {
      const answer = after.get(op.name)!;
      expect(answer.errors, op.name).toBeUndefined();
      expect(answer.data, op.name).toEqual(before.get(op.name)!.data);
      same += 1;
    }
    const staleWarnings = gw.logs.filter(
      (l) => l.msg === 'WordPress failed; serving the last good answer',
    ).length;
    expect(staleWarnings).toBeGreaterThan(warningsBefore);
    figure(
      'stale-if-error with WordPress stopped',
      `${same}/${operations.length} operations answered as before`,
      {
        phpServerPid: pid,
      },
    );
  });

  it('never-seen questions read as none or fall back, and the gateway stays up', async () => {
    expect(await wordpressAnswers()).toBe(false);
    // No page, and an error saying the lookup failed (brief §8's 'Failed to fetch page'): the site
    // answers 503 rather than a 404 a search engine would believe.
    const page = await gw.query<{ page: unknown }>(WEB.ContentPage, { slug: 'contract-never-seen-page' });
    expect(page.data!.page).toBeNull();
    expect(page.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Failed to fetch page', 'UPSTREAM_UNAVAILABLE'],
    ]);

    const area = await gw.query<{ practiceArea: unknown }>(PRACTICE_AREA, {
      slug: 'contract-never-seen-area',
    });
    expect(area.data!.practiceArea).toBeNull();
    expect(area.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Failed to fetch practice area', 'UPSTREAM_UNAVAILABLE'],
    ]);

    // brief §8: a post that cannot be fetched is 'Failed to fetch post' (the web shows 'Failed to load post.').
    const post = await gw.query<{ post: unknown }>(WEB.PostPage, { slug: 'contract-never-seen-post' });
    expect(post.data?.post ?? null).toBeNull();
    expect(post.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
      ['Failed to fetch post', 'UPSTREAM_UNAVAILABLE'],
    ]);

    const search = await gw.query<{ posts: unknown }>(WEB.BlogPosts, {
      first: 20,
      page: 1,
      search: 'never searched',
    });
    expect(search.data?.posts ?? null).toBeNull();
    expect(search.errors?.map((e) => e.message)).toEqual(['Failed to fetch posts']);

    const status = await connection();
    expect(status.status).toBe('ERROR');
    expect(status.message).toMatch(/^Connection failed: WordPress is unreachable\./);
    expect(await gw.healthz()).toBe(200);
    figure(
      'WordPress stopped: never-seen slug',
      'page null, practice area null, post null + UPSTREAM_UNAVAILABLE',
    );
    figure('WordPress stopped: connection', status.status);
  });

  it('recovers once WordPress is started again', async () => {
    await wordpressUp(currentWebhook());
    expect(await wordpressAnswers()).toBe(true);
    expect((await connection()).status).toBe('CONNECTED');
    const post = await gw.query<{ post: unknown }>(WEB.PostPage, { slug: 'contract-never-seen-post' });
    expect(post.errors).toBeUndefined();
    expect(post.data!.post).toBeNull();
    const blog = operations.find((op) => op.name === 'BlogPosts')!;
    const list = await gw.query(blog.query, blog.variables);
    expect(list.errors).toBeUndefined();
    expect(list.data).toEqual(before.get(blog.name)!.data);
  });
});
