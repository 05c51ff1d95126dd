// Generic WordPress pages, the "not found" screens of brief §2/§8, and the /wp-admin helper page.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_FOUND_CONSOLE, WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { readHead } from '../lib/head.js';
import { drawWholePage } from '../lib/ui.js';
import { DIVORCE_POST, PRACTICE_PAGES, gql, siteFacts } from '../lib/site.js';
import { SITE_IDS } from '../../gateway/src/derive/site-ids.js';

const facts = await siteFacts();
const practiceSlugs = new Set<string>(PRACTICE_PAGES.map((p) => p.slug));
const pageSlug = facts.pages.find((p) => !practiceSlugs.has(p.slug))?.slug;

interface PageData {
  page: {
    uri: string;
    title: string;
    contentHtml: string;
    structure: {
      heroSubtitle: string | null;
      servicesTitle: string | null;
      servicesItems: { title: string }[];
      whyChooseTitle: string | null;
      whyChooseItems: { title: string }[];
    } | null;
  } | null;
}

for (const width of WIDTHS) {
  describe(`generic content page at ${width}px`, () => {
    pageTest('a WordPress page renders its title, body and page structure', width, async ({ page, goto }) => {
      assert.ok(pageSlug, 'the content snapshot has a page that is not a practice area');
      const { page: data } = await gql<PageData>(
        `query($slug: String!) { page(slug: $slug) { uri title contentHtml structure {
          heroSubtitle servicesTitle servicesItems { title } whyChooseTitle whyChooseItems { title } } } }`,
        { slug: pageSlug },
      );
      assert.ok(data, `page ${pageSlug} exists in the gateway`);
      await goto(data.uri);
      await drawWholePage(page);
      assert.equal((await page.locator('main h1').innerText()).trim(), data.title);
      const text = await page.locator('main').innerText();
      const s = data.structure;
      for (const t of [
        s?.heroSubtitle,
        s?.servicesTitle,
        s?.whyChooseTitle,
        ...(s?.servicesItems ?? []).map((i) => i.title),
        ...(s?.whyChooseItems ?? []).map((i) => i.title),
      ]) {
        if (t) assert.ok(text.includes(t), `the page shows '${t}' from its page structure`);
      }
      const bodyText = data.contentHtml
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      if (bodyText)
        assert.ok(
          text.replace(/\s+/g, ' ').includes(bodyText.replace(/&[a-z]+;|&#\d+;/g, '').slice(0, 20)),
          'the page body',
        );
      const head = await readHead(page);
      assert.ok(head.title.startsWith(data.title), `head title from the page: ${head.title}`);
    });

    pageTest(
      "a missing page: 'Page Not Found' with its texts and 'Back to Home', status 404",
      width,
      async ({ page }) => {
        const res = await page.goto('/no-such-page-here', { waitUntil: 'load' });
        assert.equal(res?.status(), 404);
        const main = page.locator('main');
        assert.equal(await main.locator('h1').innerText(), 'Page Not Found');
        for (const t of ['The requested page could not be found.', 'Please check the URL and try again.']) {
          assert.ok(await main.getByText(t, { exact: true }).isVisible(), `shows '${t}'`);
        }
        assert.ok(
          await main
            .getByText(/^Error: /)
            .first()
            .isVisible(),
          "shows 'Error: {error or Page not found}'",
        );
        const back = main.getByRole('link', { name: 'Back to Home' });
        assert.equal(await back.getAttribute('href'), '/');
        await waitForHydration(page);
        await back.click();
        await page.waitForURL((u) => u.pathname === '/');
      },
      { documentStatus404: true },
    );
  });

  describe(`404 page at ${width}px`, () => {
    for (const path of ['/this/path/does-not-exist', '/a/b/c/d']) {
      pageTest(
        `${path}: 'Oops! Page not found', 'Return to Home', status 404 and the console error of brief §2`,
        width,
        async ({ page }) => {
          const res = await page.goto(path, { waitUntil: 'load' });
          assert.equal(res?.status(), 404);
          await waitForHydration(page);
          assert.equal(await page.locator('main h1').innerText(), 'Oops! Page not found');
          const home = page.locator('main').getByRole('link', { name: 'Return to Home' });
          assert.equal(await home.getAttribute('href'), '/');
          assert.match((await readHead(page)).robots ?? '', /noindex/);
          await home.click();
          await page.waitForURL((u) => u.pathname === '/');
        },
        { documentStatus404: true, expectConsoleErrors: [NOT_FOUND_CONSOLE] },
      );
    }
  });

  describe(`/wp-admin helper at ${width}px`, () => {
    pageTest(
      'with embedded content it says so, and lists the practice areas and a four-step how-to',
      width,
      async ({ page, goto }) => {
        const { connection } = await gql<{ connection: { status: string; source: string } }>(
          '{ connection { status source } }',
        );
        assert.equal(connection.source, 'EMBEDDED', 'the tests run on the embedded content');
        await goto('/wp-admin');
        const main = page.locator('main');
        // brief §4: 'Checking connection...' first, then the answer of the live check (the server's
        // HTML says 'not checked yet' until the scripts start it).
        await page
          .waitForFunction(
            () =>
              !['Checking connection...', 'Connection not checked yet'].some((t) =>
                document.querySelector('main')?.textContent?.includes(t),
              ),
            undefined,
            {
              timeout: 5_000,
            },
          )
          .catch(() => assert.fail("still 'Checking connection...' 5 s after the page loaded"));
        const text = await main.innerText();
        assert.match(text, /embedded/i, 'says plainly that the content is embedded');
        assert.ok(!text.includes('Connected to WordPress'), 'does not pretend to be connected');
        const refresh = main.getByRole('button', { name: /Refresh/ });
        assert.equal(await refresh.count(), 1, 'a Refresh button');
        await refresh.click();
        await page.waitForTimeout(300);
        assert.match(await main.innerText(), /embedded/i, 'still embedded after Refresh');
        for (const area of facts.practiceAreas) assert.ok(text.includes(area.title), `lists '${area.title}'`);
        const steps = main.locator('ol > li');
        assert.equal(await steps.count(), 4, 'a four-step how-to for adding a practice area');
        for (const s of await steps.all())
          assert.ok((await s.innerText()).trim().length > 15, 'each step is written out');
        assert.match((await readHead(page)).robots ?? '', /noindex/, 'noindex');
      },
    );
  });
}

describe('site ids', () => {
  // The gateway keeps WordPress bodies off the ids the site's own markup uses (SITE_IDS); that only
  // holds while the list names every one of them on the pages that show a body.
  pageTest(
    "every id the site's own markup gives on a post, a page and a practice page is in the gateway's SITE_IDS",
    375,
    async ({ page, goto }) => {
      assert.ok(pageSlug, 'the content snapshot has a page that is not a practice area');
      for (const path of [
        `/blog/${DIVORCE_POST}/`,
        `/${pageSlug}/`,
        `/practice-areas/${PRACTICE_PAGES[0].slug}/`,
      ]) {
        await goto(path);
        await waitForHydration(page);
        // A first visit: the disclaimer's ids are in the page too.
        await page.getByRole('dialog', { name: 'Disclaimer' }).waitFor();
        assert.equal(
          await page.locator('[data-wordpress-html]').count(),
          1,
          `${path} shows a WordPress body`,
        );
        const ids = await page.evaluate(() =>
          [...document.querySelectorAll('[id]')]
            .filter((el) => !el.closest('[data-wordpress-html]'))
            .map((el) => el.id),
        );
        assert.ok(
          ids.includes('main') && ids.includes('disclaimer-title'),
          `${path}: the site's ids are found`,
        );
        assert.deepEqual(
          ids.filter((id) => !SITE_IDS.includes(id)),
          [],
          `${path}: ids missing from SITE_IDS (gateway/src/derive/site-ids.ts)`,
        );
      }
    },
    { returning: false },
  );
});
