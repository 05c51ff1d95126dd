import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildRobots,
  buildRss,
  buildSitemap,
  createFeeds,
  escapeXml,
  FEED_PATHS,
  sitemapUrls,
  toRfc822,
  toW3cDate,
  type SitemapInput,
} from './feeds.server';
import { createCaches } from './caches.server';
import { COMPRESSION } from './app.server';

const HOSTILE = `Bail & "custody" <script>alert('x')</script> ]]> \u0000\u0008\u000B\uFFFE done 🙂`;
const HOSTILE_CLEAN = `Bail & "custody" <script>alert('x')</script> ]]>  done 🙂`;

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: (XmlNode | string)[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(\w+);/g, (_, name: string) => ENTITIES[name] ?? `&${name};`);
}

/**
 * A strict reader for the XML these builders write: every tag closed in order, only the five
 * predefined entities, no stray '<' or '&', no character XML forbids. Throws on anything else.
 */
function parseXml(xml: string): XmlNode {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(xml))
    throw new Error('forbidden character');
  const body = xml.replace(/^<\?xml [^?]*\?>\s*/, '');
  const root: XmlNode = { name: '#root', attrs: {}, children: [] };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let pos = 0;
  while ((m = token.exec(body))) {
    pos = token.lastIndex;
    const top = stack[stack.length - 1]!;
    if (m[5] !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(m[5])) throw new Error(`bad entity in ${JSON.stringify(m[5])}`);
      if (m[5].trim()) top.children.push(decode(m[5]));
      continue;
    }
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(a[2]!)) throw new Error('bad entity in attribute');
      attrs[a[1]!] = decode(a[2]!);
    }
    const node: XmlNode = { name: name!, attrs, children: [] };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  if (pos !== body.length) throw new Error(`unreadable XML at ${pos}: ${body.slice(pos, pos + 40)}`);
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is not closed`);
  return root;
}

function all(node: XmlNode, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  for (const child of node.children) {
    if (typeof child === 'string') continue;
    if (child.name === name) found.push(child);
    found.push(...all(child, name));
  }
  return found;
}

function text(node: XmlNode | undefined): string {
  return (node?.children ?? []).filter((c): c is string => typeof c === 'string').join('');
}

describe('escapeXml', () => {
  it('escapes the five special characters', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });

  it('does not double-escape what looks like an entity', () => {
    expect(escapeXml('&amp; &#38;')).toBe('&amp;amp; &amp;#38;');
  });

  it('drops characters XML 1.0 forbids and keeps tabs, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u0007c\u001Fd\uFFFEe\uD800f\tg\nh🙂')).toBe('abcdef\tg\nh🙂');
  });
});

describe('dates', () => {
  it('writes RFC 822 dates in GMT for RSS', () => {
    expect(toRfc822('2026-11-21T09:30:00Z')).toBe('Sat, 21 Nov 2026 09:30:00 GMT');
    expect(toRfc822('2026-11-21T15:00:00+05:30')).toBe('Sat, 21 Nov 2026 09:30:00 GMT');
  });

  it('reads a WordPress date without a zone as UTC, whatever the server zone', () => {
    expect(toRfc822('2026-01-05T08:00:00')).toBe('Mon, 05 Jan 2026 08:00:00 GMT');
    expect(toRfc822('2026-01-05')).toBe('Mon, 05 Jan 2026 00:00:00 GMT');
  });

  it('gives sitemap dates as an instant when the zone is known, else as a calendar date', () => {
    expect(toW3cDate('2026-11-21T15:00:00+05:30')).toBe('2026-11-21T09:30:00+00:00');
    expect(toW3cDate('2026-11-21T23:59:59')).toBe('2026-11-21');
  });

  it.each(['', 'yesterday', '2026-13-45T00:00:00Z', '21/11/2026', null, undefined])('refuses %j', (value) => {
    expect(toRfc822(value)).toBeNull();
    expect(toW3cDate(value)).toBeNull();
  });
});

describe('buildSitemap', () => {
  it('writes a well-formed urlset with escaped locations and readable lastmods only', () => {
    const xml = buildSitemap([
      { loc: 'https://www.example.in/', lastmod: '2026-11-20T10:00:00Z' },
      { loc: 'https://www.example.in/blog/a?x=1&y=<2>', lastmod: 'not a date' },
    ]);
    const doc = parseXml(xml);
    const urlset = all(doc, 'urlset')[0]!;
    expect(urlset.attrs.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = all(doc, 'url');
    expect(urls).toHaveLength(2);
    expect(text(all(urls[1]!, 'loc')[0])).toBe('https://www.example.in/blog/a?x=1&y=<2>');
    expect(all(urls[0]!, 'lastmod').map(text)).toEqual(['2026-11-20T10:00:00+00:00']);
    expect(all(urls[1]!, 'lastmod')).toHaveLength(0);
  });

  it('writes an empty urlset when there is nothing to list', () => {
    expect(all(parseXml(buildSitemap([])), 'url')).toHaveLength(0);
  });
});

describe('buildRss', () => {
  const channel = {
    title: 'Law Partners – Blog',
    link: 'https://www.example.in/blog',
    description: 'Criminal defence & family law',
    selfUrl: 'https://www.example.in/feed.xml',
    items: [
      {
        title: HOSTILE,
        link: 'https://www.example.in/blog/a?b=1&c=2',
        date: '2026-11-01T08:00:00Z',
        description: `Excerpt with <b>tags</b> & 'quotes'`,
        author: 'Adv. "R" Sharma',
      },
      {
        title: 'Second',
        link: 'https://www.example.in/blog/second',
        date: '2026-11-03T08:00:00Z',
        description: '',
      },
      { title: 'Undated', link: 'https://www.example.in/blog/undated', date: 'garbage', description: 'x' },
    ],
  };

  it('writes a well-formed RSS 2.0 document whose texts read back exactly', () => {
    const doc = parseXml(buildRss(channel));
    const rss = all(doc, 'rss')[0]!;
    expect(rss.attrs.version).toBe('2.0');
    const items = all(doc, 'item');
    expect(items).toHaveLength(3);
    const first = items[0]!;
    expect(text(all(first, 'title')[0])).toBe(HOSTILE_CLEAN);
    expect(text(all(first, 'link')[0])).toBe('https://www.example.in/blog/a?b=1&c=2');
    expect(text(all(first, 'guid')[0])).toBe('https://www.example.in/blog/a?b=1&c=2');
    expect(all(first, 'guid')[0]!.attrs.isPermaLink).toBe('true');
    expect(text(all(first, 'pubDate')[0])).toBe('Sun, 01 Nov 2026 08:00:00 GMT');
    expect(text(all(first, 'description')[0])).toBe(`Excerpt with <b>tags</b> & 'quotes'`);
    expect(text(all(first, 'dc:creator')[0])).toBe('Adv. "R" Sharma');
    expect(all(items[2]!, 'pubDate')).toHaveLength(0);
  });

  it('dates the channel by its newest item and links to itself', () => {
    const doc = parseXml(buildRss(channel));
    const ch = all(doc, 'channel')[0]!;
    expect(text(all(ch, 'lastBuildDate')[0])).toBe('Tue, 03 Nov 2026 08:00:00 GMT');
    expect(text(all(ch, 'description')[0])).toBe('Criminal defence & family law');
    expect(all(ch, 'atom:link')[0]!.attrs).toMatchObject({ href: channel.selfUrl, rel: 'self' });
  });
});

describe('buildRobots', () => {
  it('allows everything but the admin helper and names the sitemap', () => {
    expect(buildRobots('https://www.example.in').split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /wp-admin',
      '',
      'Sitemap: https://www.example.in/sitemap.xml',
      '',
    ]);
  });
});

describe('sitemapUrls', () => {
  const posts = Array.from({ length: 45 }, (_, i) => ({
    uri: `/blog/post-${i + 1}`,
    // Newest first, as the gateway lists them.
    date: `2026-10-${String(30 - Math.floor(i / 2)).padStart(2, '0')}T08:00:00Z`,
    modified: `2026-11-${String(20 - Math.floor(i / 3)).padStart(2, '0')}T08:00:00Z`,
  }));
  const input: SitemapInput = {
    siteUrl: 'https://www.example.in',
    posts,
    totalPosts: 45,
    practiceAreaLinks: ['/practice-areas/criminal-defense/', '/practice-areas/family-law/'],
    pages: [
      { uri: '/criminal-defense/', modified: '2026-09-01T00:00:00Z' },
      { uri: '/privacy-policy/', modified: '2026-08-01T00:00:00Z' },
      { uri: '/about/', modified: '2026-08-02T00:00:00Z' },
      { uri: '/wp-admin', modified: '2026-08-03T00:00:00Z' },
    ],
  };

  const english = (urls: { loc: string }[]) => urls.map((u) => u.loc).filter((l) => !l.includes('.in/hi/'));

  it('lists home, the blog and its list pages, every post, practice page and content page once', () => {
    const locs = english(sitemapUrls(input));
    expect(locs.slice(0, 4)).toEqual([
      'https://www.example.in/',
      'https://www.example.in/blog',
      'https://www.example.in/blog/page/2',
      'https://www.example.in/blog/page/3',
    ]);
    expect(locs.filter((l) => l.includes('/blog/post-'))).toHaveLength(45);
    expect(locs).toContain('https://www.example.in/practice-areas/criminal-defense/');
    expect(locs).toContain('https://www.example.in/practice-areas/family-law/');
    expect(locs).toContain('https://www.example.in/privacy-policy/');
    expect(locs).toHaveLength(4 + 45 + 2 + 1);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('leaves out home aliases, /wp-admin and addresses that only redirect', () => {
    const locs = sitemapUrls(input).map((u) => u.loc);
    expect(locs).not.toContain('https://www.example.in/about/');
    expect(locs).not.toContain('https://www.example.in/wp-admin');
    expect(locs).not.toContain('https://www.example.in/criminal-defense/');
  });

  it('dates each entry by what it shows', () => {
    const byLoc = new Map(sitemapUrls(input).map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get('https://www.example.in/blog')).toBe('2026-11-20T08:00:00Z');
    // Page 3 shows posts 41-45, modified on 2026-11-07 at the latest.
    expect(byLoc.get('https://www.example.in/blog/page/3')).toBe('2026-11-07T08:00:00Z');
    // The WordPress page behind an old practice address dates the practice page it redirects to.
    expect(byLoc.get('https://www.example.in/practice-areas/criminal-defense/')).toBe('2026-09-01T00:00:00Z');
    expect(byLoc.get('https://www.example.in/practice-areas/family-law/')).toBeUndefined();
  });

  it('dates a practice area by its own last change in WordPress, or its page if that changed later', () => {
    const urls = sitemapUrls({
      ...input,
      practiceAreaLinks: [...input.practiceAreaLinks, '/practice/cheque-bounce/'],
      practiceAreaDates: new Map([
        ['/practice/cheque-bounce/', '2026-11-02T10:00:00+05:30'],
        ['/practice-areas/criminal-defense/', '2026-10-01T00:00:00Z'],
        ['/practice-areas/family-law/', '2026-07-01T00:00:00Z'],
      ]),
    });
    const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get('https://www.example.in/practice/cheque-bounce/')).toBe('2026-11-02T10:00:00+05:30');
    expect(byLoc.get('https://www.example.in/practice-areas/criminal-defense/')).toBe('2026-10-01T00:00:00Z');
    expect(byLoc.get('https://www.example.in/practice-areas/family-law/')).toBe('2026-07-01T00:00:00Z');
  });

  it('leaves out the posts and pages their editors kept out of search, in both languages', () => {
    const urls = sitemapUrls({
      ...input,
      posts: posts.map((p, i) => (i === 0 || i === 44 ? { ...p, noindex: true } : { ...p, noindex: false })),
      pages: input.pages.map((p) => (p.uri === '/privacy-policy/' ? { ...p, noindex: true } : p)),
    });
    const locs = urls.map((u) => u.loc);
    for (const gone of ['/blog/post-1', '/blog/post-45', '/privacy-policy/']) {
      expect(locs).not.toContain(`https://www.example.in${gone}`);
      expect(locs).not.toContain(`https://www.example.in/hi${gone}`);
    }
    expect(locs).toContain('https://www.example.in/blog/post-2');
    // They are still on the blog's list pages: the list pages and their dates stay as they were.
    expect(english(urls)).toHaveLength(4 + 43 + 2);
    const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]));
    expect(byLoc.get('https://www.example.in/blog')).toBe('2026-11-20T08:00:00Z');
    expect(byLoc.get('https://www.example.in/blog/page/3')).toBe('2026-11-07T08:00:00Z');
  });

  it('still lists the home page and the blog when there are no posts', () => {
    const urls = sitemapUrls({ ...input, posts: [], totalPosts: 0, pages: [], practiceAreaLinks: [] });
    expect(urls.map((u) => u.loc)).toEqual([
      'https://www.example.in/',
      'https://www.example.in/blog',
      'https://www.example.in/hi/',
      'https://www.example.in/hi/blog',
    ]);
  });

  it("lists every address in Hindi too, with each blog paged by its own language's posts", () => {
    const hindi = Array.from({ length: 21 }, (_, i) => ({
      uri: `/blog/hindi-${i + 1}`,
      date: '2026-11-01T08:00:00Z',
      modified: `2026-11-${String(25 - i).padStart(2, '0')}T08:00:00Z`,
      language: 'HI' as const,
    }));
    const urls = sitemapUrls({ ...input, posts: [...hindi, ...posts], totalPosts: 66 });
    const locs = urls.map((u) => u.loc);
    const hi = locs.filter((l) => l.includes('.in/hi/'));
    // 45 English posts make 3 list pages, 21 Hindi posts 2 (of 20).
    expect(english(urls)).toHaveLength(4 + 66 + 2 + 1);
    expect(hi).toHaveLength(english(urls).length - 1);
    expect(hi.slice(0, 3)).toEqual([
      'https://www.example.in/hi/',
      'https://www.example.in/hi/blog',
      'https://www.example.in/hi/blog/page/2',
    ]);
    expect(hi).not.toContain('https://www.example.in/hi/blog/page/3');
    expect(hi).toContain('https://www.example.in/hi/blog/hindi-21');
    expect(hi).toContain('https://www.example.in/hi/blog/post-45');
    expect(hi).toContain('https://www.example.in/hi/practice-areas/family-law/');
    expect(hi).toContain('https://www.example.in/hi/privacy-policy/');
    expect(hi).not.toContain('https://www.example.in/hi/wp-admin');
    expect(new Set(locs).size).toBe(locs.length);
    const byLoc = new Map(urls.map((u) => [u.loc, u.lastmod]));
    // Each blog is dated by its own posts.
    expect(byLoc.get('https://www.example.in/hi/blog')).toBe('2026-11-25T08:00:00Z');
    expect(byLoc.get('https://www.example.in/blog')).toBe('2026-11-20T08:00:00Z');
  });
});

// ---------------------------------------------------------------------------------------------
// Serving, against a fake gateway on loopback
// ---------------------------------------------------------------------------------------------

interface GatewayCall {
  query: string;
  variables: Record<string, unknown>;
  requestId: string | undefined;
  cacheControl: string | undefined;
}

const servers: http.Server[] = [];

const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  // A test that reads only the status leaves its keep-alive socket open: close it with the server.
  await Promise.all(
    apps.splice(0).map((app) => {
      const closing = app.close();
      app.server.closeAllConnections();
      return closing;
    }),
  );
});

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
  });
}

const TOTAL_POSTS = 130;

/** Answers the feeds' queries like the gateway would, for TOTAL_POSTS posts. */
async function fakeGateway(opts: { fail?: () => boolean; ageS?: () => number } = {}) {
  const calls: GatewayCall[] = [];
  const url = await listen(
    http.createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as { query: string; variables: Record<string, unknown> };
      calls.push({
        ...body,
        requestId: req.headers['x-request-id'] as string | undefined,
        cacheControl: req.headers['cache-control'],
      });
      if (opts.fail?.()) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end('{"errors":[{"message":"down"}]}');
        return;
      }
      const first = Number(body.variables.first);
      const page = Number(body.variables.page ?? 1);
      const nodes = Array.from({ length: TOTAL_POSTS }, (_, i) => ({
        uri: `/blog/post-${i + 1}`,
        title: i === 0 ? HOSTILE : `Post ${i + 1}`,
        date: '2026-11-01T08:00:00Z',
        modified: '2026-11-02T08:00:00Z',
        excerpt: 'Excerpt & more',
        authorName: 'Adv. Sharma',
        // The RSS query asks this; the sitemap's asks noindex, which the gateway also answers true for it.
        passwordProtected: i === 2,
      })).slice((page - 1) * first, page * first);
      const data: Record<string, unknown> = {
        posts: { totalCount: TOTAL_POSTS, totalPages: Math.ceil(TOTAL_POSTS / first), nodes },
        practiceAreas: [{ link: '/practice-areas/criminal-defense/' }],
        pages: [{ uri: '/privacy-policy/', modified: '2026-10-01T00:00:00Z' }],
        site: { name: 'Law Partners', tagline: 'Criminal Defence Since 1985' },
      };
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(opts.ageS ? { age: String(opts.ageS()) } : {}),
      });
      res.end(JSON.stringify({ data }));
    }),
  );
  return { url: `${url}/graphql`, calls };
}

async function site(gatewayUrl: string, clock: { now: number }, ttl = 30) {
  const logged: string[] = [];
  const log = (msg: unknown, text?: string) => logged.push(text ?? String(msg));
  const now = () => clock.now;
  const feeds = createFeeds({
    config: {
      GATEWAY_URL: gatewayUrl,
      SITE_URL: 'https://www.example.in',
      PAGE_CACHE_TTL: ttl,
      PAGE_CACHE_MAX_STALE: 86_400,
    },
    logger: { warn: log, error: log } as unknown as Parameters<typeof createFeeds>[0]['logger'],
    now,
    caches: createCaches({ now }),
  });
  // The feeds as the web server serves them: through its compression.
  const app = Fastify();
  // The web server puts its security headers on every answer before a feed is served.
  app.addHook('onRequest', async (_request, reply) => void reply.header('x-content-type-options', 'nosniff'));
  await app.register(fastifyCompress, COMPRESSION);
  for (const path of FEED_PATHS)
    app.get(path, (request, reply) => feeds.serve(request, reply, path, 'req-1'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, logged };
}

describe('createFeeds', () => {
  it('serves the sitemap of every post, paging through the gateway 100 at a time', async () => {
    const gw = await fakeGateway();
    const { url } = await site(gw.url, { now: 0 });
    const res = await fetch(`${url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    // Content just asked for: 25 s as it is (30 s less the last sixth), 5 s more while revalidated.
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=25, stale-while-revalidate=5, stale-if-error=86400',
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const all_ = all(parseXml(await res.text()), 'loc').map(text);
    // Every address in English, then in Hindi; the posts are all English, so the Hindi blog has
    // one list page instead of seven.
    const locs = all_.filter((l) => !l.includes('.in/hi/'));
    expect(all_.length).toBe(locs.length * 2 - 6);
    expect(locs.filter((l) => l.includes('/blog/post-'))).toHaveLength(TOTAL_POSTS);
    // 130 posts = 7 list pages of 20.
    expect(locs.filter((l) => l.includes('/blog/page/'))).toHaveLength(6);
    expect(locs).toContain('https://www.example.in/practice-areas/criminal-defense/');
    expect(locs).toContain('https://www.example.in/privacy-policy/');
    expect(gw.calls.map((c) => c.variables)).toEqual([{ first: 100 }, { first: 100, page: 2 }]);
    expect(gw.calls.every((c) => c.requestId === 'req-1')).toBe(true);
  });

  it('serves RSS of the 20 newest posts with escaped titles, less one behind a password', async () => {
    const gw = await fakeGateway();
    const { url } = await site(gw.url, { now: 0 });
    const res = await fetch(`${url}/feed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const doc = parseXml(await res.text());
    const items = all(doc, 'item');
    expect(items).toHaveLength(19);
    expect(items.map((item) => text(all(item, 'link')[0]))).not.toContain(
      'https://www.example.in/blog/post-3',
    );
    expect(text(all(items[0]!, 'title')[0])).toBe(HOSTILE_CLEAN);
    expect(text(all(items[0]!, 'link')[0])).toBe('https://www.example.in/blog/post-1');
    expect(text(all(all(doc, 'channel')[0]!, 'title')[0])).toBe('Law Partners – Blog');
  });

  it('serves robots.txt without asking the gateway', async () => {
    const gw = await fakeGateway();
    const { url } = await site(gw.url, { now: 0 });
    const res = await fetch(`${url}/robots.txt`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toContain('Sitemap: https://www.example.in/sitemap.xml');
    expect(gw.calls).toHaveLength(0);
  });

  it('answers from memory within the TTL and asks again after it', async () => {
    const gw = await fakeGateway();
    const clock = { now: 1_000 };
    const { url } = await site(gw.url, clock, 30);
    const first = await fetch(`${url}/feed.xml`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    clock.now += 29_999;
    const second = await fetch(`${url}/feed.xml`);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(gw.calls).toHaveLength(1);
    clock.now += 1;
    await fetch(`${url}/feed.xml`);
    expect(gw.calls).toHaveLength(2);
  });

  it('asks the gateway for content no older than it can keep, and keeps it for what is left', async () => {
    let ageS = 20;
    const gw = await fakeGateway({ ageS: () => ageS });
    const clock = { now: 1_000 };
    const { url } = await site(gw.url, clock, 30);
    const first = await fetch(`${url}/feed.xml`);
    expect(first.headers.get('x-cache')).toBe('MISS');
    // Built from answers 20 s old: 5 s left as it is, 10 s in all.
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=5, stale-if-error=86400',
    );
    expect(gw.calls.map((c) => c.cacheControl)).toEqual(['max-age=25']);
    clock.now += 9_999;
    expect((await fetch(`${url}/feed.xml`)).headers.get('x-cache')).toBe('HIT');
    clock.now += 1;
    ageS = 0;
    expect((await fetch(`${url}/feed.xml`)).headers.get('x-cache')).toBe('MISS');
    expect(gw.calls).toHaveLength(2);
  });

  it('builds once for concurrent requests', async () => {
    const gw = await fakeGateway();
    const { url } = await site(gw.url, { now: 0 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/feed.xml`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(gw.calls).toHaveLength(1);
  });

  it('keeps serving the last good copy when the gateway fails, and 503 when there is none', async () => {
    let down = true;
    const gw = await fakeGateway({ fail: () => down });
    const clock = { now: 0 };
    const { url, logged } = await site(gw.url, clock);
    const none = await fetch(`${url}/sitemap.xml`);
    expect(none.status).toBe(503);
    expect(none.headers.get('cache-control')).toBe('no-store');
    expect(logged).toContain('feed unavailable');

    down = false;
    const good = await fetch(`${url}/sitemap.xml`);
    expect(good.status).toBe(200);
    const goodBody = await good.text();

    down = true;
    clock.now += 60_000;
    const stale = await fetch(`${url}/sitemap.xml`);
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE-IF-ERROR');
    expect(await stale.text()).toBe(goodBody);
  });

  it('keeps the last good copy for PAGE_CACHE_MAX_STALE past its lifetime, as pages are kept', async () => {
    let down = false;
    const gw = await fakeGateway({ fail: () => down });
    const clock = { now: 0 };
    const { url } = await site(gw.url, clock);
    expect((await fetch(`${url}/feed.xml`)).status).toBe(200);
    down = true;
    // 30 s of lifetime, then a day (PAGE_CACHE_MAX_STALE) in which a failed rebuild leaves it served.
    clock.now = 30_000 + 86_400_000;
    expect((await fetch(`${url}/feed.xml`)).headers.get('x-cache')).toBe('STALE-IF-ERROR');
    clock.now += 1;
    expect((await fetch(`${url}/feed.xml`)).status).toBe(503);
  });

  it('answers 304 to a matching ETag and compresses for clients that accept it', async () => {
    const gw = await fakeGateway();
    const { url } = await site(gw.url, { now: 0 });
    const res = await fetch(`${url}/sitemap.xml`);
    const etag = res.headers.get('etag')!;
    const plain = await res.text();
    const again = await fetch(`${url}/sitemap.xml`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Compared as RFC 9110 says for GET, like every other answer of the site: a compressing proxy's
    // weak copy of the tag, or the tag in a list, matches too.
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      expect(
        (await fetch(`${url}/sitemap.xml`, { headers: { 'if-none-match': header } })).status,
        header,
      ).toBe(304);
    }
    const gz = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      http
        .get(`${url}/sitemap.xml`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () =>
            resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(plain);
  });
});
