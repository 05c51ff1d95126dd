// Long pages draw what is on or near the first screen: the home page's lower sections, the blog's
// later cards, a practice page's lower sections and every footer wait (content-visibility: auto)
// until the reader comes near them (decision 0018). What must still hold: they are drawn before the
// reader sees them, an anchor lands on its section, find in page, printing and a screen reader
// reach the whole page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Page } from 'playwright-core';

import { DISCLAIMER_KEY, WIDTHS, pageTest } from '../lib/browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, KEEP_NAMES_SHIM, markDisclaimerAgreed } from '../lib/chromium.mjs';
import { waitForScrolledTo } from '../lib/scroll.js';
import { BASE_URL, PRACTICE_PAGES } from '../lib/site.js';

/** Whether the browser has drawn the element (false while a content-visibility ancestor skips it). */
function drawn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) throw new Error(`no ${s} on ${location.pathname}`);
    return el.checkVisibility({ contentVisibilityAuto: true });
  }, selector);
}

/** Waits until the browser has drawn the element. */
function waitUntilDrawn(page: Page, selector: string): Promise<unknown> {
  return page.waitForFunction(
    (s) => document.querySelector(s)!.checkVisibility({ contentVisibilityAuto: true }),
    selector,
  );
}

/** The selectors, on a page opened at its top, of what is drawn and of what waits. */
const PAGES = [
  { path: '/', first: 'main h1', later: ['#testimonials h2', '#contact h2', 'footer h2'] },
  { path: '/blog/', first: 'main h1', later: ['main article:nth-of-type(12) h2', 'footer h2'] },
  {
    path: `/practice-areas/${PRACTICE_PAGES[0].slug}/`,
    first: 'main h1',
    later: ['#practice-why-title', '#practice-cta-title', 'footer h2'],
  },
];

for (const width of WIDTHS) {
  for (const { path, first, later } of PAGES) {
    pageTest(`${path} draws its first screen and waits with the rest`, width, async ({ page, goto }) => {
      await goto(path);
      assert.equal(await drawn(page, first), true, `${first} drawn`);
      for (const s of later) assert.equal(await drawn(page, s), false, `${s} waits below the first screen`);
      // Scrolled to, each is drawn.
      for (const s of later) {
        await page.locator(s).first().scrollIntoViewIfNeeded();
        await waitUntilDrawn(page, s);
      }
    });
  }

  pageTest('an anchor lands on a section that was waiting', width, async ({ page, goto }) => {
    await goto('/');
    assert.equal(await drawn(page, '#contact h2'), false);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '#contact';
      document.body.append(a);
      a.click();
    });
    await waitForScrolledTo(page.locator('#contact'), 'the contact section');
    assert.equal(await drawn(page, '#contact h2'), true);
  });

  pageTest('find in page and printing reach the sections that wait', width, async ({ page, goto }) => {
    await goto('/');
    assert.equal(await drawn(page, 'footer h2'), false);
    // The browser's find (window.find is its in-page search) finds the footer's text and draws it.
    assert.equal(
      await page.evaluate(() =>
        (window as unknown as { find(s: string): boolean }).find('All rights reserved'),
      ),
      true,
    );
    await waitUntilDrawn(page, 'footer h2');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.emulateMedia({ media: 'print' });
    for (const s of ['#contact h2', '#testimonials h2', 'footer h2']) await waitUntilDrawn(page, s);
  });
}

// A screen reader turns the browser's accessibility on in full, and then the parts that wait are in
// its tree (with only the DevTools protocol's accessibility on, Chromium leaves them out).
test('a screen reader gets the sections that wait', { timeout: 60_000 }, async () => {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--force-renderer-accessibility'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: BASE_URL });
    await context.addInitScript(KEEP_NAMES_SHIM);
    await markDisclaimerAgreed(context, DISCLAIMER_KEY);
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'load' });
    assert.equal(await drawn(page, 'footer h2'), false, 'the footer waits');
    const cdp = await context.newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
      nodes: { role?: { value: string }; name?: { value: string }; ignored: boolean }[];
    };
    const headings = nodes.filter((n) => n.role?.value === 'heading' && !n.ignored).map((n) => n.name?.value);
    for (const name of ['Successful Case Stories', 'Quick Links'])
      assert.ok(headings.includes(name), `'${name}' in the accessibility tree: ${headings.join(' | ')}`);
  } finally {
    await browser.close();
  }
});
