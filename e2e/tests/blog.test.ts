// The blog (brief §2; issue 4): the list with search, category filter, empty/loading/error states and
// paging; the single post with banner, contents, recent posts and the old-address redirect.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { contrastRatio } from '../lib/contrast.js';
import { readHead } from '../lib/head.js';
import { assertScrolledTo, waitForScrollEnd, waitForScrolledTo } from '../lib/scroll.js';
import { DIVORCE_POST, gql, siteFacts, type PostFacts } from '../lib/site.js';
import { assertSameDocument, drawWholePage, mainHeading, markDocument, waitForHeading } from '../lib/ui.js';

const facts = await siteFacts();
assert.ok(facts.posts && facts.posts.nodes.length > 0, 'the content snapshot has posts');
const allPosts = facts.posts.nodes;
const PER_PAGE = 20;
const post = allPosts.find((p) => p.slug === DIVORCE_POST)!;
const LONG_DATE =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/;

async function postsFor(vars: {
  search?: string;
  categorySlug?: string;
}): Promise<{ totalCount: number; nodes: { uri: string; title: string }[] }> {
  const data = await gql<{ posts: { totalCount: number; nodes: { uri: string; title: string }[] } }>(
    'query($search: String, $categorySlug: String) { posts(first: 20, search: $search, categorySlug: $categorySlug, language: EN) { totalCount nodes { uri title } } }',
    vars,
  );
  return data.posts;
}

function hexToRgb(hex: string): string {
  const h = hex.replace('#', '');
  const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
  return `rgb(${n(0)}, ${n(2)}, ${n(4)})`;
}

function cards(page: Page): Locator {
  return page.locator('main article');
}

async function cardTitles(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((els) =>
    els.map((e) => (e.querySelector('h2, h3')?.textContent ?? '').trim()),
  );
}

/** A search word that finds some posts but not all of them. */
async function searchTerm(): Promise<{
  term: string;
  expected: { totalCount: number; nodes: { uri: string; title: string }[] };
}> {
  for (const term of ['bail', 'divorce', 'custody', 'cyber', 'accident']) {
    const expected = await postsFor({ search: term });
    if (expected.totalCount > 0 && expected.totalCount < allPosts.length) return { term, expected };
  }
  throw new Error('no search word narrows the posts');
}

for (const width of WIDTHS) {
  describe(`blog list at ${width}px`, () => {
    pageTest(
      'hero, search box and a grid of cards with image, reading time, title, excerpt, author, date and Read More',
      width,
      async ({ page, goto }) => {
        await goto('/blog');
        await drawWholePage(page);
        const search = page.getByPlaceholder('Search articles...', { exact: true });
        assert.ok(await search.isVisible(), "a search box with placeholder 'Search articles...'");
        assert.ok(
          await search.evaluate((el) => (el as HTMLInputElement).labels?.length ?? 0),
          'the search box has a label',
        );
        const shown = allPosts.slice(0, PER_PAGE);
        assert.equal(await cards(page).count(), shown.length, `${shown.length} cards (20 a page)`);
        assert.deepEqual(
          await cardTitles(page),
          shown.map((p) => p.title),
          'newest first, as the gateway orders them',
        );
        for (const [i, card] of (await cards(page).all()).entries()) {
          const expected = shown[i]!;
          const text = await card.innerText();
          const img = card.locator('img').first();
          assert.equal(await img.count(), 1, `card '${expected.title}' has its featured image`);
          assert.ok((await img.getAttribute('alt')) !== null, 'the image has alt text');
          // Its box is reserved before the file arrives (width/height attributes or a CSS aspect ratio).
          const reserved = await img.evaluate(
            (el) =>
              (el.hasAttribute('width') && el.hasAttribute('height')) ||
              getComputedStyle(el).aspectRatio !== 'auto',
          );
          assert.ok(reserved, 'the image box is sized before it loads (no layout shift)');
          assert.ok(
            text.includes(`${expected.readingTimeMinutes} min read`),
            `'${expected.readingTimeMinutes} min read' on '${expected.title}'`,
          );
          assert.ok(text.includes(expected.authorName), `author '${expected.authorName}'`);
          const date = (await card.locator('time').first().innerText()).trim();
          assert.equal(date, expected.dateFormatted);
          assert.match(date, LONG_DATE, 'long US-English date');
          const excerpt =
            text
              .split('\n')
              .map((l) => l.trim())
              .filter(
                (l) =>
                  l &&
                  l !== expected.title &&
                  !l.includes('min read') &&
                  l !== date &&
                  l !== expected.authorName &&
                  !l.startsWith('Read More'),
              )
              .sort((a, b) => b.length - a.length)[0] ?? '';
          assert.ok(
            excerpt.length > 20 && excerpt.length <= 123,
            `a 120-character excerpt, got ${excerpt.length}: '${excerpt}'`,
          );
          const more = card.getByRole('link', { name: /Read More/ });
          assert.equal(await more.getAttribute('href'), expected.uri, 'Read More links to the post');
        }
        const rows = await cards(page).evaluateAll((els) =>
          els.slice(0, 6).map((e) => Math.round(e.getBoundingClientRect().top)),
        );
        const firstRow = rows.filter((t) => t === rows[0]).length;
        assert.equal(
          firstRow,
          width === 1280 ? Math.min(3, rows.length) : 1,
          `cards in the first row: 3 columns on desktop, 1 on phones`,
        );
      },
    );

    pageTest(
      'search: typing filters through the gateway and keeps ?q= in the address; the result page is server-rendered',
      width,
      async ({ page, goto }) => {
        const { term, expected } = await searchTerm();
        await goto('/blog');
        await page.getByPlaceholder('Search articles...').fill(term);
        await page.waitForURL((u) => u.searchParams.get('q') === term);
        await page.waitForFunction(
          (n) => document.querySelectorAll('main article').length === n,
          expected.nodes.length,
        );
        assert.deepEqual(
          await cardTitles(page),
          expected.nodes.map((n) => n.title),
          `cards for '${term}'`,
        );
        await page.reload({ waitUntil: 'load' });
        await waitForHydration(page);
        assert.deepEqual(
          await cardTitles(page),
          expected.nodes.map((n) => n.title),
          'the same result after a reload',
        );
        assert.equal(
          await page.getByPlaceholder('Search articles...').inputValue(),
          term,
          'the box keeps the query',
        );
        const head = await readHead(page);
        assert.ok(
          head.canonical && !head.canonical.includes('q='),
          'a search result is not its own canonical page',
        );
        await page.getByPlaceholder('Search articles...').fill('');
        await page.waitForURL((u) => !u.searchParams.has('q'));
        await page.waitForFunction(
          (n) => document.querySelectorAll('main article').length === n,
          Math.min(PER_PAGE, allPosts.length),
        );
      },
    );

    pageTest(
      'category filter: categories from the gateway, the choice kept in the address',
      width,
      async ({ page, goto }) => {
        const category = facts.categories.find((c) => c.count > 0 && c.count < allPosts.length);
        assert.ok(category, 'a category with some posts');
        assert.ok(
          facts.categories.every((c) => c.count > 0),
          'only categories with posts (hide_empty)',
        );
        const expected = await postsFor({ categorySlug: category.slug });
        await goto('/blog');
        for (const c of facts.categories) {
          assert.ok(
            await page
              .locator('main')
              .getByRole('link', { name: new RegExp(`^${c.name}`) })
              .first()
              .isVisible(),
            `a filter for '${c.name}'`,
          );
        }
        await page
          .locator('main')
          .getByRole('link', { name: new RegExp(`^${category.name}`) })
          .first()
          .click();
        await page.waitForURL(
          (u) => [...u.searchParams.values()].includes(category.slug) || u.pathname.includes(category.slug),
        );
        await page.waitForFunction(
          (n) => document.querySelectorAll('main article').length === n,
          expected.nodes.length,
        );
        assert.deepEqual(
          await cardTitles(page),
          expected.nodes.map((n) => n.title),
          `cards in '${category.name}'`,
        );
        const url = page.url();
        await page.goto(url, { waitUntil: 'load' });
        await waitForHydration(page);
        assert.deepEqual(
          await cardTitles(page),
          expected.nodes.map((n) => n.title),
          'the filtered list is server-rendered from the address',
        );
      },
    );

    pageTest(
      "empty result: 'No articles found' / 'Try adjusting your search or filter criteria'",
      width,
      async ({ page, goto }) => {
        await goto('/blog?q=zzqxvjwk');
        assert.equal(await cards(page).count(), 0);
        assert.ok(await page.getByText('No articles found', { exact: true }).isVisible());
        assert.ok(
          await page.getByText('Try adjusting your search or filter criteria', { exact: true }).isVisible(),
        );
      },
    );

    if (allPosts.length > PER_PAGE) {
      pageTest('more than 20 posts: crawlable links to the next page', width, async ({ page, goto }) => {
        await goto('/blog');
        const next = page.locator('main a[href="/blog/page/2"]').first();
        assert.ok(await next.isVisible(), 'a link to /blog/page/2');
        await next.click();
        await page.waitForURL((u) => u.pathname === '/blog/page/2');
        await page.waitForFunction(() => document.querySelectorAll('main article').length > 0);
        assert.deepEqual(
          await cardTitles(page),
          allPosts.slice(PER_PAGE, PER_PAGE * 2).map((p) => p.title),
        );
      });
    }
  });

  describe(`single post at ${width}px`, () => {
    const tocLinks = (page: Page) => page.locator('main nav a[href^="#"]');

    pageTest('banner, title, date, body, featured image, Back to Blog', width, async ({ page, goto }) => {
      await goto(post.uri);
      assert.equal(await mainHeading(page), post.title);
      const mainText = await page.locator('main').innerText();
      assert.ok(mainText.includes(post.banner.title), `the banner title '${post.banner.title}'`);
      assert.ok(
        await page.locator('main time').filter({ hasText: post.dateFormatted }).first().isVisible(),
        'the date',
      );
      assert.ok((await page.locator('main article p').count()) >= 3, 'the HTML body');
      const featured = page.locator('main article img').first();
      assert.ok(await featured.isVisible(), 'the featured image');
      assert.ok((await featured.getAttribute('alt'))?.length, 'the featured image has alt text');
      assert.ok(
        await featured.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
        'the image loaded',
      );
      const back = page.getByRole('link', { name: 'Back to Blog' }).first();
      assert.equal(await back.getAttribute('href'), '/blog');
      // The banner opens the page in the post's banner colour (brief §2 banner settings).
      const banner = page.locator('main > *').first();
      assert.ok(
        (await banner.innerText()).includes(post.banner.title),
        'the banner is the first thing in main',
      );
      const bannerBg = await banner.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.equal(bannerBg, hexToRgb(post.banner.backgroundColor), 'the banner background colour');
    });

    pageTest(
      'table of contents: the entries of the gateway, exclusions of brief §2, a click scrolls 96 px below the top and sets the hash',
      width,
      async ({ page, goto }) => {
        assert.ok(post.toc.length >= 3, 'the divorce post has a table of contents');
        for (const e of post.toc) {
          assert.doesNotMatch(
            e.text,
            /^(\d|Step \d)/i,
            `excluded: headings starting with a number or 'Step N' (${e.text})`,
          );
          assert.ok(
            !['Mutual Consent Divorce', 'Contested Divorce'].includes(e.text.trim()),
            `excluded heading '${e.text}'`,
          );
        }
        assert.equal(new Set(post.toc.map((e) => e.id)).size, post.toc.length, 'unique heading ids');
        await goto(post.uri);
        const links = tocLinks(page);
        assert.deepEqual(
          await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
          post.toc.map((e) => `#${e.id}`),
          'the contents link to the headings in order',
        );
        for (const e of post.toc) {
          const tag = await page.locator(`[id="${e.id}"]`).evaluate((el) => el.tagName);
          assert.match(tag, /^H[1-3]$/, `#${e.id} is an h1-h3 in the body`);
        }
        if (width === 1280) {
          const sticky = await links.first().evaluate((a) => {
            for (let n: Element | null = a; n; n = n.parentElement)
              if (getComputedStyle(n).position === 'sticky') return true;
            return false;
          });
          assert.ok(sticky, 'the sidebar is sticky on wide screens');
        }
        await markDocument(page);
        const target = post.toc[Math.min(3, post.toc.length - 1)]!;
        await links.filter({ hasText: target.text }).first().click();
        await page.waitForURL((u) => u.hash === `#${target.id}`);
        await waitForScrolledTo(
          page.locator(`[id="${target.id}"]`),
          `heading '${target.text}' after its contents click`,
        );
        await assertSameDocument(page, 'contents click');
        const last = post.toc[post.toc.length - 1]!;
        await links.filter({ hasText: last.text }).first().click();
        await page.waitForURL((u) => u.hash === `#${last.id}`);
        await waitForScrolledTo(
          page.locator(`[id="${last.id}"]`),
          `heading '${last.text}' after its contents click`,
        );
      },
    );

    if (width >= 1024)
      pageTest(
        'the sticky sidebar stays clear of the floating call and WhatsApp buttons',
        width,
        async ({ page, goto }) => {
          await goto(post.uri);
          const sidebar = page.getByRole('complementary', { name: 'Article sidebar' });
          const shortcuts = page.getByRole('complementary', { name: 'Contact shortcuts' });
          // Down the article, where the sidebar is stuck beside the buttons; at this width and at
          // the narrowest width with a sidebar.
          for (const w of [width, 1024]) {
            await page.setViewportSize({ width: w, height: 800 });
            await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 3));
            await waitForScrollEnd(page);
            const a = (await sidebar.boundingBox())!;
            const b = (await shortcuts.boundingBox())!;
            assert.ok(a.y < b.y + b.height && a.y + a.height > b.y, `${w}px: they are side by side`);
            assert.ok(
              a.x + a.width <= b.x - 8,
              `${w}px: sidebar ends at ${a.x + a.width}, buttons start at ${b.x}`,
            );
          }
        },
      );

    pageTest(
      'opening the post with a #hash lands on that heading, 96 px below the top',
      width,
      async ({ page, goto }) => {
        const target = post.toc[Math.min(2, post.toc.length - 1)]!;
        await goto(`${post.uri}#${target.id}`);
        await waitForScrollEnd(page);
        await page.waitForTimeout(500);
        await waitForScrollEnd(page);
        await assertScrolledTo(
          page.locator(`[id="${target.id}"]`),
          `heading '${target.text}' opened by its hash`,
        );
      },
    );

    pageTest(
      'recent posts: at most five, never the current one, each a link to a post',
      width,
      async ({ page, goto }) => {
        await goto(post.uri);
        const section = page.getByRole('region', { name: /Recent/ });
        await section.waitFor();
        const hrefs = await section
          .locator('a[href^="/"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        assert.ok(hrefs.length >= 1 && hrefs.length <= 5, `1 to 5 recent posts, got ${hrefs.length}`);
        assert.ok(!hrefs.includes(post.uri), 'the current post is not among them');
        const uris = new Set(allPosts.map((p) => p.uri));
        for (const h of hrefs) assert.ok(uris.has(h), `recent post link ${h} is a post`);
        const others = allPosts
          .filter((p) => p.slug !== post.slug)
          .slice(0, 5)
          .map((p) => p.uri);
        assert.deepEqual(hrefs, others, 'the newest other posts');
        await section.locator('a[href^="/"]').first().click();
        await page.waitForURL((u) => u.pathname === hrefs[0]);
        const next = allPosts.find((p) => p.uri === hrefs[0]) as PostFacts;
        await waitForHeading(page, next.title);
        const again = await section
          .locator('a[href^="/"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        assert.ok(!again.includes(next.uri), 'the list follows the post being read');
      },
    );

    pageTest(
      '/{category}/{post} renders the post; its canonical is the /blog address',
      width,
      async ({ page, goto }) => {
        const other =
          allPosts.find((p) => p.slug !== DIVORCE_POST && p.categories.length > 0) ?? allPosts[0]!;
        const category = other.categories[0]?.slug ?? 'news';
        await goto(`/${category}/${other.slug}`);
        assert.equal(await mainHeading(page), other.title);
        const head = await readHead(page);
        assert.ok(
          head.canonical?.endsWith(other.uri) || head.canonical?.endsWith(`${other.uri}/`),
          `canonical ${head.canonical} names ${other.uri}`,
        );
      },
    );

    pageTest(
      "a missing post: 'Post not found.' with status 404 and Back to Blog",
      width,
      async ({ page }) => {
        const res = await page.goto('/blog/nope', { waitUntil: 'load' });
        assert.equal(res?.status(), 404);
        await waitForHydration(page);
        assert.equal(await mainHeading(page), 'Post not found.');
        assert.ok(await page.getByRole('link', { name: 'Back to Blog' }).first().isVisible());
      },
      { documentStatus404: true },
    );

    pageTest(
      'the old address, reached inside the site, is replaced by the blog address (no history entry)',
      width,
      async ({ page, goto }) => {
        await goto('/blog');
        const before = await page.evaluate(() => window.history.length);
        // A link to the old address: the server answers 301, and the browser replaces the entry.
        await page.evaluate((p) => window.location.assign(p), `/criminal-defense/${DIVORCE_POST}`);
        await page.waitForURL((u) => u.pathname === `/blog/${DIVORCE_POST}/`);
        await page.waitForFunction(
          (t) => document.querySelector('main h1')?.textContent?.trim() === t,
          post.title,
        );
        assert.equal(
          await page.evaluate(() => window.history.length),
          before + 1,
          'the redirect replaced the entry',
        );
        await page.goBack();
        await page.waitForURL((u) => u.pathname === '/blog');
      },
    );
  });
}

describe('a post on paper', () => {
  pageTest(
    "prints as the article and the firm's contact lines in black, without the site's controls",
    1280,
    async ({ page, goto }) => {
      await goto(post.uri);
      const shown = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((el) => getComputedStyle(el).display !== 'none');
      const parts = {
        'the floating call and WhatsApp buttons': 'aside[aria-label="Contact shortcuts"]',
        'the navigation and the language switch': 'header nav[aria-label="Main"]',
        // The first thing in main, as the banner test above finds it.
        'the banner': 'main > *:first-child',
        'the featured image': '[data-image-box]',
        'the sidebar': 'aside[aria-label="Article sidebar"]',
        'Back to Blog': 'main a[href="/blog"]',
        "the footer's links": 'footer nav',
      };
      for (const [name, selector] of Object.entries(parts))
        assert.ok(await shown(selector), `${name} on screen`);
      await page.emulateMedia({ media: 'print' });
      for (const [name, selector] of Object.entries(parts))
        assert.ok(!(await shown(selector)), `${name} not on paper`);
      const heading = page.locator('main h1').first();
      assert.equal((await heading.innerText()).trim(), post.title);
      assert.equal(
        await heading.evaluate((el) => getComputedStyle(el).color),
        'rgb(0, 0, 0)',
        'the title in black',
      );
      assert.ok(await page.locator('main article p').first().isVisible(), 'the body');
      const phone = page.locator(`footer a[href^="tel:"]`);
      assert.ok(await phone.isVisible(), "the firm's number");
      // The footer is dark on screen: on paper its text is black on the sheet.
      assert.deepEqual(
        await page
          .locator('footer')
          .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]),
        ['rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)'],
      );
    },
  );
});

describe('category chips on a phone', () => {
  pageTest('arriving with a category chosen, its chip is in view; only the row scrolled', 375, async (tp) => {
    const { page } = tp;
    // The last chip: on a 375 px phone the row shows the first few and scrolls for the rest.
    const last = [...facts.categories].filter((c) => c.count > 0).at(-1)!;
    await tp.goto(`/blog?category=${last.slug}`);
    const nav = page.getByRole('navigation', { name: 'Filter by category' });
    const chip = nav.locator('[aria-current="true"]');
    assert.match((await chip.textContent()) ?? '', new RegExp(`^${last.name}`));
    await page
      .waitForFunction(
        () => {
          const n = document.querySelector('nav[aria-label="Filter by category"]')!;
          const box = n.getBoundingClientRect();
          const at = n.querySelector('[aria-current="true"]')!.getBoundingClientRect();
          return at.left >= box.left && at.right <= box.right;
        },
        null,
        { timeout: 5_000 },
      )
      .catch(() => assert.fail('the chosen chip is not within the row'));
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page itself did not scroll');
  });
});

describe('the chosen category chip', () => {
  pageTest('stays readable under the pointer', 1280, async ({ page, goto }) => {
    const category = facts.categories.find((c) => c.count > 0)!;
    await goto(`/blog?category=${category.slug}`);
    const chip = page
      .getByRole('navigation', { name: 'Filter by category' })
      .locator('[aria-current="true"]');
    // The chip has no colour transition: the hovered colours apply at once.
    await chip.hover();
    const { color, bg } = await chip.evaluate((e) => {
      const s = getComputedStyle(e);
      return { color: s.color, bg: s.backgroundColor };
    });
    const ratio = contrastRatio(color, bg);
    assert.ok(ratio >= 4.5, `text ${color} on ${bg}: contrast ${ratio.toFixed(2)}`);
  });
});
