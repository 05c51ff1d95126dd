import type { Locator, Page } from 'playwright-core';

/** Waits until the window has stopped scrolling (smooth scrolling takes several frames). */
export async function waitForScrollEnd(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const started = performance.now();
        const tick = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          // 20 frames without movement, or give up after 5 s and let the caller's assertion speak.
          if (still >= 20 || performance.now() - started > 5000) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * Scrolls to the foot of the page as a reader who keeps going does: the blocks a long page has not
 * drawn yet stand at a guessed height (decision 0018), so the page may grow once its foot is drawn;
 * scrolls again until the foot stays put (at most 5 times).
 */
export async function scrollToFoot(page: Page): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const height = await page.evaluate(() => {
      window.scrollTo(0, document.scrollingElement!.scrollHeight);
      return document.scrollingElement!.scrollHeight;
    });
    await waitForScrollEnd(page);
    const settled = await page.evaluate((before) => {
      const now = document.scrollingElement!.scrollHeight;
      return now === before && window.scrollY + window.innerHeight >= now - 1;
    }, height);
    if (settled) return;
  }
}

/** Checks every 100 ms until `done` holds or `timeoutMs` has passed; the caller's assertion speaks. */
async function pollUntil(page: Page, done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done()) && Date.now() < deadline) await page.waitForTimeout(100);
}

/**
 * Waits (bounded) until the window is at `y`, then until it is still. A client-side navigation
 * changes the URL before React commits the route, so the scroll it starts can begin after the URL
 * has changed and after a first still moment.
 */
export async function waitForScrollY(page: Page, y: number, timeoutMs = 10_000): Promise<number> {
  await pollUntil(page, async () => (await page.evaluate(() => window.scrollY)) === y, timeoutMs);
  await waitForScrollEnd(page);
  return page.evaluate(() => window.scrollY);
}

export interface ScrollPosition {
  /** The element's top relative to the viewport top. */
  top: number;
  scrollY: number;
  maxScrollY: number;
  /** Where the window would be with the element exactly `offset` px below the viewport top. */
  targetScrollY: number;
}

export async function scrollPosition(target: Locator, offset: number): Promise<ScrollPosition> {
  return target.evaluate((el, off) => {
    const top = el.getBoundingClientRect().top;
    const scrollY = window.scrollY;
    const maxScrollY = document.scrollingElement!.scrollHeight - window.innerHeight;
    return {
      top,
      scrollY,
      maxScrollY,
      targetScrollY: Math.max(0, Math.min(scrollY + top - off, maxScrollY)),
    };
  }, offset);
}

/** Spec offset (brief §9): scrolled sections and headings end 96 px below the viewport top. */
export const SCROLL_OFFSET = 96;
export const SCROLL_TOLERANCE = 6;

/**
 * Whether the window scrolled so `target` sits SCROLL_OFFSET px below the viewport top, or as close
 * as the page allows when it cannot scroll further.
 */
export async function assertScrolledTo(target: Locator, what: string): Promise<void> {
  const pos = await scrollPosition(target, SCROLL_OFFSET);
  if (Math.abs(pos.scrollY - pos.targetScrollY) > SCROLL_TOLERANCE) {
    throw new Error(
      `${what}: expected its top ${SCROLL_OFFSET}px below the viewport top (scrollY ${pos.targetScrollY.toFixed(0)}), ` +
        `but it is at ${pos.top.toFixed(0)}px (scrollY ${pos.scrollY.toFixed(0)} of max ${pos.maxScrollY.toFixed(0)})`,
    );
  }
}

/**
 * After a client-side navigation the app scrolls in an effect that runs when React commits the new
 * route, which on a busy machine can come after the window has already looked still for a while:
 * waits (up to `timeoutMs`) until `target` is where assertScrolledTo wants it, then asserts, so a
 * failure still says where it ended up.
 */
export async function waitForScrolledTo(target: Locator, what: string, timeoutMs = 10_000): Promise<void> {
  await pollUntil(
    target.page(),
    async () => {
      const pos = await scrollPosition(target, SCROLL_OFFSET);
      return Math.abs(pos.scrollY - pos.targetScrollY) <= SCROLL_TOLERANCE;
    },
    timeoutMs,
  );
  await waitForScrollEnd(target.page());
  await assertScrolledTo(target, what);
}

/** No sideways scrolling on a phone: the document is no wider than the viewport. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] }> {
  return page.evaluate(() => {
    const scrollWidth = document.scrollingElement!.scrollWidth;
    const vw = document.documentElement.clientWidth;
    const culprits: string[] = [];
    if (scrollWidth > vw) {
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right > vw + 1 && r.width > 0) {
          const id = el.id ? `#${el.id}` : '';
          const cls =
            typeof el.className === 'string' && el.className
              ? `.${el.className.split(/\s+/).slice(0, 2).join('.')}`
              : '';
          culprits.push(
            `${el.tagName.toLowerCase()}${id}${cls} right=${Math.round(r.right)} "${(el.textContent ?? '').trim().slice(0, 40)}"`,
          );
          if (culprits.length >= 5) break;
        }
      }
    }
    return { scrollWidth, culprits };
  });
}
