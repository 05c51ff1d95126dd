// What the server answers before any JavaScript runs: status codes, redirects, and the crawler files.
// These answers do not depend on the screen width, so they are checked once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { KEEP_NAMES_SHIM, getBrowser } from '../lib/browser.js';
import { DIVORCE_POST, PRACTICE_PAGES, fetchRaw, siteFacts, url } from '../lib/site.js';

function pathOf(location: string | null): string {
  assert.ok(location, 'a Location header');
  return new URL(location, url('/')).pathname;
}

/** Parses XML with the browser's strict parser: any well-formedness error is reported. */
async function parseXml(xml: string): Promise<{ error: string | null; summary: XmlSummary }> {
  const browser = await getBrowser();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.evaluate(KEEP_NAMES_SHIM);
    return await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const err = doc.getElementsByTagName('parsererror')[0];
      const root = doc.documentElement;
      const texts = (parent: Element, tag: string) =>
        Array.from(parent.getElementsByTagName(tag)).map((e) => (e.textContent ?? '').trim());
      return {
        error: err ? (err.textContent ?? 'parser error') : null,
        summary: {
          root: root.localName,
          namespace: root.namespaceURI,
          version: root.getAttribute('version'),
          urls: Array.from(doc.getElementsByTagName('url')).map((u) => ({
            loc: texts(u, 'loc')[0] ?? '',
            lastmod: texts(u, 'lastmod')[0] ?? '',
          })),
          channel: ['title', 'link', 'description'].map((t) => {
            const ch = doc.getElementsByTagName('channel')[0];
            return ch ? (Array.from(ch.children).find((c) => c.localName === t)?.textContent ?? '') : '';
          }),
          items: Array.from(doc.getElementsByTagName('item')).map((it) => ({
            title: texts(it, 'title')[0] ?? '',
            link: texts(it, 'link')[0] ?? '',
            guid: texts(it, 'guid')[0] ?? '',
            pubDate: texts(it, 'pubDate')[0] ?? '',
          })),
        },
      };
    }, xml);
  } finally {
    await context.close();
  }
}

interface XmlSummary {
  root: string;
  namespace: string | null;
  version: string | null;
  urls: { loc: string; lastmod: string }[];
  channel: string[];
  items: { title: string; link: string; guid: string; pubDate: string }[];
}

describe('server: status codes and redirects', () => {
  test('the home page and its section aliases answer 200, with and without the trailing slash', async () => {
    for (const p of [
      '/',
      '/about',
      '/about/',
      '/contact-us',
      '/contact-us/',
      '/testimonials',
      '/testimonials/',
      '/practice-areas',
      '/practice-areas/',
    ]) {
      const res = await fetchRaw(p);
      assert.equal(res.status, 200, `GET ${p}`);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, `GET ${p} content type`);
    }
  });

  test('the old divorce-post address answers 301 to /blog/how-to-file-for-divorce-in-india/', async () => {
    for (const p of [`/criminal-defense/${DIVORCE_POST}`, `/criminal-defense/${DIVORCE_POST}/`]) {
      const res = await fetchRaw(p);
      assert.equal(res.status, 301, `GET ${p}`);
      assert.equal(pathOf(res.location), `/blog/${DIVORCE_POST}/`, `Location of ${p}`);
      const target = await fetchRaw(pathOf(res.location));
      assert.equal(target.status, 200, `the redirect target ${res.location} answers 200`);
    }
  });

  test("WordPress's own addresses (date permalinks, child pages at any depth, category, tag and author archives) move to the site's page", async () => {
    const facts = await siteFacts();
    const post = facts.posts!.nodes[0]!;
    const page = facts.pages.find((p) => !PRACTICE_PAGES.some((pp) => pp.slug === p.slug))!;
    const category = facts.categories.find((c) => c.count > 0)!;
    const moves: Array<[string, string]> = [
      [`/2026/08/19/${post.slug}/`, post.uri],
      [`/2026/08/${post.slug}`, post.uri],
      [`/about-us/${page.slug}/`, page.uri],
      [`/about-us/our-team/${page.slug}/`, page.uri],
      [`/category/${category.slug}/`, `/blog?category=${category.slug}`],
      // No tag or author pages here: the blog searched for the tag's words, and the blog.
      ['/tag/anticipatory-bail/', '/blog?q=anticipatory+bail'],
      ['/author/meenakshi/', '/blog'],
    ];
    for (const [from, to] of moves) {
      const res = await fetchRaw(from);
      assert.equal(res.status, 301, `GET ${from}`);
      const target = new URL(res.location ?? '', url('/'));
      assert.equal(`${target.pathname}${target.search}`, to, `Location of ${from}`);
      assert.equal((await fetchRaw(to)).status, 200, `${from} -> ${to} answers 200`);
    }
    // Addresses of that shape naming nothing stay the 404 they were.
    for (const p of [
      '/2026/08/19/no-such-post/',
      '/category/no-such-category/',
      '/this/path/does-not-exist',
      '/about-us/our-team/no-such-page/',
    ]) {
      assert.equal((await fetchRaw(p)).status, 404, `GET ${p}`);
    }
  });

  test('every practice-area address the cards and footer link reaches a practice page in at most one 301', async () => {
    const legacy = [
      '/criminal-defense',
      '/family-law',
      '/bail-hearings',
      '/motor-accident',
      '/cybercrime',
      '/domestic-violence',
      '/divorce-advisory',
    ];
    for (const p of legacy) {
      const res = await fetchRaw(p);
      assert.equal(res.status, 301, `GET ${p} is a permanent redirect to the canonical page`);
      const target = pathOf(res.location);
      assert.match(target, /^\/practice-areas\/[a-z-]+\/?$/, `Location of ${p}`);
      const final = await fetchRaw(target);
      assert.equal(final.status, 200, `${p} -> ${target} answers 200 (no redirect chain)`);
    }
    for (const { slug } of PRACTICE_PAGES) {
      const res = await fetchRaw(`/practice-areas/${slug}/`);
      assert.equal(res.status, 200, `GET /practice-areas/${slug}/`);
    }
  });

  test('the blog, its posts, pages and the helper page answer 200', async () => {
    const facts = await siteFacts();
    assert.ok(facts.posts && facts.posts.nodes.length > 0, 'the content has posts');
    const paths = [
      '/blog',
      '/blog/',
      '/wp-admin',
      ...facts.posts.nodes.map((p) => p.uri),
      ...facts.pages.map((p) => p.uri),
    ];
    for (const p of paths) {
      const res = await fetchRaw(p);
      assert.equal(res.status, 200, `GET ${p}`);
    }
  });

  test('unknown addresses answer 404 with an HTML page', async () => {
    for (const p of [
      '/this/path/does-not-exist',
      '/no-such-page-here',
      '/practice-areas/nope',
      '/blog/nope',
      '/practice/nope',
    ]) {
      const res = await fetchRaw(p);
      assert.equal(res.status, 404, `GET ${p}`);
      assert.match(res.headers.get('content-type') ?? '', /^text\/html/, `GET ${p} content type`);
      assert.match(res.body, /<html[^>]*\slang="[a-z]{2}/i, `GET ${p} is a whole document`);
    }
  });
});

describe('server: crawler files', () => {
  test('/robots.txt names the sitemap and keeps crawlers out of /wp-admin', async () => {
    const facts = await siteFacts();
    const res = await fetchRaw('/robots.txt');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(res.body, /^User-agent: \*/im);
    assert.match(res.body, /^Disallow: \/wp-admin/im);
    const sitemapLine = res.body.match(/^Sitemap: (\S+)/im);
    assert.ok(sitemapLine, 'a Sitemap: line');
    assert.equal(sitemapLine[1], `${facts.site.url}/sitemap.xml`);
  });

  test('/sitemap.xml is well-formed and lists every public page, post and practice page with lastmod', async () => {
    const facts = await siteFacts();
    const res = await fetchRaw('/sitemap.xml');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /xml/);
    const { error, summary } = await parseXml(res.body);
    assert.equal(error, null, 'the sitemap parses as XML');
    assert.equal(summary.root, 'urlset');
    assert.equal(summary.namespace, 'http://www.sitemaps.org/schemas/sitemap/0.9');
    const paths = summary.urls.map((u) => {
      assert.ok(u.loc.startsWith(`${facts.site.url}/`), `absolute loc on the site origin: ${u.loc}`);
      assert.match(u.lastmod, /^\d{4}-\d{2}-\d{2}/, `lastmod of ${u.loc}`);
      return new URL(u.loc).pathname;
    });
    assert.equal(new Set(paths).size, paths.length, 'no duplicate URLs');
    const expected = [
      '/',
      ...facts.posts!.nodes.map((p) => p.uri),
      ...facts.practiceAreas.map((a) => a.link),
      ...facts.pages.map((p) => p.uri),
    ];
    for (const p of expected) assert.ok(paths.includes(p), `the sitemap lists ${p}`);
    assert.ok(
      paths.some((p) => /^\/blog\/?$/.test(p)),
      'the sitemap lists the blog',
    );
    assert.ok(!paths.some((p) => p.startsWith('/wp-admin')), 'the sitemap leaves out /wp-admin');
    // A sitemap names canonical addresses only: no redirects, no errors.
    for (const p of paths) {
      const r = await fetchRaw(p);
      assert.equal(r.status, 200, `sitemap entry ${p} answers 200`);
    }
  });

  test('/feed.xml is a well-formed RSS 2.0 feed of recent posts', async () => {
    const facts = await siteFacts();
    const res = await fetchRaw('/feed.xml');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /(rss\+xml|xml)/);
    const { error, summary } = await parseXml(res.body);
    assert.equal(error, null, 'the feed parses as XML');
    assert.equal(summary.root, 'rss');
    assert.equal(summary.version, '2.0');
    const [title, link, description] = summary.channel;
    assert.ok(title, 'channel title');
    assert.ok(link?.startsWith(facts.site.url), `channel link on the site origin: ${link}`);
    assert.ok(description, 'channel description');
    assert.ok(summary.items.length > 0, 'the feed has items');
    assert.ok(summary.items.length <= Math.max(20, facts.posts!.nodes.length), 'a bounded number of items');
    const postUris = new Set(facts.posts!.nodes.map((p) => p.uri));
    for (const item of summary.items) {
      assert.ok(item.title, 'item title');
      assert.ok(postUris.has(new URL(item.link).pathname), `item link is a post: ${item.link}`);
      assert.ok(item.guid, 'item guid');
      assert.match(
        item.pubDate,
        /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/,
        `RFC 822 pubDate: ${item.pubDate}`,
      );
    }
    // Newest first, like the blog.
    const dates = summary.items.map((i) => Date.parse(i.pubDate));
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
      'items newest first',
    );
  });
});
