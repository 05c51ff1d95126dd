// The home page's enquiry form is an island (web/src/islands/): its code, and React with it, comes
// when the visitor comes near the contact section (web/src/boot/islands.ts). A first visit that
// stays on the first screens downloads no script file at all; the server's HTML is there all along,
// and the code hydrates that HTML in place when it comes.
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';

import { pageTest } from '../lib/browser.js';
import { acceptEnquiries } from '../lib/graphql.js';
import { waitForScrolledTo } from '../lib/scroll.js';
import { drawWholePage } from '../lib/ui.js';

/** The islands' entry and the form's own chunk. */
const FORM_CODE = /\/assets\/(islands|ContactForm)-[\w-]+\.js$/;
const ENTRY_CODE = /\/assets\/islands-[\w-]+\.js$/;

/** The script files the page requested, by name. */
function watchScripts(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r: Request) => {
    const name = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(new URL(r.url()).pathname)?.[1];
    if (name) requested.push(name);
  });
  return requested;
}

// The form's code is the largest a page loads (React, Chakra UI, the phone number rules): on a busy
// test machine it may take longer than the default 10 s.
const formIsLive = (page: Page) =>
  page.locator('#contact form button[type="submit"]').waitFor({ timeout: 30_000 });
const formHydrated = (page: Page) =>
  page.locator('[data-island="contact-form"][data-hydrated]').waitFor({ state: 'attached' });

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
  await page.getByText('Message sent').waitFor({ timeout: 30_000 });
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
  'a first visit downloads no script file on the first screen; the form’s code comes on the way down to it, hydrates its HTML in place, and the form sends',
  375,
  async (tp) => {
    const { page } = tp;
    const requested = watchScripts(page);
    const sent = await acceptEnquiries(page);
    await tp.goto('/');
    // Time for anything the page would start on its own.
    await page.waitForTimeout(1_500);
    assert.equal(requested.join(', '), '', 'no script file on the first screen');
    // The server HTML is the page's all along: the form is there, waiting for its script.
    assert.ok(await page.locator('#testimonials').getByText('Successful Case Stories').isVisible());
    assert.equal(await page.locator('#contact form button[type="button"]').count(), 1, 'the form is static');
    const marked = await markSections(page);
    assert.ok(marked > 40, `the sections' server elements (${marked})`);
    // Measured drawn: until the reader comes near, the section is drawn at a placeholder height.
    await drawWholePage(page);
    const heightBefore = await page.locator('#contact').evaluate((e) => e.getBoundingClientRect().height);

    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    assert.equal(requested.join(', '), '', 'the case stories need no code');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await formIsLive(page);
    await formHydrated(page);
    assert.ok(requested.includes('islands') && requested.includes('ContactForm'), requested.join(', '));
    assert.equal(requested.filter((n) => n === 'ContactForm').length, 1, 'the form’s code once');
    assert.ok(!requested.includes('browser'), 'the GraphQL client waits for an enquiry');
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

pageTest('/contact-us/ opens at the contact section, and its form comes to life there', 1280, async (tp) => {
  const { page } = tp;
  await tp.goto('/contact-us/');
  await waitForScrolledTo(page.locator('#contact'), 'the contact section');
  await formIsLive(page);
});

pageTest(
  'text typed into the contact form while its code is on the way is kept, and then sent',
  375,
  async (tp) => {
    const { page } = tp;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(FORM_CODE, async (route) => {
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
  'when the form’s code cannot be fetched, its HTML stays readable, and a touch in it tries again',
  375,
  async (tp) => {
    const { page } = tp;
    let failures = 0;
    await page.route(ENTRY_CODE, async (route) => {
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
