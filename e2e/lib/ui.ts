import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import type { Width } from './browser.js';

/** The navigation of brief §2, in order: wide-screen labels and the mobile menu's. */
export const NAV = [
  { href: '/', label: 'Home', mobile: 'Home' },
  { href: '/about/', label: 'About', mobile: 'About' },
  { href: '/practice-areas/', label: 'Practice Areas', mobile: 'Practice Areas' },
  { href: '/blog', label: 'Blog', mobile: 'Blog' },
  { href: '/testimonials/', label: 'Testimonials', mobile: 'Testimonials' },
  { href: '/contact-us/', label: 'Contact Us', mobile: 'Contact' },
] as const;

/** brief §2 footer quick links. */
export const FOOTER_QUICK_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about/', label: 'About' },
  { href: '/practice-areas/', label: 'Practice Areas' },
  { href: '/testimonials/', label: 'Testimonials' },
  { href: '/contact-us/', label: 'Contact' },
  { href: '/blog', label: 'Blog' },
] as const;

/**
 * The top bar's link with `href`: the first such link on the page, drawn above the navigation
 * (the top bar may sit inside <header> or just before it).
 */
export async function topBarLink(page: Page, href: string): Promise<Locator> {
  const link = page.locator(`a[href="${href}"]`).first();
  const above = await link.evaluate((a) => {
    const main = document.querySelector('main');
    const nav = document.querySelector('header nav');
    const before = (el: Element | null) =>
      !!el && !!(a.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    return before(main) && (before(nav) || !!a.closest('header'));
  });
  assert.ok(above, `the first link to ${href} is in the top bar, above the navigation`);
  return link;
}

/** The header's menu button (shown on phones). */
export function menuButton(page: Page): Locator {
  return page.locator('header button[aria-expanded]');
}

/** A header navigation link by its visible label; on a phone the menu is opened first. */
export async function headerLink(page: Page, width: Width, label: string): Promise<Locator> {
  if (width === 375) {
    const button = menuButton(page);
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  }
  const link = page.locator('header').getByRole('link', { name: label, exact: true });
  const visible = link.filter({ visible: true }).first();
  await visible.waitFor({ state: 'visible' });
  return visible;
}

export async function mainHeading(page: Page): Promise<string> {
  return (await page.locator('main h1').first().innerText()).trim();
}

/** After a client-side navigation: waits until the new route shows its main heading. */
export async function waitForHeading(page: Page, text: string): Promise<void> {
  try {
    await page.waitForFunction((t) => document.querySelector('main h1')?.textContent?.trim() === t, text, {
      timeout: 10_000,
    });
  } catch {
    const shown = await page
      .locator('main h1')
      .first()
      .textContent()
      .catch(() => null);
    assert.fail(`main heading '${text}' on ${page.url()}, but it shows '${shown?.trim() ?? '(none)'}'`);
  }
}

/** Waits until document.title is `title` (the head follows client-side navigation in an effect). */
export async function waitForTitle(page: Page, title: string, step: string): Promise<void> {
  try {
    await page.waitForFunction((t) => document.title === t, title, { timeout: 5_000 });
  } catch {
    assert.fail(`${step}: document title '${title}', but it is '${await page.title()}'`);
  }
}

/** Marks the document; a full page load loses the mark, client-side navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eSameDocument: boolean }).__e2eSameDocument = true;
  });
}

export async function assertSameDocument(page: Page, step: string): Promise<void> {
  const same = await page.evaluate(
    () => (window as unknown as { __e2eSameDocument?: boolean }).__e2eSameDocument === true,
  );
  assert.ok(same, `${step}: navigated without a full page load`);
}

/** Height and width of the element's box; phones need 44 px tap targets (DESIGN). */
export async function boxOf(l: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await l.boundingBox();
  assert.ok(box, 'the element has a box (is rendered)');
  return box;
}

/**
 * Draws the whole page now, as scrolling through it would. Long pages skip drawing what lies below
 * the first screen until the reader comes near it (`content-visibility: auto`, decision 0018); until
 * then the browser gives those parts no `innerText`, a placeholder height and, to axe, no colours.
 * Tests that read a whole page's text, measure a lower section or run axe call this first;
 * render-when-near.test.ts checks the skipping itself. Sets the property on the elements (CSSOM,
 * which the page's CSP allows), so it holds until the element is replaced.
 */
export async function drawWholePage(page: Page): Promise<number> {
  return page.evaluate(() => {
    let n = 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (getComputedStyle(el).contentVisibility !== 'auto') continue;
      el.style.setProperty('content-visibility', 'visible');
      n++;
    }
    return n;
  });
}

/**
 * The text of the element `selector` as a reader who has scrolled through the page reads it, less
 * the text of `except` inside it: like drawWholePage, but the sections that wait are drawn only while
 * the text is read and put back as they were in the same task, so no frame and nothing on the page
 * (a hydration still to come) sees the change.
 */
export async function wholeText(page: Page, selector: string, except: string | null = null): Promise<string> {
  return page.evaluate(
    ([selector, except]) => {
      const root = document.querySelector<HTMLElement>(selector);
      if (!root) throw new Error(`no ${selector} on ${location.pathname}`);
      const held: [HTMLElement, string | null][] = [];
      for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        if (getComputedStyle(el).contentVisibility !== 'auto') continue;
        held.push([el, el.getAttribute('style')]);
        el.style.setProperty('content-visibility', 'visible');
      }
      const left = except ? (root.querySelector<HTMLElement>(except)?.innerText ?? '') : '';
      const text = root.innerText.replace(left, '');
      for (const [el, style] of held) {
        if (style === null) el.removeAttribute('style');
        else el.setAttribute('style', style);
      }
      return text;
    },
    [selector, except] as const,
  );
}
