// 'Try Again' on the pages that could not load their content while the server rendered them (the
// blog list, a post, a content page, a practice page): a visitor whose page's scripts never arrive,
// or who has JavaScript off, gets the page again from the server, and sees it once the content is
// back. Run against a second web server whose gateway fails chosen operations (lib/flaky-site.ts).
import { after, before, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { WIDTHS, pageTest } from '../lib/browser.js';
import { startFlakySite, type FlakySite } from '../lib/flaky-site.js';
import { screenshot } from '../lib/screenshot.js';
import { DIVORCE_POST, gql, siteFacts } from '../lib/site.js';
import { mainHeading } from '../lib/ui.js';

const facts = await siteFacts();
// A page of its own (some WordPress pages share their address with a practice area).
const { page: contentPage } = await gql<{ page: { uri: string; title: string } | null }>(
  '{ page(slug: "privacy-policy") { uri title } }',
);
assert.ok(contentPage, 'the content snapshot has the privacy policy page');
const post = facts.posts?.nodes.find((p) => p.slug === DIVORCE_POST);
assert.ok(post, `the content snapshot has ${DIVORCE_POST}`);
const practice = facts.practiceAreas[0]!;

let site: FlakySite;
before(async () => {
  site = await startFlakySite();
});
after(async () => {
  await site?.close();
});

/** The document's answer as the browser got it. */
const DOCUMENT_503 = /Failed to load resource: the server responded with a status of 503/;

interface Case {
  name: string;
  operation: string;
  path: string;
  /** What the page says when its content could not be loaded. */
  failure: string;
  /** Proof that the content came on the second try. */
  loaded: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    name: 'the blog list',
    operation: 'BlogPosts',
    path: '/blog?q=bail',
    failure: 'Failed to load articles',
    loaded: async (page) => {
      assert.ok((await page.locator('main article').count()) > 0, 'the list of posts shows');
    },
  },
  {
    name: 'a post',
    operation: 'PostPage',
    path: post.uri,
    failure: 'Failed to load post.',
    loaded: async (page) => {
      assert.equal(await mainHeading(page), post.title);
    },
  },
  {
    name: 'a content page',
    operation: 'ContentPage',
    path: contentPage.uri,
    failure: 'Error: Failed to fetch page',
    loaded: async (page) => {
      assert.equal(await mainHeading(page), contentPage.title);
    },
  },
  {
    name: 'a practice page',
    operation: 'PracticeAreaPage',
    path: practice.link,
    failure: 'Practice Area Not Found',
    loaded: async (page) => {
      assert.equal(await mainHeading(page), practice.title);
    },
  },
];

for (const width of WIDTHS) {
  describe(`Try Again at ${width}px`, () => {
    for (const c of CASES) {
      pageTest(
        `${c.name}: with JavaScript off, Try Again asks the server again and shows the content once it is back`,
        width,
        async ({ page }) => {
          site.failing.add(c.operation);
          try {
            const first = await page.goto(`${site.url}${c.path}`, { waitUntil: 'load' });
            assert.equal(first?.status(), 503, 'the server says: try later');
            assert.ok(await page.getByText(c.failure, { exact: true }).isVisible(), `says '${c.failure}'`);
            assert.ok(site.failed.includes(c.operation), 'the gateway was asked and failed');
            const tryAgain = page.locator('main').getByRole('link', { name: 'Try Again', exact: true });
            assert.equal(await tryAgain.count(), 1, "one 'Try Again'");
            assert.equal(await tryAgain.getAttribute('href'), c.path, 'a link to the same address');
            await screenshot(page, `try-again-${c.operation}-no-js`);
          } finally {
            site.failing.delete(c.operation);
          }
          const [again] = await Promise.all([
            page.waitForNavigation({ waitUntil: 'load' }),
            page.locator('main').getByRole('link', { name: 'Try Again', exact: true }).click(),
          ]);
          assert.equal(again?.status(), 200, 'the second try is answered with the content');
          assert.equal(new URL(page.url()).pathname + new URL(page.url()).search, c.path, 'same address');
          await c.loaded(page);
          assert.equal(await page.getByText(c.failure, { exact: true }).count(), 0, 'the failure is gone');
        },
        { javaScript: false, allowConsole: [DOCUMENT_503] },
      );
    }

    pageTest(
      "the blog list with scripts: 'Try Again' still reloads it from the server",
      width,
      async ({ page }) => {
        site.failing.add('BlogPosts');
        try {
          const first = await page.goto(`${site.url}/blog`, { waitUntil: 'load' });
          assert.equal(first?.status(), 503);
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
          await page.getByText('Failed to load articles', { exact: true }).waitFor();
        } finally {
          site.failing.delete('BlogPosts');
        }
        await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
        // The page's speculation rules may have fetched the page already as the press began (a
        // request to the server all the same); Playwright then reports no response of its own.
        await Promise.all([
          page.waitForNavigation({ waitUntil: 'load' }),
          page.locator('main').getByRole('link', { name: 'Try Again', exact: true }).click(),
        ]);
        assert.equal(
          await page.evaluate(() => (window as unknown as { __before?: boolean }).__before),
          undefined,
          'a new page from the server',
        );
        await page.locator('main article').first().waitFor();
      },
      { allowConsole: [DOCUMENT_503] },
    );
  });
}
