// Practice-area pages (brief §2): the seven canonical pages, /practice/{slug}, loading and
// not-found states; and the practice areas written in WordPress (the content snapshot's
// practice_area posts), on the home page's cards, at /practice-areas/, in the contact form's choice
// and the sitemap, each with a page of its own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { readHead } from '../lib/head.js';
import { PRACTICE_PAGES, fetchRaw, gql, siteFacts } from '../lib/site.js';
import { drawWholePage, mainHeading, waitForHeading } from '../lib/ui.js';

const facts = await siteFacts();

/** The areas written in WordPress: listed after the built-in ones, at /practice/{slug}/. */
const fromWordPress = facts.practiceAreas.filter((a) => a.link.startsWith('/practice/'));

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
          await drawWholePage(page);
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
  });
}

test('the content snapshot has practice areas written in WordPress, after the built-in ones', () => {
  assert.ok(fromWordPress.length >= 2, `practice_area posts in content/: ${fromWordPress.length}`);
  assert.deepEqual(
    facts.practiceAreas.slice(0, 7).map((a) => a.slug),
    PRACTICE_PAGES.map((p) => p.slug),
  );
  assert.deepEqual(facts.practiceAreas.slice(7), fromWordPress);
});

test('the sitemap lists every practice area written in WordPress, dated', async () => {
  assert.ok(fromWordPress.length > 0, 'practice areas written in WordPress to look for');
  const sitemap = await fetchRaw('/sitemap.xml');
  assert.equal(sitemap.status, 200);
  for (const area of fromWordPress) {
    const entry = new RegExp(
      `<loc>[^<]*${area.link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}`,
    );
    assert.match(sitemap.body, entry, `the sitemap lists ${area.link} with its date`);
  }
});

for (const width of WIDTHS) {
  describe(`practice areas written in WordPress at ${width}px`, () => {
    pageTest(
      "are cards on the home page and at /practice-areas/, open their page, and are the contact form's choice",
      width,
      async ({ page, goto }) => {
        const area = fromWordPress[0]!;
        await goto('/');
        await drawWholePage(page);
        const cards = page.locator('#practice article');
        const titles = (await cards.locator('h3').allInnerTexts()).map((t) => t.trim());
        assert.deepEqual(
          titles,
          facts.practiceAreas.map((a) => a.title),
          "the home page has a card per area, WordPress's after the built-in ones",
        );

        await goto('/practice-areas/');
        await drawWholePage(page);
        const card = page.locator('#practice article', {
          has: page.getByRole('heading', { name: area.title }),
        });
        assert.equal(await card.count(), 1, `a card for '${area.title}' at /practice-areas/`);
        assert.ok((await card.innerText()).includes(area.description.slice(0, 40)), 'with its description');
        const learn = card.getByRole('link', { name: /Learn More/ });
        assert.equal(await learn.getAttribute('href'), area.link);
        await learn.click();
        await page.waitForURL((u) => u.pathname === area.link);
        await waitForHeading(page, area.title);

        // The page on its own, as a crawler gets it.
        const raw = await fetchRaw(area.link);
        assert.equal(raw.status, 200, `${area.link} answers 200`);
        assert.match(raw.body, new RegExp(`<h1[^>]*>${area.title.replace(/&/g, '&amp;')}</h1>`));

        // "Free Consultation" carries the area to the contact form, which offers every area.
        await page.locator('main').getByRole('link', { name: 'Free Consultation' }).first().click();
        await page.waitForURL((u) => u.pathname === '/contact-us/');
        assert.equal(new URL(page.url()).searchParams.get('practice'), area.slug);
        const select = page.locator('#contact select[name="practiceArea"]');
        await select.waitFor();
        // The form opened with this navigation: the gateway asks one sent within 3 s to be sent again.
        const openedAt = await page.evaluate(() => performance.now());
        assert.equal(await select.inputValue(), area.slug, 'the area is chosen');
        const options = await select
          .locator('option')
          .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, (o.textContent ?? '').trim()]));
        assert.deepEqual(
          options.slice(1),
          facts.practiceAreas.map((a) => [a.slug, a.title]),
        );

        // One real enquiry (the gateway limits each address to a few): it accepts the area.
        if (width !== 1280) return;
        const outbox = process.env.E2E_OUTBOX_DIR;
        assert.ok(outbox, 'e2e/run.mjs gives the site an outbox of its own (E2E_OUTBOX_DIR)');
        const name = `Practice Visitor ${Date.now()}`;
        const typed: Record<string, string> = {
          name,
          email: 'visitor@example.in',
          phone: '98765 43210',
          message: `I would like advice about ${area.title}.`,
        };
        for (const [field, text] of Object.entries(typed)) await page.fill(`#contact-${field}`, text);
        await page.waitForFunction((t) => performance.now() > t + 3500, openedAt);
        await page
          .locator('#contact form')
          .getByRole('button', { name: /send message/i })
          .click();
        await page.getByText('Message sent').waitFor();
        const stored = readFileSync(path.join(outbox, 'enquiries.jsonl'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { type: string; enquiry?: Record<string, unknown> })
          .filter((line) => line.type === 'enquiry' && line.enquiry?.name === name);
        assert.equal(stored.length, 1, 'one enquiry stored');
        assert.equal(stored[0]!.enquiry!.practiceArea, area.slug, 'naming the area');
      },
    );
  });
}
