// The site in Hindi (brief §10): the Hindi home page, a practice page, the blog and the Devanagari
// post at both widths — the language marked, both languages and x-default named, the header in
// Hindi, the Devanagari font served by the site — and the switcher's round trip, the remembered
// choice (which never overrides an address), the blog in each language and a Devanagari search.
// Axe, sideways scrolling and screenshots of these pages are in the audits (e2e/lib/pages.ts).
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { readHead } from '../lib/head.js';
import { PRACTICE_PAGES, fetchRaw, gql, siteFacts } from '../lib/site.js';
import { mainHeading } from '../lib/ui.js';

const DEVANAGARI = /[\u0900-\u097F]/;

interface HindiPost {
  slug: string;
  uri: string;
  title: string;
  language: string;
  translations: { language: string; uri: string }[];
}

const { posts } = await gql<{ posts: { nodes: HindiPost[] } | null }>(
  '{ posts(first: 20, language: HI) { nodes { slug uri title language translations { language uri } } } }',
);
const hindiPost = posts?.nodes[0];
if (!hindiPost) throw new Error('the content has no Hindi post');
const facts = await siteFacts();
const practice = PRACTICE_PAGES[0];

/** The fonts Chromium draws an element's text in (DevTools' "Rendered Fonts"). */
async function fontsDrawing(
  page: Page,
  selector: string,
): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts;
  } finally {
    await cdp.detach();
  }
}

/** The address of the Hindi post's own page. */
const hindiPostPath = `/hi${hindiPost.uri}`;

const HINDI_PAGES = [
  { name: 'home', path: '/hi/' },
  { name: 'practice page', path: `/hi/practice-areas/${practice.slug}/` },
  { name: 'blog', path: '/hi/blog' },
  { name: 'Devanagari post', path: hindiPostPath },
];

/** hreflang links of the document as the server sent it. */
function alternates(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')).map(
        (l) => [l.hreflang, l.getAttribute('href') ?? ''],
      ),
    ),
  );
}

function switcher(page: Page) {
  return page.locator('header a[data-lang-switch]');
}

for (const width of WIDTHS) {
  describe(`Hindi pages at ${width}px`, () => {
    for (const spec of HINDI_PAGES) {
      pageTest(
        `${spec.name} (${spec.path}): hi-IN, hreflang both ways, a Hindi header, the Devanagari font`,
        width,
        async ({ page }) => {
          const res = await page.goto(spec.path, { waitUntil: 'load' });
          assert.equal(res?.status(), 200);
          await waitForHydration(page);
          const head = await readHead(page);
          assert.equal(head.lang, 'hi-IN', '<html lang>');
          assert.match(await mainHeading(page), DEVANAGARI, 'a Devanagari main heading');
          assert.ok(
            head.canonical?.startsWith(`${facts.site.url}/hi/`),
            `a Hindi canonical: ${head.canonical}`,
          );
          assert.equal(head.og.locale, 'hi_IN', 'og:locale');
          const links = await alternates(page);
          assert.deepEqual(Object.keys(links).sort(), ['en-IN', 'hi-IN', 'x-default']);
          assert.equal(new URL(links['hi-IN']!).pathname.startsWith('/hi'), true, 'hi-IN is a /hi/ address');
          assert.equal(links['x-default'], links['en-IN'], 'x-default is the English page');
          // The header speaks Hindi: every navigation label is Devanagari.
          const labels = await page
            .locator('header nav a')
            .evaluateAll((as) => as.map((a) => a.textContent?.trim() ?? ''));
          assert.ok(labels.length >= 6, 'navigation links');
          for (const label of labels) assert.match(label, DEVANAGARI, `navigation label '${label}'`);
          // The switcher leads to English and is reachable without opening the phone menu.
          await switcher(page).waitFor({ state: 'visible' });
          assert.equal(await switcher(page).getAttribute('hreflang'), 'en-IN');
          // The Devanagari face is the site's own file, loaded for this page.
          const font = await page.evaluate(async () => {
            await document.fonts.ready;
            const faces = Array.from(document.fonts).filter(
              (f) => f.family.replace(/"/g, '') === 'Site Devanagari',
            );
            return {
              loaded: faces.some((f) => f.status === 'loaded'),
              files: performance
                .getEntriesByType('resource')
                .map((e) => e.name)
                .filter((n) => n.endsWith('.woff2')),
            };
          });
          assert.ok(font.loaded, 'the Devanagari face is loaded');
          // And the heading is drawn in it: a face loaded too late for a page that will not swap it
          // in leaves the text in the system's font, in boxes on a machine without Hindi fonts.
          const drawn = await fontsDrawing(page, 'main h1');
          assert.ok(
            drawn.some((f) => f.isCustomFont && /Devanagari/.test(f.familyName) && f.glyphCount > 0),
            `the main heading is drawn in the site's Devanagari font: ${JSON.stringify(drawn)}`,
          );
          assert.ok(
            font.files.length > 0 && font.files.every((f) => f.startsWith(new URL(page.url()).origin)),
            `the font comes from the site: ${font.files.join(', ')}`,
          );
        },
      );
    }

    pageTest('the switcher goes to the same page in the other language and back', width, async ({ page }) => {
      await page.goto(`/practice-areas/${practice.slug}/`);
      await waitForHydration(page);
      assert.equal(await mainHeading(page), practice.title);
      await switcher(page).click();
      await page.waitForURL(`**/hi/practice-areas/${practice.slug}/`);
      await waitForHydration(page);
      assert.equal((await readHead(page)).lang, 'hi-IN');
      assert.match(await mainHeading(page), DEVANAGARI);
      await switcher(page).click();
      await page.waitForURL((u) => u.pathname === `/practice-areas/${practice.slug}/`);
      await waitForHydration(page);
      assert.equal((await readHead(page)).lang, 'en-IN');
      assert.equal(await mainHeading(page), practice.title);
    });
  });
}

describe('languages', () => {
  pageTest('a post linked to its translation switches to it, both ways', 375, async ({ page }) => {
    const english = hindiPost.translations.find((t) => t.language === 'EN');
    assert.ok(english, 'the Hindi post is linked to an English translation');
    await page.goto(english.uri);
    await waitForHydration(page);
    assert.equal(await switcher(page).getAttribute('href'), hindiPostPath);
    await switcher(page).click();
    await page.waitForURL((u) => u.pathname === hindiPostPath);
    assert.equal(await mainHeading(page), hindiPost.title);
    assert.equal(await switcher(page).getAttribute('href'), english.uri);
  });

  pageTest('each blog lists the posts of its language and links to the other', 1280, async ({ page }) => {
    await page.goto('/hi/blog');
    await waitForHydration(page);
    const titles = await page.locator('main article h2, main article h3').allInnerTexts();
    assert.ok(titles.length > 0, 'the Hindi blog lists posts');
    for (const title of titles) assert.match(title, DEVANAGARI, `a Hindi post: '${title}'`);
    assert.ok(
      titles.some((t) => t.trim() === hindiPost.title),
      'the Devanagari post is listed',
    );
    assert.equal(
      await page.locator('main a[href="/blog"][lang="en-IN"]').count(),
      1,
      'a link to the English blog',
    );
    await page.goto('/blog');
    await waitForHydration(page);
    const english = await page.locator('main article h2, main article h3').allInnerTexts();
    assert.ok(english.length > 0);
    assert.ok(!english.some((t) => t.trim() === hindiPost.title), 'the English blog does not list it');
    assert.equal(
      await page.locator('main a[href="/hi/blog"][lang="hi-IN"]').count(),
      1,
      'a link to the Hindi blog',
    );
  });

  pageTest(
    'the Hindi blog offers the categories it has posts in, each with its count of them',
    375,
    async ({ page }) => {
      const { categories } = await gql<{ categories: { slug: string; name: string; count: number }[] }>(
        '{ categories(language: HI) { slug name count } }',
      );
      assert.ok(categories.length > 0, 'the Hindi post has a category');
      assert.ok(
        categories.every((c) => c.count > 0 && c.count <= (posts?.nodes.length ?? 0)),
        'counts of Hindi posts only',
      );
      await page.goto('/hi/blog');
      const chips = page.locator('main nav[data-chips] a');
      // "All", then one chip per category: its name and its count of Hindi posts.
      const texts = (await chips.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
      assert.deepEqual(texts.slice(1).sort(), categories.map((c) => `${c.name}(${c.count})`).sort());
      // A chip's list holds as many posts as its count.
      const first = categories[0]!;
      await page.goto(`/hi/blog?category=${first.slug}`);
      assert.equal(await page.locator('main article').count(), first.count);
    },
  );

  pageTest('a Devanagari search finds the Hindi post', 375, async ({ page }) => {
    const word = hindiPost.title.split(/\s+/).find((w) => DEVANAGARI.test(w) && w.length >= 3);
    assert.ok(word, 'a Devanagari word of the title');
    await page.goto(`/hi/blog?q=${encodeURIComponent(word)}`);
    await waitForHydration(page);
    const titles = await page.locator('main article h2, main article h3').allInnerTexts();
    assert.ok(
      titles.some((t) => t.trim() === hindiPost.title),
      `'${word}' finds '${hindiPost.title}'`,
    );
  });

  pageTest(
    'the choice is remembered for the home page, and an address always wins',
    375,
    async ({ page }) => {
      await page.goto('/');
      await waitForHydration(page);
      await switcher(page).click();
      await page.waitForURL((u) => u.pathname === '/hi/');
      const cookies = await page.context().cookies();
      assert.equal(cookies.find((c) => c.name === 'lang')?.value, 'hi', 'the choice is kept in a cookie');
      // Coming back to the bare home page from outside the site: the Hindi home page.
      await page.goto('/');
      await page.waitForURL((u) => u.pathname === '/hi/');
      await waitForHydration(page);
      assert.equal((await readHead(page)).lang, 'hi-IN');
      // Any other address keeps its language.
      await page.goto('/blog');
      await waitForHydration(page);
      assert.equal(new URL(page.url()).pathname, '/blog');
      assert.equal((await readHead(page)).lang, 'en-IN');
    },
  );

  pageTest('crawlers: the server HTML of both languages, with no redirect by language', 1280, async () => {
    for (const [path, lang] of [
      ['/', 'en-IN'],
      ['/hi/', 'hi-IN'],
      [hindiPostPath, 'hi-IN'],
    ] as const) {
      const res = await fetchRaw(path, { 'accept-language': 'hi-IN,hi;q=0.9' });
      assert.equal(res.status, 200, path);
      assert.ok(res.body.includes(`<html lang="${lang}"`), `${path} is ${lang}`);
      assert.match(res.body, /<link rel="alternate" hreflang="x-default" href="[^"]+">/);
    }
    const sitemap = await fetchRaw('/sitemap.xml');
    assert.ok(sitemap.body.includes(`${facts.site.url}/hi/</loc>`), 'the sitemap lists the Hindi home page');
    assert.ok(sitemap.body.includes(`${facts.site.url}${hindiPostPath}</loc>`), 'and the Hindi post');
  });

  pageTest('an English page loads only the few-KB font of its way to Hindi', 375, async ({ page }) => {
    await page.goto(`/practice-areas/${practice.slug}/`);
    await waitForHydration(page);
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => ({
          name: new URL(e.name).pathname,
          bytes: (e as PerformanceResourceTiming).encodedBodySize,
        }));
    });
    assert.equal(fonts.length, 1, `one font: ${JSON.stringify(fonts)}`);
    assert.match(fonts[0]!.name, /^\/assets\/noto-sans-devanagari-ui-[\w-]+\.woff2$/);
    assert.ok(fonts[0]!.bytes < 12_000, `a few KB: ${fonts[0]!.bytes} B`);
    // The switcher's word is set in it, not in boxes.
    const family = await switcher(page).evaluate((a) => getComputedStyle(a).fontFamily);
    assert.match(family, /^"Site Devanagari"/);
    const drawn = await fontsDrawing(page, 'header a[data-lang-switch]');
    assert.ok(
      drawn.some((f) => f.isCustomFont && /Devanagari/.test(f.familyName) && f.glyphCount > 0),
      `the switcher's word is drawn in the site's font: ${JSON.stringify(drawn)}`,
    );
  });
});
