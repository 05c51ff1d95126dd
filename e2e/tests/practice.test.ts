// Practice-area pages (SPEC §2; issue 3): the seven canonical pages, /practice/{slug}, loading and
// not-found states.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { interceptOperation } from '../lib/graphql.js';
import { readHead } from '../lib/head.js';
import { PRACTICE_PAGES, gql, siteFacts } from '../lib/site.js';
import { assertSameDocument, mainHeading, markDocument } from '../lib/ui.js';

const facts = await siteFacts();

interface AreaData {
  practiceArea: {
    slug: string;
    title: string;
    description: string;
    link: string;
    contentHtml: string | null;
    services: { title: string; description: string }[];
    whyChooseUs: { title: string }[];
    seo: { title: string; canonical: string };
  } | null;
}

async function area(slug: string) {
  const { practiceArea } = await gql<AreaData>(
    'query($slug: String!) { practiceArea(slug: $slug) { slug title description link contentHtml services { title description } whyChooseUs { title } seo { title canonical } } }',
    { slug },
  );
  assert.ok(practiceArea, `the gateway knows practice area ${slug}`);
  return practiceArea;
}

function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#8217;|&rsquo;/g, '’')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z0-9#]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

for (const width of WIDTHS) {
  describe(`practice pages at ${width}px`, () => {
    for (const p of PRACTICE_PAGES) {
      pageTest(
        `/practice-areas/${p.slug}/: '${p.title}' with its content, services, why choose us and a way to call`,
        width,
        async ({ page, goto }) => {
          const data = await area(p.slug);
          assert.equal(data.link, `/practice-areas/${p.slug}/`, 'the canonical link of the area');
          await goto(data.link);
          assert.equal(await mainHeading(page), p.title);
          const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
          const body = data.contentHtml ? plain(data.contentHtml) : data.description;
          assert.ok(
            text.includes(body.slice(0, 50)),
            `the page shows its ${data.contentHtml ? 'WordPress body' : 'description'}: '${body.slice(0, 50)}'`,
          );
          assert.ok(data.services.length > 0, 'the area has services');
          for (const s of data.services) assert.ok(text.includes(s.title), `service '${s.title}'`);
          for (const w of data.whyChooseUs) assert.ok(text.includes(w.title), `why-choose item '${w.title}'`);
          const crumbs = page.locator('nav[aria-label="Breadcrumb"]');
          assert.ok(await crumbs.isVisible(), 'breadcrumbs');
          assert.equal(await crumbs.getByRole('link', { name: 'Home' }).getAttribute('href'), '/');
          assert.ok(
            (await page.locator(`main a[href="${facts.site.phoneHref}"]`).count()) >= 1,
            'a call link on the page',
          );
          const head = await readHead(page);
          assert.equal(head.canonical, data.seo.canonical, 'canonical from the gateway');
          assert.ok(
            head.canonical?.endsWith(data.link),
            `canonical is the page's own address: ${head.canonical}`,
          );
        },
      );
    }

    pageTest(
      '/practice-areas/{slug} without the trailing slash and /practice/{slug} show the same area, canonical to its page',
      width,
      async ({ page, goto }) => {
        await goto('/practice-areas/criminal-defense');
        assert.equal(await mainHeading(page), 'Criminal Defence');
        await goto('/practice/family-law');
        assert.equal(await mainHeading(page), 'Family Law');
        const head = await readHead(page);
        assert.ok(
          head.canonical?.endsWith('/practice-areas/family-law/'),
          `canonical of /practice/family-law: ${head.canonical}`,
        );
      },
    );

    pageTest(
      "/practice/{unknown}: 'Practice Area Not Found', its error line, status 404",
      width,
      async ({ page }) => {
        const res = await page.goto('/practice/nope', { waitUntil: 'load' });
        assert.equal(res?.status(), 404);
        await waitForHydration(page);
        assert.equal(await mainHeading(page), 'Practice Area Not Found');
        assert.ok(
          await page
            .getByText('The requested practice area could not be found.', { exact: true })
            .isVisible(),
        );
        assert.ok(
          await page
            .locator('main')
            .getByText(/^Error: \S/)
            .isVisible(),
          'an error line',
        );
        const res2 = await page.goto('/practice-areas/nope', { waitUntil: 'load' });
        assert.equal(res2?.status(), 404);
        await waitForHydration(page);
        assert.equal(await mainHeading(page), 'Practice Area Not Found');
      },
      { documentStatus404: true },
    );

    pageTest(
      "on a slow network: 'Loading practice area...' until the area arrives",
      width,
      async ({ page, goto }) => {
        await goto('/practice-areas/criminal-defense/');
        await markDocument(page);
        let release: () => void = () => {};
        const held = new Promise<void>((r) => (release = r));
        await interceptOperation(page, 'PracticeAreaPage', async (route) => {
          await held;
          await route.continue();
        });
        const target = facts.practiceAreas.find((a) => a.slug === 'divorce-advisory')!;
        await page.locator('footer').getByRole('link', { name: target.title, exact: true }).click();
        await page.waitForURL((u) => u.pathname === target.link);
        await page.getByText('Loading practice area...', { exact: true }).waitFor();
        release();
        await page.waitForFunction(
          (t) => document.querySelector('main h1')?.textContent?.trim() === t,
          target.title,
        );
        await assertSameDocument(page, 'practice page to practice page');
      },
    );
  });
}
