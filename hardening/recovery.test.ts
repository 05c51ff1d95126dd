// The gateway could not answer when the server rendered the page (a restart, a deploy), and it is
// back by the time the phone has the page's scripts: the page asks again from the browser, and the
// firm's phone numbers appear without the visitor having to reload or navigate.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/lib/chromium.mjs';
import { startFakeWordPress, type FakeWordPress } from '../gateway/test/fake-wordpress.js';
import { freePort } from '../scripts/ports.mjs';
import { startGateway, startWeb, type RunningGateway, type RunningWeb } from './lib/servers.js';
import { recordedSnapshot } from './lib/snapshot.js';

let wp: FakeWordPress;
let gw: RunningGateway | undefined;
let web: RunningWeb;
let browser: Browser;
let gatewayPort: number;

beforeAll(async () => {
  wp = await startFakeWordPress({ snapshot: await recordedSnapshot() });
  // Nothing listens on the gateway's port yet.
  gatewayPort = await freePort();
  // The page cache off: the page is rendered while the gateway is away.
  web = await startWeb(`http://127.0.0.1:${gatewayPort}/graphql`, {
    PAGE_CACHE_TTL: '0',
    PAGE_CACHE_MAX_STALE: '0',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await web?.close();
  await gw?.close();
  await wp?.close();
});

it('a page rendered while the gateway was away fills in the firm’s details once it is back', async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 780 } });
  try {
    // The scripts wait until the gateway is back, as on a slow phone.
    let release: () => void = () => {};
    const back = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      await back;
      await route.continue();
    });
    const res = await page.goto(`${web.url}/`, { waitUntil: 'domcontentloaded' });
    expect(res?.status(), 'without the firm’s details: never cached').toBe(503);
    // Every phone link of the page (top bar, hero, contact section, floating button) comes with them.
    const phoneLinks = page.locator('a[href^="tel:"]');
    expect(await phoneLinks.count(), 'the server page has no phone number').toBe(0);

    gw = await startGateway({ WORDPRESS_URL: wp.url }, { port: gatewayPort });
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
    await phoneLinks.first().waitFor({ state: 'attached', timeout: 15_000 });
    expect(new URL(page.url()).pathname, 'without a navigation').toBe('/');
    // The page's own data came back with it.
    await page.locator('#practice article').first().waitFor({ timeout: 15_000 });
  } finally {
    await page.close();
  }
});
