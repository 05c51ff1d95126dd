// Publish to visible without the webhook: a post published through WordPress's REST API reaches
// the public blog list and the RSS feed of the real gateway and web server (each in a child process,
// as `npm start` runs them) within PAGE_CACHE_TTL of the change, with no purge anywhere (the gateway
// has no PURGE_SECRET, so WordPress's webhook, wherever it points, cannot reach it). The caches are
// caught at their worst: the list is fetched from WordPress just before the post is published, so
// each cache holds the old list for as long as it ever would. Real time is what is measured here.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from './lib/figures.js';
import { freePort, startChildGateway, type ChildGateway } from './lib/gateway.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost, REPO_ROOT } from './lib/wordpress.js';

interface ChildWeb {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

/** `node --import tsx web/server/main.server.ts` (the built site) on a free port, ready when /healthz answers. */
async function startChildWeb(env: Record<string, string>): Promise<ChildWeb> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('web', 'server', 'main.server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the web server exited (${child.exitCode}): ${output.join('')}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the web server did not answer /healthz within 60 s: ${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function text(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: await res.text() };
}

/** The lifetimes of both services when neither CONTENT_CACHE_TTL nor PAGE_CACHE_TTL is set. */
const DEFAULT_LIFETIME_S = 30;
const SHORT_LIFETIME_S = 10;

interface Site {
  gw: ChildGateway;
  web: ChildWeb;
}

/** A gateway and a web server with the lifetimes given (their defaults when undefined). */
async function startSite(lifetimeS?: number): Promise<Site> {
  const gw = await startChildGateway({
    WORDPRESS_URL: credentials().url,
    ...(lifetimeS === undefined ? {} : { CONTENT_CACHE_TTL: String(lifetimeS) }),
  });
  try {
    const web = await startChildWeb({
      GATEWAY_URL: `${gw.url}/graphql`,
      ...(lifetimeS === undefined ? {} : { PAGE_CACHE_TTL: String(lifetimeS) }),
    });
    return { gw, web };
  } catch (error) {
    await gw.stop();
    throw error;
  }
}

const sites: { short?: Site; standard?: Site } = {};
const created = new Set<number>();

beforeAll(async () => {
  // Both at once: starting the services is most of the time this file takes.
  const [short, standard] = await Promise.allSettled([startSite(SHORT_LIFETIME_S), startSite()]);
  if (short.status === 'fulfilled') sites.short = short.value;
  if (standard.status === 'fulfilled') sites.standard = standard.value;
  for (const result of [short, standard]) if (result.status === 'rejected') throw result.reason;
}, 120_000);

afterAll(async () => {
  for (const id of created) await deletePost(id, true);
  for (const site of [sites.short, sites.standard]) {
    await site?.web.stop();
    await site?.gw.stop();
  }
});

interface Watched {
  /** Milliseconds from the publish request to the first request that got the post, per address. */
  shownMs: Record<string, number>;
  /**
   * Requests sent `boundMs` or more after WordPress had saved the post that still got the old
   * list (ms after the save), per address: the bound says there are none. A request counts from
   * when it was sent: the one that finds a page too old waits for its new render, and gets it.
   */
  lateOld: Record<string, number[]>;
}

const ADDRESSES = ['/blog/', '/feed.xml'] as const;

/**
 * Fills the site's caches with the blog list and the feed as WordPress has them, publishes a post,
 * and polls both addresses until it shows on each, or until `boundMs` + 15 s have passed (so that
 * a miss says how late it was).
 */
async function publishAndWatch(site: Site, boundMs: number): Promise<Watched> {
  const { gw, web } = site;
  const tag = randomBytes(4).toString('hex');
  const title = `Visible without webhook ${tag}`;
  const slug = `${CONTRACT_SLUG_PREFIX}no-webhook-${tag}`;
  // The old list, fetched from WordPress right now, in every cache.
  for (const address of ADDRESSES) {
    const before = await text(`${web.url}${address}`);
    expect(before.status, `${address}: ${web.output.slice(-5).join('')}`).toBe(200);
    expect(before.body, address).not.toContain(title);
  }

  const started = performance.now();
  const post = await createPost({
    slug,
    title,
    content: '<p>Published with no purge.</p>',
    status: 'publish',
  });
  // WordPress has saved it by now (perhaps a little earlier): the bound is counted from here.
  const saved = performance.now();
  created.add(post.id);
  try {
    const shownMs: Record<string, number> = {};
    const lateOld: Record<string, number[]> = { '/blog/': [], '/feed.xml': [] };
    while (
      Object.keys(shownMs).length < ADDRESSES.length &&
      performance.now() - started <= boundMs + 15_000
    ) {
      for (const address of ADDRESSES) {
        if (shownMs[address] !== undefined) continue;
        const sent = performance.now();
        const page = await text(`${web.url}${address}`);
        expect(page.status, `${address}: ${web.output.slice(-5).join('')}`).toBe(200);
        if (page.body.includes(title)) shownMs[address] = Math.round(sent - started);
        else if (sent - saved >= boundMs) lateOld[address]!.push(Math.round(sent - saved));
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // No purge reached the gateway: only the lifetimes can explain the post showing.
    expect(gw.logs.filter((l) => l.msg === 'cache purged')).toEqual([]);
    return { shownMs, lateOld };
  } finally {
    await deletePost(post.id, true);
    created.delete(post.id);
  }
}

/** The bound held on both addresses, and the post showed on both. */
function expectWithin(watched: Watched, boundMs: number): void {
  expect(watched.lateOld, `old list served ${boundMs} ms or more after the post was saved`).toEqual({
    '/blog/': [],
    '/feed.xml': [],
  });
  for (const address of ADDRESSES) {
    expect(watched.shownMs[address], `${address} never showed the post`).toBeDefined();
  }
}

describe('publish to visible without the webhook', () => {
  it(`shows on the blog list and the feed within the lifetime, at short lifetimes (${SHORT_LIFETIME_S} s)`, async () => {
    const watched = await publishAndWatch(sites.short!, SHORT_LIFETIME_S * 1000);
    expectWithin(watched, SHORT_LIFETIME_S * 1000);
    const ms = Math.max(...Object.values(watched.shownMs));
    figure(`publish-to-visible, no webhook, ${SHORT_LIFETIME_S} s lifetimes`, `${ms} ms`, watched.shownMs);
  }, 60_000);

  it(`shows on the blog list and the feed within ${DEFAULT_LIFETIME_S} s, at the default lifetimes`, async () => {
    const watched = await publishAndWatch(sites.standard!, DEFAULT_LIFETIME_S * 1000);
    expectWithin(watched, DEFAULT_LIFETIME_S * 1000);
    const ms = Math.max(...Object.values(watched.shownMs));
    figure(`publish-to-visible, no webhook, ${DEFAULT_LIFETIME_S} s lifetimes`, `${ms} ms`, watched.shownMs);
  }, 90_000);
});
