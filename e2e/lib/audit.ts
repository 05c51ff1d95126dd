// Every page at one width: it hydrates without console errors or warnings, answers the right
// status, has no serious or critical axe violation, does not scroll sideways on a phone, and leaves
// a full-page screenshot in e2e/screenshots/ for people to look at.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { pageTest, waitForHydration, type Width } from './browser.js';
import { checkA11y } from './a11y.js';
import { screenshot } from './screenshot.js';
import { horizontalOverflow } from './scroll.js';
import { pageCatalog } from './pages.js';

/**
 * Waits for the page to settle before it is judged: nothing marked busy (the admin helper's live
 * check, a list still loading), and no transition half-way (a button fading in from disabled has
 * the contrast of neither state).
 */
async function settled(page: Page): Promise<void> {
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  // Transitions only, and those running: a paused or endless animation never finishes.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a instanceof CSSTransition && a.playState === 'running')
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** Declares the audit of every page at one width (one test file per width, so the two run side by side). */
export async function auditEveryPage(width: Width): Promise<void> {
  const pages = await pageCatalog();
  describe(`every page at ${width}px`, () => {
    for (const spec of pages) {
      pageTest(
        `${spec.name} (${spec.path}): status ${spec.status}, hydrates cleanly, axe, layout, screenshot`,
        width,
        async ({ page }) => {
          const res = await page.goto(spec.path, { waitUntil: 'load' });
          assert.equal(res?.status(), spec.status, `HTTP status of ${spec.path}`);
          await waitForHydration(page);
          // Every page gets its picture, also when an assertion below fails: people look at them.
          await screenshot(page, spec.name);
          // A post body may carry h1 headings of its own (brief §2: its contents come from h1-h3).
          const h1 = page.locator('main h1').first();
          assert.equal(await h1.count(), 1, 'a main heading');
          const text = (await h1.innerText()).trim();
          if (typeof spec.h1 === 'string') assert.equal(text, spec.h1, 'main heading');
          else assert.match(text, spec.h1, 'main heading');
          assert.ok(await h1.isVisible(), 'the main heading is visible');
          if (width === 375) {
            const { scrollWidth, culprits } = await horizontalOverflow(page);
            assert.ok(
              scrollWidth <= 375,
              `no sideways scrolling at 375px: scrollWidth ${scrollWidth}; wider: ${culprits.join('; ')}`,
            );
          }
          await settled(page);
          await checkA11y(page, `${spec.path} at ${width}px`);
        },
        { documentStatus404: spec.status === 404, expectConsoleErrors: spec.consoleErrors },
      );
    }
  });
}
