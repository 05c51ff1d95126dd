import { DERIVED, etagMatches, etagOf, type Caches } from '@site/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HOME_ALIASES,
  LANGUAGES,
  LEGACY_PRACTICE_PATHS,
  POSTS_MAX_FIRST,
  localizePath,
  type Lang,
} from '@site/content-model';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { WebConfig } from './config.server';
import {
  ContentAge,
  contentLifetime,
  contentTimes,
  sharedCacheControl,
  type ContentTimes,
} from './content-age.server';
import { POSTS_PER_PAGE } from '../src/routes/blog/blog-params';

// ---------------------------------------------------------------------------------------------
// XML and text builders (pure)
// ---------------------------------------------------------------------------------------------

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/FFFF): a feed
// containing one is rejected whole by strict readers, so they are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const XML_INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or attribute value for XML: the five special characters escaped, forbidden characters removed. */
export function escapeXml(value: string): string {
  return value.replace(XML_INVALID, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?))?$/;

function parseDate(value: string | null | undefined): { date: Date; hasZone: boolean } | null {
  if (!value) return null;
  const v = value.trim();
  if (ISO_WITH_ZONE.test(v)) {
    const date = new Date(v);
    return Number.isNaN(date.getTime()) ? null : { date, hasZone: true };
  }
  const m = ISO_LOCAL.exec(v);
  if (!m) return null;
  // A WordPress date without a zone is read as UTC, so the result does not depend on the server's zone.
  const date = new Date(`${m[1]}T${m[2] ?? '00:00:00'}Z`);
  return Number.isNaN(date.getTime()) ? null : { date, hasZone: false };
}

/**
 * A sitemap <lastmod> (W3C datetime). With a zone the instant is kept (in UTC); without one only the
 * calendar date is certain, so only the date is given. Null for anything unreadable.
 */
export function toW3cDate(value: string | null | undefined): string | null {
  const parsed = parseDate(value);
  if (!parsed) return null;
  const iso = parsed.date.toISOString();
  return parsed.hasZone ? `${iso.slice(0, 19)}+00:00` : iso.slice(0, 10);
}

/** An RSS <pubDate> (RFC 822 with a four-digit year, in GMT). Null for anything unreadable. */
export function toRfc822(value: string | null | undefined): string | null {
  const parsed = parseDate(value);
  return parsed ? parsed.date.toUTCString() : null;
}

/** The later of two dates as the strings they were given in (unreadable ones lose). */
function later(a: string | null, b: string | null): string | null {
  const pa = parseDate(a);
  const pb = parseDate(b);
  if (!pa) return pb ? b : null;
  if (!pb) return a;
  return pb.date > pa.date ? b : a;
}

/** The latest of some dates, as later() picks. */
const latest = (dates: readonly (string | null)[]) => dates.reduce<string | null>(later, null);

/** An element holding `text`, escaped; nothing for no text. */
const element = (name: string, text: string | null | undefined, attributes = '') =>
  text === null || text === undefined ? '' : `<${name}${attributes}>${escapeXml(text)}</${name}>`;

export interface SitemapUrl {
  loc: string;
  lastmod?: string | null;
}

export function buildSitemap(urls: SitemapUrl[]): string {
  const body = urls
    .map((u) => `<url>${element('loc', u.loc)}${element('lastmod', toW3cDate(u.lastmod) || null)}</url>`)
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    (body ? `${body}\n` : '') +
    '</urlset>\n'
  );
}

export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /wp-admin',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
}

export interface RssItem {
  title: string;
  link: string;
  /** ISO date of publication. */
  date: string;
  description: string;
  author?: string;
}

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  items: RssItem[];
}

export function buildRss(channel: RssChannel): string {
  const items = channel.items.map(
    (item) =>
      '<item>' +
      element('title', item.title) +
      element('link', item.link) +
      element('guid', item.link, ' isPermaLink="true"') +
      element('pubDate', toRfc822(item.date) || null) +
      element('dc:creator', item.author || null) +
      element('description', item.description) +
      '</item>',
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">\n' +
    '<channel>' +
    element('title', channel.title) +
    element('link', channel.link) +
    element('description', channel.description) +
    '<language>en-IN</language>' +
    element('lastBuildDate', toRfc822(latest(channel.items.map((item) => item.date))) || null) +
    `<atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>\n` +
    items.join('\n') +
    (items.length ? '\n' : '') +
    '</channel>\n</rss>\n'
  );
}

// ---------------------------------------------------------------------------------------------
// What the feeds list
// ---------------------------------------------------------------------------------------------

/** A bound on the work one sitemap build may cause: 50 x 100 posts. */
const MAX_POST_PAGES = 50;
const RSS_ITEMS = 20;
/** Paths that render the home page (routes.tsx): the home page is listed once, as /. */
const HOME_ALIAS_PATHS = new Set(Object.values(HOME_ALIASES).map((alias) => normalisePath(alias.path)));
/** Paths that answer with a redirect or are not public content. */
const NOT_LISTED = new Set(['/wp-admin', '/blog', '/']);

const PostSummary = z.object({
  uri: z.string(),
  modified: z.string(),
  date: z.string(),
  language: z.enum(['EN', 'HI']).optional(),
  noindex: z.boolean().optional(),
});

const SitemapFirstData = z.object({
  posts: z.object({ totalCount: z.number(), totalPages: z.number(), nodes: z.array(PostSummary) }).nullable(),
  practiceAreas: z.array(
    z.object({
      link: z.string(),
      modified: z.string().nullish(),
      seo: z.object({ noindex: z.boolean() }).optional(),
    }),
  ),
  pages: z.array(z.object({ uri: z.string(), modified: z.string(), noindex: z.boolean().optional() })),
});

const SitemapPostsData = z.object({
  posts: z.object({ nodes: z.array(PostSummary) }).nullable(),
});

const RssData = z.object({
  site: z.object({ name: z.string(), tagline: z.string() }),
  posts: z
    .object({
      nodes: z.array(
        z.object({
          title: z.string(),
          uri: z.string(),
          date: z.string(),
          excerpt: z.string(),
          authorName: z.string(),
          passwordProtected: z.boolean(),
        }),
      ),
    })
    .nullable(),
});

const SITEMAP_FIRST = `query SitemapFirst($first: Int!) {
  posts(first: $first, page: 1) { totalCount totalPages nodes { uri modified date language noindex } }
  practiceAreas { link modified seo { noindex } }
  pages(first: 100) { uri modified noindex }
}`;

const SITEMAP_POSTS = `query SitemapPosts($first: Int!, $page: Int!) {
  posts(first: $first, page: $page) { nodes { uri modified date language noindex } }
}`;

// The feed is the English blog's, as its <language> says (brief §10: each blog lists its language).
// A post behind a WordPress password is left out: its page on this site has no article to offer.
const RSS = `query RssFeed($first: Int!) {
  site { name tagline }
  posts(first: $first, language: EN) { nodes { title uri date excerpt(length: 300) authorName passwordProtected } }
}`;

/** A site path without its trailing slash (except the root), for comparing addresses. */
function normalisePath(p: string): string {
  const path = p.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface SitemapInput {
  siteUrl: string;
  /**
   * Every published post, newest first; a post without a language is English. One the editor kept
   * out of search (`noindex`) is on the blog's list pages but has no entry of its own.
   */
  posts: { uri: string; modified: string; date: string; language?: 'EN' | 'HI'; noindex?: boolean }[];
  /** Total posts as WordPress counts them (the blog list's page count comes from it). */
  totalPosts: number;
  practiceAreaLinks: string[];
  /**
   * When the WordPress content behind a practice area last changed, by link (a practice area written
   * in WordPress has no page of the same address to be dated by).
   */
  practiceAreaDates?: ReadonlyMap<string, string>;
  /** Every published page; one the editor kept out of search (`noindex`) has no entry. */
  pages: { uri: string; modified: string; noindex?: boolean }[];
}

/**
 * Every public address once, in English and then in Hindi (brief §10): home, the blog and its list
 * pages, every post, every practice page and every WordPress page — but not the home page's section
 * aliases, /wp-admin, a page whose address only redirects (an old practice address: its date goes
 * to the practice page it redirects to), or a post or page its editor kept out of search results (a
 * sitemap that lists them earns the site warnings in search consoles). Each language's blog lists
 * that language's posts, so its list pages are counted from them; every post has a page in both
 * languages.
 */
export function sitemapUrls(input: SitemapInput): SitemapUrl[] {
  const hindiPosts = input.posts.filter((p) => p.language === 'HI');
  const englishPosts = input.posts.filter((p) => p.language !== 'HI');
  return LANGUAGES.flatMap((lang) =>
    languageUrls(
      input,
      lang,
      lang === 'hi' ? hindiPosts : englishPosts,
      lang === 'hi' ? hindiPosts.length : input.totalPosts - hindiPosts.length,
    ),
  );
}

function languageUrls(
  input: SitemapInput,
  lang: Lang,
  listed: SitemapInput['posts'],
  listedTotal: number,
): SitemapUrl[] {
  const abs = (p: string) => new URL(localizePath(lang, p), input.siteUrl).href;
  const dated = (posts: SitemapInput['posts']) => latest(posts.map((p) => p.modified || p.date));
  const redirects = new Map(
    Object.entries(LEGACY_PRACTICE_PATHS).map(([from, to]) => [normalisePath(from), normalisePath(to)]),
  );
  const pageDates = new Map<string, string>();
  for (const page of input.pages) {
    const path = normalisePath(page.uri);
    const target = redirects.get(path) ?? path;
    pageDates.set(target, later(pageDates.get(target) ?? null, page.modified) ?? page.modified);
  }

  const urls: SitemapUrl[] = [];
  const seen = new Set<string>();
  const add = (path: string, lastmod: string | null | undefined) => {
    const key = normalisePath(path);
    if (seen.has(key)) return;
    seen.add(key);
    urls.push({ loc: abs(path), lastmod });
  };

  add('/', later(dated(input.posts), latest([...pageDates.values()])));
  add('/blog', dated(listed));
  const listPages = Math.max(1, Math.ceil(listedTotal / POSTS_PER_PAGE));
  for (let n = 2; n <= listPages; n += 1) {
    add(`/blog/page/${n}`, dated(listed.slice((n - 1) * POSTS_PER_PAGE, n * POSTS_PER_PAGE)));
  }
  for (const post of input.posts) if (!post.noindex) add(post.uri, post.modified || post.date);
  for (const link of input.practiceAreaLinks) {
    const page = pageDates.get(normalisePath(link)) ?? null;
    add(link, later(page, input.practiceAreaDates?.get(link) ?? null) ?? undefined);
  }
  for (const page of input.pages) {
    const path = normalisePath(page.uri);
    if (page.noindex || redirects.has(path) || HOME_ALIAS_PATHS.has(path) || NOT_LISTED.has(path)) continue;
    add(page.uri, page.modified);
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------
// Serving: gateway queries, the site's caches, HTTP
// ---------------------------------------------------------------------------------------------

export class GatewayError extends Error {}

export interface FeedsDeps {
  config: Pick<WebConfig, 'GATEWAY_URL' | 'SITE_URL' | 'PAGE_CACHE_TTL' | 'PAGE_CACHE_MAX_STALE'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** The web server's caches: the feeds are kept, and purged, with its pages. */
  caches: Pick<Caches, 'values'>;
  fetch?: typeof fetch;
  now?: () => number;
  /** Per gateway request. */
  timeoutMs?: number;
}

/** `staleUntil`: until when it is served; after that it is built again first (content-age.server.ts). */
interface FeedDoc extends ContentTimes {
  body: string;
  contentType: string;
  etag: string;
}

/** The addresses the feeds answer, and the type of each. */
const FEED_TYPES = {
  '/sitemap.xml': 'application/xml; charset=utf-8',
  '/robots.txt': 'text/plain; charset=utf-8',
  '/feed.xml': 'application/rss+xml; charset=utf-8',
} as const;
type FeedPath = keyof typeof FEED_TYPES;
export const FEED_PATHS = Object.keys(FEED_TYPES) as FeedPath[];

/**
 * WordPress's own addresses of its feed and its sitemaps (WordPress's, Yoast's, Rank Math's), which
 * feed readers and search consoles keep after a firm moves its public address from WordPress to
 * this site: each answers 301 with this site's.
 */
export const WORDPRESS_FEED_ADDRESSES: Readonly<Record<string, FeedPath>> = Object.freeze(
  Object.fromEntries([
    ...['/feed', '/feed/', '/feed/rss2/', '/feed/rss/', '/feed/atom/', '/rss/', '/rss2/', '/atom/'].map(
      (from) => [from, '/feed.xml'] as const,
    ),
    ...['/wp-sitemap.xml', '/sitemap_index.xml', '/post-sitemap.xml', '/page-sitemap.xml'].map(
      (from) => [from, '/sitemap.xml'] as const,
    ),
  ]),
);

type Query = <T>(document: string, variables: Record<string, unknown>, schema: z.ZodType<T>) => Promise<T>;

export function createFeeds(deps: FeedsDeps) {
  const { config, logger } = deps;
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  const lifetime = contentLifetime(config.PAGE_CACHE_TTL);
  const timeoutMs = deps.timeoutMs ?? 10_000;
  // Served as they are until the end of their content's lifetime (no background rebuild: a crawler
  // can wait); after a failed rebuild, the last good copy for PAGE_CACHE_MAX_STALE more.
  const docs = deps.caches.values<FeedDoc>({
    name: 'feed',
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (doc) => doc.body.length + 200,
    tags: [DERIVED],
    times: (_askedAt, _storedAt, doc) => ({
      freshUntil: doc.staleUntil,
      staleUntil: doc.staleUntil,
      errorUntil: doc.staleUntil + config.PAGE_CACHE_MAX_STALE * 1000,
    }),
  });

  /** A build's queries; `fetchImpl`: the build's, which bounds and collects the age of the content (ContentAge). */
  const queryFor =
    (requestId: string, fetchImpl: typeof fetch): Query =>
    async (document, variables, schema) => {
      let res: Response;
      try {
        res = await fetchImpl(config.GATEWAY_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-request-id': requestId,
          },
          body: JSON.stringify({ query: document, variables }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new GatewayError(`gateway unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!res.ok) throw new GatewayError(`gateway answered ${res.status}`);
      const json = (await res.json().catch(() => null)) as {
        data?: unknown;
        errors?: { message?: string }[];
      } | null;
      const parsed = schema.safeParse(json?.data);
      if (!parsed.success) {
        const message = json?.errors?.[0]?.message ?? parsed.error.issues[0]?.message ?? 'no data';
        throw new GatewayError(`gateway query failed: ${message}`);
      }
      return parsed.data;
    };

  async function sitemap(query: Query): Promise<string> {
    const first = await query(SITEMAP_FIRST, { first: POSTS_MAX_FIRST }, SitemapFirstData);
    // Without the post list the sitemap would silently drop every post: better to fail and retry.
    if (!first.posts) throw new GatewayError('gateway returned no posts');
    const posts = [...first.posts.nodes];
    const pageCount = Math.min(first.posts.totalPages, MAX_POST_PAGES);
    // One page after another: a large blog must not turn one crawler request into a burst on WordPress.
    for (let page = 2; page <= pageCount; page += 1) {
      const next = await query(SITEMAP_POSTS, { first: POSTS_MAX_FIRST, page }, SitemapPostsData);
      if (!next.posts) throw new GatewayError('gateway returned no posts');
      posts.push(...next.posts.nodes);
    }
    return buildSitemap(
      sitemapUrls({
        siteUrl: config.SITE_URL,
        posts,
        totalPosts: first.posts.totalCount,
        practiceAreaLinks: first.practiceAreas.filter((a) => !a.seo?.noindex).map((a) => a.link),
        practiceAreaDates: new Map(
          first.practiceAreas.flatMap((a) => (a.modified ? [[a.link, a.modified] as const] : [])),
        ),
        pages: first.pages,
      }),
    );
  }

  async function rss(query: Query): Promise<string> {
    const data = await query(RSS, { first: RSS_ITEMS }, RssData);
    if (!data.posts) throw new GatewayError('gateway returned no posts');
    const abs = (p: string) => new URL(p, config.SITE_URL).href;
    return buildRss({
      title: `${data.site.name} – Blog`,
      link: abs('/blog'),
      description: data.site.tagline,
      selfUrl: abs('/feed.xml'),
      items: data.posts.nodes
        .filter((p) => !p.passwordProtected)
        .map((p) => ({
          title: p.title,
          link: abs(p.uri),
          date: p.date,
          description: p.excerpt,
          author: p.authorName,
        })),
    });
  }

  const builders: Record<FeedPath, (query: Query) => Promise<string>> = {
    '/sitemap.xml': sitemap,
    '/robots.txt': async () => buildRobots(config.SITE_URL),
    '/feed.xml': rss,
  };

  async function build(path: FeedPath, requestId: string): Promise<FeedDoc> {
    // Like a page: content no older than the gateway is asked for, and kept for what is left of
    // the lifetime of the oldest of it.
    const content = new ContentAge(lifetime.gatewayMaxAgeS, now);
    const body = await builders[path](queryFor(requestId, content.wrap(doFetch)));
    return {
      body,
      contentType: FEED_TYPES[path],
      etag: etagOf(body),
      ...contentTimes(now(), content.ageMs(), lifetime),
    };
  }

  /**
   * Answers a feed's request; the security headers are already on the reply, and the body is
   * compressed on its way out (the web server's @fastify/compress) for clients that accept it.
   */
  async function serve(
    request: FastifyRequest,
    reply: FastifyReply,
    path: FeedPath,
    requestId: string,
  ): Promise<FastifyReply> {
    let found;
    try {
      // Built once for concurrent requests.
      found = await docs.get(path, async () => ({ value: await build(path, requestId) }), {
        failed(err, { served }) {
          // A gateway outage should not take crawlers' view of the site away: the last good copy stays.
          if (served === 'stale')
            logger.warn(
              { requestId, path, err: String(err) },
              'feed rebuild failed; serving the last good copy',
            );
        },
      });
    } catch (err) {
      logger.error({ requestId, path, err: String(err) }, 'feed unavailable');
      return reply
        .code(503)
        .headers({
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': '30',
        })
        .send('Service Unavailable: the content service did not answer.\n');
    }
    const doc = found.entry.value;
    reply.headers({
      'content-type': doc.contentType,
      'cache-control': sharedCacheControl(doc, now()),
      etag: doc.etag,
      vary: 'Accept-Encoding',
      'x-cache': found.state === 'fresh' ? 'HIT' : found.state === 'miss' ? 'MISS' : 'STALE-IF-ERROR',
    });
    if (etagMatches(request.headers['if-none-match'], doc.etag)) return reply.code(304).send();
    return reply.send(doc.body);
  }

  return { serve };
}
