// What a crawler, a link preview or a phone on a slow network gets before any JavaScript runs: the
// server HTML alone (JavaScript off in the browser) must carry the content and the whole head.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { WIDTHS, pageTest } from '../lib/browser.js';
import { ldOfType, readHead } from '../lib/head.js';
import { pageCatalog } from '../lib/pages.js';
import { gql, siteFacts } from '../lib/site.js';
import { topBarLink } from '../lib/ui.js';

const pages = await pageCatalog();
const facts = await siteFacts();
const suffix = ` | ${facts.site.name}`;

for (const width of WIDTHS) {
  describe(`server HTML without JavaScript at ${width}px`, () => {
    for (const spec of pages) {
      pageTest(
        `${spec.name} (${spec.path}): content and head in the server HTML`,
        width,
        async ({ page }) => {
          const res = await page.goto(spec.path, { waitUntil: 'load' });
          assert.equal(res?.status(), spec.status, `HTTP status of ${spec.path}`);
          const head = await readHead(page);

          // The Hindi site's pages are marked Hindi (brief §10).
          assert.match(head.lang, spec.path.startsWith('/hi/') ? /^hi-IN$/ : /^en(-IN)?$/i, '<html lang>');
          assert.ok(
            head.title.endsWith(suffix) && head.title.length > suffix.length,
            `<title> '{title}${suffix}', got '${head.title}'`,
          );
          if (spec.status === 200) {
            assert.ok(
              head.description && head.description.trim().length >= 20,
              `meta description, got '${head.description}'`,
            );
          }
          assert.deepEqual(head.jsonLdErrors, [], 'every JSON-LD block parses');
          assert.equal(head.og.title, head.title, 'og:title');
          assert.equal(head.og.description ?? null, head.description, 'og:description');
          assert.ok(head.og.type, 'og:type');
          assert.ok(head.twitter.card, 'twitter:card');
          if (spec.indexable) {
            assert.ok(head.canonical, 'a canonical link');
            assert.ok(
              head.canonical.startsWith(`${facts.site.url}/`),
              `canonical on the site origin: ${head.canonical}`,
            );
            assert.ok(
              !head.canonical.includes('?q=') && !head.canonical.includes('#'),
              `canonical without search or hash: ${head.canonical}`,
            );
            assert.equal(head.og.url, head.canonical, 'og:url is the canonical URL');
            assert.ok(head.og.image, 'og:image');
            assert.ok(!/noindex/i.test(head.robots ?? ''), 'indexable: no robots noindex');
          }
          if (spec.status === 404 || spec.name === 'wp-admin' || spec.name === 'blog-search') {
            assert.match(head.robots ?? '', /noindex/i, 'robots noindex');
          }
          if (spec.jsonLdType) {
            assert.ok(
              ldOfType(head.jsonLd, spec.jsonLdType).length > 0,
              `JSON-LD of type ${spec.jsonLdType}, got ${JSON.stringify(head.jsonLd).slice(0, 300)}`,
            );
          }

          const h1 = page.locator('main h1').first();
          assert.equal(await h1.count(), 1, 'a main heading in the server HTML');
          const text = (await h1.innerText()).trim();
          if (typeof spec.h1 === 'string') assert.equal(text, spec.h1);
          else assert.match(text, spec.h1);
          assert.ok(await h1.isVisible(), 'the main heading is visible without JavaScript');
          // The shell is server-rendered too: the top bar's phone and the footer's links are there.
          assert.ok(await (await topBarLink(page, facts.site.phoneHref)).isVisible(), 'top bar phone link');
          assert.ok((await page.locator('footer a[href]').count()) >= 13, 'footer links');
          assert.equal(
            await page.locator('dialog[open], [role="dialog"]').count(),
            0,
            'no dialog in the server HTML',
          );
        },
        { javaScript: false, documentStatus404: spec.status === 404 },
      );
    }
  });
}

describe('server HTML: structured data details', () => {
  pageTest(
    'home: LegalService JSON-LD with phone, Ghaziabad address and office hours',
    1280,
    async ({ page }) => {
      await page.goto('/', { waitUntil: 'load' });
      const [firm] = ldOfType((await readHead(page)).jsonLd, 'LegalService');
      assert.ok(firm, 'LegalService JSON-LD');
      assert.equal(firm.telephone, facts.site.phone);
      assert.equal(firm.name, facts.site.name);
      const address = firm.address as Record<string, unknown> | undefined;
      assert.equal(address?.addressLocality, 'Ghaziabad');
      const hours = JSON.stringify(firm.openingHoursSpecification ?? firm.openingHours ?? '');
      for (const day of ['Monday', 'Saturday'])
        assert.ok(hours.includes(day), `office hours name ${day}: ${hours}`);
      assert.ok(!hours.includes('Sunday'), `Sunday is closed: ${hours}`);
      assert.ok(hours.includes('10:00') && hours.includes('20:00'), `10AM-8PM: ${hours}`);
    },
    { javaScript: false },
  );

  pageTest(
    'post: BlogPosting JSON-LD, the gateway canonical and the post SEO title in the server HTML',
    1280,
    async ({ page }) => {
      const post = (
        await gql<{
          posts: {
            nodes: {
              uri: string;
              title: string;
              dateFormatted: string;
              seo: { title: string; description: string; canonical: string };
            }[];
          };
        }>(
          '{ posts(first: 1, language: EN) { nodes { uri title dateFormatted seo { title description canonical } } } }',
        )
      ).posts.nodes[0]!;
      await page.goto(post.uri, { waitUntil: 'load' });
      const head = await readHead(page);
      assert.equal(head.canonical, post.seo.canonical, 'canonical as the gateway gives it');
      assert.ok(
        head.title.startsWith(post.seo.title.replace(suffix, '')),
        `title from the post SEO: '${head.title}' vs '${post.seo.title}'`,
      );
      assert.equal(head.description, post.seo.description);
      const [article] = ldOfType(head.jsonLd, 'BlogPosting');
      assert.ok(article, 'BlogPosting JSON-LD');
      assert.ok(String(article.headline ?? '').length > 0, 'headline');
      assert.match(String(article.datePublished ?? ''), /^\d{4}-\d{2}-\d{2}/, 'datePublished');
      assert.ok(ldOfType(head.jsonLd, 'BreadcrumbList').length > 0, 'BreadcrumbList on a post');
      assert.ok(
        await page.getByText(post.dateFormatted).first().isVisible(),
        'the post date in the server HTML',
      );
    },
    { javaScript: false },
  );
});
