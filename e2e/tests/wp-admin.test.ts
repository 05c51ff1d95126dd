// The /wp-admin helper's live connection check when it gets no good answer: the gateway refuses,
// never answers, answers an HTTP or a GraphQL error, or the check's script cannot be downloaded. The
// page says 'Connection failed' and why within 10 s, and Refresh checks again in place. Without its
// scripts the page does not claim to be checking, and Refresh reloads it.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Route } from 'playwright-core';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { interceptOperation } from '../lib/graphql.js';
import { screenshot } from '../lib/screenshot.js';
import { assertSameDocument, markDocument } from '../lib/ui.js';

const FAILED = 'Connection failed';
const EMBEDDED = 'Not connected to WordPress: serving the embedded content snapshot';
const CHECK_CODE = /\/assets\/browser-client-[\w-]+\.js$/;
/** The check gives up after 8 s; the page must say so within 10 s of starting it. */
const WITHIN_MS = 10_000;

const status = (page: Page) => page.locator('main [role="status"][aria-live]').first();
const refresh = (page: Page) => page.locator('main').getByRole('button', { name: 'Refresh', exact: true });

/** Waits for 'Connection failed' and returns the status text; fails after WITHIN_MS from `since`. */
async function failedWithin(page: Page, since: number): Promise<string> {
  await status(page)
    .getByText(FAILED, { exact: true })
    .waitFor({ timeout: Math.max(1, since + WITHIN_MS - Date.now()) })
    .catch(async () =>
      assert.fail(`no '${FAILED}' within 10 s; the page says: ${await status(page).innerText()}`),
    );
  assert.ok(Date.now() - since < WITHIN_MS, 'within 10 s');
  assert.ok(await refresh(page).isEnabled(), 'Refresh can be pressed');
  return status(page).innerText();
}

/** Refresh, once the gateway answers again: the live answer replaces the failure, in place. */
async function refreshRecovers(page: Page): Promise<void> {
  await markDocument(page);
  await refresh(page).click();
  await status(page).getByText(EMBEDDED, { exact: true }).waitFor({ timeout: WITHIN_MS });
  assert.equal(await status(page).getByText(FAILED, { exact: true }).count(), 0, 'the failure is gone');
  await assertSameDocument(page, 'Refresh');
}

const REFUSED = /Failed to load resource: net::ERR_CONNECTION_REFUSED/;

for (const width of WIDTHS) {
  describe(`/wp-admin check without an answer at ${width}px`, () => {
    pageTest(
      "the gateway refuses: 'Connection failed' and why within 10 s; Refresh recovers once it answers",
      width,
      async ({ page, goto }) => {
        let down = true;
        let asked = 0;
        await interceptOperation(page, 'WpAdminConnection', async (route) => {
          asked += 1;
          return down ? route.abort('connectionrefused') : route.continue();
        });
        const started = Date.now();
        await goto('/wp-admin');
        const text = await failedWithin(page, started);
        assert.match(text, /The site's content gateway could not be reached \(Failed to fetch\)\./);
        assert.equal(asked, 1, 'one request: a live check is not retried behind the visitor’s back');
        assert.ok(!text.includes('Checking connection...'));
        await screenshot(page, 'wp-admin-connection-failed');
        down = false;
        await refreshRecovers(page);
      },
      { allowConsole: [REFUSED] },
    );
  });
}

describe('/wp-admin check without an answer, each way', () => {
  pageTest(
    'the gateway never answers: failed at the 8 s limit, within 10 s',
    1280,
    async ({ page, goto }) => {
      const held: Route[] = [];
      let hang = true;
      await interceptOperation(page, 'WpAdminConnection', async (route) => {
        if (!hang) return route.continue();
        held.push(route);
      });
      await goto('/wp-admin');
      const hydrated = Date.now();
      await status(page).getByText('Checking connection...', { exact: true }).waitFor();
      const text = await failedWithin(page, hydrated);
      assert.match(text, /The site's content gateway did not answer within 8 seconds\./);
      assert.equal(held.length, 1);
      hang = false;
      await refreshRecovers(page);
      for (const route of held) await route.abort().catch(() => {});
    },
    // The page gives up on the request it sent (aborted by the page, not a network fault).
    { allowConsole: [/net::ERR_ABORTED|signal is aborted/] },
  );

  pageTest(
    'the gateway answers HTTP 502: its status and message',
    375,
    async ({ page, goto }) => {
      let down = true;
      await interceptOperation(page, 'WpAdminConnection', (route) =>
        down
          ? route.fulfill({
              status: 502,
              json: { errors: [{ message: 'The content service is unavailable' }] },
            })
          : route.continue(),
      );
      const started = Date.now();
      await goto('/wp-admin');
      assert.match(
        await failedWithin(page, started),
        /The site's content gateway answered with HTTP 502: The content service is unavailable\./,
      );
      down = false;
      await refreshRecovers(page);
    },
    { allowConsole: [/the server responded with a status of 502/] },
  );

  pageTest('the gateway answers a GraphQL error: its message', 1280, async ({ page, goto }) => {
    let down = true;
    await interceptOperation(page, 'WpAdminConnection', (route) =>
      down
        ? route.fulfill({ json: { data: null, errors: [{ message: 'Too many requests, slow down' }] } })
        : route.continue(),
    );
    const started = Date.now();
    await goto('/wp-admin');
    assert.match(
      await failedWithin(page, started),
      /The site's content gateway answered with an error: Too many requests, slow down/,
    );
    down = false;
    await refreshRecovers(page);
  });

  pageTest(
    "the check's script cannot be downloaded: failed with the reason; Refresh downloads it again",
    375,
    async ({ page, goto }) => {
      let offline = true;
      let blocked = 0;
      await page.route(CHECK_CODE, (route) => {
        if (!offline) return route.continue();
        blocked += 1;
        return route.abort('internetdisconnected');
      });
      const started = Date.now();
      await goto('/wp-admin');
      const text = await failedWithin(page, started);
      assert.equal(blocked, 1, 'the script was asked for once');
      assert.match(text, /The page's connection-check script could not be loaded \(.+\)\./);
      await screenshot(page, 'wp-admin-script-failed');
      offline = false;
      await refreshRecovers(page);
    },
    { allowConsole: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] },
  );

  for (const width of WIDTHS) {
    pageTest(
      "the page's scripts never arrive: it does not claim to be checking, and Refresh reloads it",
      width,
      async ({ page }) => {
        await page.route(/\/assets\/.+\.js$/, (route) => route.abort('internetdisconnected'));
        const res = await page.goto('/wp-admin', { waitUntil: 'load' });
        assert.equal(res?.status(), 200);
        await page.waitForTimeout(1_000);
        const text = await status(page).innerText();
        assert.match(text, /Connection not checked yet/);
        assert.ok(!text.includes('Checking connection...'), 'no promise of a check that cannot run');
        assert.equal(await page.locator('main .chakra-spinner, main [class*="spinner"]').count(), 0);
        await screenshot(page, 'wp-admin-no-scripts');
        const reload = page.waitForNavigation({ waitUntil: 'load' });
        await refresh(page).click();
        const again = await reload;
        assert.equal(again?.status(), 200, 'Refresh loaded the page again');
        assert.equal(new URL(page.url()).pathname, '/wp-admin');
      },
      { allowConsole: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/] },
    );
  }

  pageTest(
    'JavaScript off: the page says the check needs it, and Refresh reloads the page',
    375,
    async ({ page, goto }) => {
      await goto('/wp-admin');
      const text = await status(page).innerText();
      assert.match(text, /Connection not checked yet/);
      assert.match(text, /JavaScript is off in this browser, so this page cannot check the connection\./);
      assert.ok(!text.includes('Checking connection...'));
      const reload = page.waitForNavigation({ waitUntil: 'load' });
      await refresh(page).click();
      assert.equal((await reload)?.status(), 200, 'Refresh loaded the page again');
      assert.equal(new URL(page.url()).pathname, '/wp-admin');
    },
    { javaScript: false },
  );

  pageTest('with scripts, the live answer follows the server’s state', 1280, async ({ page }) => {
    // What the server sent is what the page shows until its scripts run; then the check starts.
    let release!: () => void;
    const scripts = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scripts;
      await route.continue();
    });
    await page.goto('/wp-admin', { waitUntil: 'domcontentloaded' });
    assert.match(await status(page).innerText(), /Connection not checked yet/);
    release();
    await waitForHydration(page);
    await status(page).getByText(EMBEDDED, { exact: true }).waitFor({ timeout: WITHIN_MS });
  });
});
