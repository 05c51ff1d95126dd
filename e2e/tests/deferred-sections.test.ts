// The home page's last two sections (case stories, and contact with the enquiry form) load their
// code when the visitor comes near them (web/src/app/near-viewport.tsx): a first visit that stays
// on the first screens does not download it, the server's HTML is there all along, and the code
// hydrates that HTML in place when it comes.
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';

import { pageTest } from '../lib/browser.js';
import { acceptEnquiries } from '../lib/graphql.js';
import { waitForScrolledTo } from '../lib/scroll.js';
import { headerLink } from '../lib/ui.js';

const SECTION_CODE = /\/assets\/(TestimonialsSection|ContactSection)-[\w-]+\.js$/;
const CONTACT_CODE = /\/assets\/ContactSection-[\w-]+\.js$/;

/** The names of the sections whose code the page requested. */
function watchSectionCode(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r: Request) => {
    const name = SECTION_CODE.exec(new URL(r.url()).pathname)?.[1];
    if (name) requested.push(name);
  });
  return requested;
}

const formIsLive = (page: Page) => page.locator('#contact form button[type="submit"]').waitFor();

const TYPED = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '98100 12345',
  message: 'My brother was arrested last night in Ghaziabad. Can you help with bail?',
};

async function fillForm(page: Page): Promise<void> {
  for (const [field, text] of Object.entries(TYPED)) await page.fill(`#contact-${field}`, text);
}

async function send(page: Page, sent: Array<Record<string, unknown>>): Promise<void> {
  await page
    .locator('#contact form')
    .getByRole('button', { name: /send message/i })
    .click();
  await page.getByText('Message sent').waitFor();
  assert.equal(sent.length, 1, 'one enquiry sent');
  for (const [field, text] of Object.entries(TYPED)) assert.equal(sent[0]![field], text, `${field} sent`);
}

/** Marks every element of the two sections, to tell later whether hydration kept or replaced them. */
function markSections(page: Page): Promise<number> {
  return page.evaluate(() => {
    const all = document.querySelectorAll('#testimonials, #testimonials *, #contact, #contact *');
    for (const el of all) (el as unknown as { __fromServer: boolean }).__fromServer = true;
    (window as unknown as { __marked: Element[] }).__marked = [...all];
    return all.length;
  });
}

function changedSince(page: Page): Promise<{ added: number; removed: number }> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('#testimonials, #testimonials *, #contact, #contact *')];
    return {
      added: all.filter((el) => !(el as unknown as { __fromServer?: boolean }).__fromServer).length,
      removed: (window as unknown as { __marked: Element[] }).__marked.filter((el) => !el.isConnected).length,
    };
  });
}

pageTest(
  'a first visit downloads the last sections’ code only on the way down to them; it hydrates their HTML in place, and the form sends',
  375,
  async (tp) => {
    const { page } = tp;
    const requested = watchSectionCode(page);
    const sent = await acceptEnquiries(page);
    await tp.goto('/');
    // Time for anything the page would start on its own after hydrating.
    await page.waitForTimeout(1_500);
    assert.deepEqual(requested, [], 'no section code on the first screen');
    // Their server HTML is the page's all along: the form is there, waiting for its script.
    assert.ok(await page.locator('#testimonials').getByText('Successful Case Stories').isVisible());
    assert.equal(await page.locator('#contact form button[type="button"]').count(), 1, 'the form is static');
    const marked = await markSections(page);
    assert.ok(marked > 40, `the sections' server elements (${marked})`);
    const heightBefore = await page.locator('#contact').evaluate((e) => e.getBoundingClientRect().height);

    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /TestimonialsSection-/.test(e.name)),
    );
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await formIsLive(page);
    assert.deepEqual([...requested].sort(), ['ContactSection', 'TestimonialsSection'], 'each once');
    assert.deepEqual(await changedSince(page), { added: 0, removed: 0 }, 'hydrated in place');
    assert.equal(
      await page.locator('#contact').evaluate((e) => e.getBoundingClientRect().height),
      heightBefore,
      'the contact section kept its height',
    );
    await fillForm(page);
    await send(page, sent);
  },
);

pageTest(
  '/testimonials/ and /contact-us/, which open scrolled to those sections, bring their code with the page’s own',
  1280,
  async (tp) => {
    const { page } = tp;
    const preloaded = (name: string) =>
      page.locator(`link[rel="modulepreload"][href*="/assets/${name}-"]`).count();
    await tp.goto('/testimonials/');
    assert.equal(await preloaded('TestimonialsSection'), 1, 'the case stories with /testimonials/');
    await tp.goto('/contact-us/');
    assert.equal(await preloaded('ContactSection'), 1, 'the contact section with /contact-us/');
    await formIsLive(page);
  },
);

pageTest(
  'text typed into the contact form while its code is on the way is kept, and then sent',
  375,
  async (tp) => {
    const { page } = tp;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(CONTACT_CODE, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const sent = await acceptEnquiries(page);
    await tp.goto('/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('#contact-name') !== null);
    await fillForm(page);
    assert.ok(asked, 'coming near the form asked for its code');
    assert.equal(await page.locator('#contact form button[type="submit"]').count(), 0, 'not live yet');
    release();
    await formIsLive(page);
    for (const [field, text] of Object.entries(TYPED))
      assert.equal(await page.inputValue(`#contact-${field}`), text, `${field} kept`);
    await send(page, sent);
  },
);

pageTest(
  'when the section’s code cannot be fetched, its HTML stays readable, and a touch in it tries again',
  375,
  async (tp) => {
    const { page } = tp;
    let failures = 0;
    await page.route(CONTACT_CODE, async (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort('internetdisconnected');
      }
      return route.continue();
    });
    const sent = await acceptEnquiries(page);
    await tp.goto('/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1_000);
    assert.equal(failures, 1, 'the download failed once');
    assert.ok(
      await page.locator('#contact').getByText('Get a Free Consultation').isVisible(),
      'still readable',
    );
    assert.equal(await page.locator('#contact form button[type="submit"]').count(), 0, 'not live');
    await page.locator('#contact-name').tap();
    await formIsLive(page);
    await fillForm(page);
    await send(page, sent);
  },
  { allowConsole: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] },
);

pageTest(
  'moving between the home page’s sections before their code is there: the sections never leave the page',
  1280,
  async (tp) => {
    const { page } = tp;
    const requested = watchSectionCode(page);
    await tp.goto('/');
    assert.deepEqual(requested, [], 'not loaded yet');
    // Every frame until the end of the test: were both sections in the page?
    await page.evaluate(() => {
      const w = window as unknown as { __missing: string[] };
      w.__missing = [];
      const check = () => {
        for (const id of ['testimonials', 'contact'])
          if (!document.getElementById(id)) w.__missing.push(`${id} at ${Math.round(performance.now())} ms`);
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await (await headerLink(page, 1280, 'Testimonials')).click();
    await page.waitForURL((u) => u.pathname === '/testimonials/');
    await waitForScrolledTo(page.locator('#testimonials'), '#testimonials after the nav click');
    await formIsLive(page);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __missing: string[] }).__missing), []);
  },
);

pageTest(
  'a navigation to the home page while the sections’ code cannot be fetched shows the rest of the page; the sections come when reached',
  375,
  async (tp) => {
    const { page } = tp;
    let offline = true;
    await page.route(SECTION_CODE, (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );
    await tp.goto('/blog/');
    await (await headerLink(page, 375, 'Home')).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByRole('heading', { level: 1, name: /Trusted Criminal Defence/ }).waitFor();
    assert.equal(await page.locator('#practice').count(), 1, 'the sections before them are there');
    assert.equal(await page.locator('#contact').count(), 0, 'the contact section waits');
    offline = false;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('#testimonials').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await formIsLive(page);
  },
  { allowConsole: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] },
);
