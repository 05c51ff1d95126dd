// A WordPress with more than the blog shows at once. More categories than it lists (the brief's categories
// call: per_page 50, by name): 60 categories named to sort first push every category the posts are
// really in out of the list; the blog still filters by them, shows their chip, and WordPress's
// /category/{slug}/ moves. More posts than a page: the page links stay readable.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningWeb } from './lib/servers.js';
import { startSiteOverSnapshot, type SiteOverSnapshot } from './lib/site-over-snapshot.js';
import { DISCLAIMER_KEY } from '../web/src/components/layout/disclaimer-key.js';
import { contrastRatio } from '../e2e/lib/contrast.js';
import { AREA_CATEGORY, recordedSnapshot, withArchivedPosts, withManyCategories } from './lib/snapshot.js';

let site: SiteOverSnapshot;
let web: RunningWeb;
let browser: Browser;

beforeAll(async () => {
  const { snapshot } = withArchivedPosts(await recordedSnapshot(), 30);
  site = await startSiteOverSnapshot(withManyCategories(snapshot, 60));
  ({ web, browser } = site);
});

afterAll(() => site?.close());

it('the blog filters by a category past the first 50, and shows its chip as the active one', async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 780 } });
  try {
    const res = await page.goto(`${web.url}/blog?category=bail-hearings`, { waitUntil: 'load' });
    expect(res?.status()).toBe(200);
    expect(await page.title()).toMatch(/^Bail Hearings Articles \| /);
    const chips = page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link');
    const names = await chips.allTextContents();
    // The 50 listed (all "Area" categories, first by name) and the one the visitor is filtering by.
    expect(names.filter((n) => n.startsWith('Area '))).toHaveLength(50);
    expect(names).not.toContain(AREA_CATEGORY(51));
    const active = page
      .getByRole('navigation', { name: 'Filter by category' })
      .locator('[aria-current="true"]');
    expect(await active.textContent()).toContain('Bail Hearings');
    await expect.poll(() => page.getByText('2 articles in Bail Hearings').count()).toBe(1);
    expect(await page.locator('main article, main [data-post-card]').count()).toBeGreaterThan(0);
  } finally {
    await page.close();
  }
});

it("WordPress's /category/{slug}/ address moves to the filtered blog, for a category past the 50 too", async () => {
  for (const slug of ['bail-hearings', 'area-02']) {
    const res = await fetch(`${web.url}/category/${slug}/`, { redirect: 'manual' });
    expect(res.status, slug).toBe(301);
    expect(res.headers.get('location'), slug).toBe(`/blog?category=${slug}`);
  }
  // A category WordPress does not have (or has without posts) is the spec's 404.
  expect((await fetch(`${web.url}/category/no-such-category/`, { redirect: 'manual' })).status).toBe(404);
});

it("an unknown category is still the blog's 404", async () => {
  const res = await fetch(`${web.url}/blog?category=no-such-category`);
  expect(res.status).toBe(404);
});

it('/category/{slug}/ names a category only: a page with that slug is not where it moves', async () => {
  // "bail-hearings" is both a category and a practice page of the recorded content.
  const moved = await fetch(`${web.url}/category/bail-hearings/`, { redirect: 'manual' });
  expect(moved.headers.get('location')).toBe('/blog?category=bail-hearings');
  // "privacy-policy" is a page and no category: WordPress has no such archive, nor does the site.
  expect((await fetch(`${web.url}/category/privacy-policy/`, { redirect: 'manual' })).status).toBe(404);
});

it('the current page link stays readable under the pointer', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    // A returning visitor: the first visit's disclaimer dialog would lie over the page.
    await page.addInitScript((key) => localStorage.setItem(key, 'true'), DISCLAIMER_KEY);
    await page.goto(`${web.url}/blog/page/2`, { waitUntil: 'load' });
    const current = page.getByRole('navigation', { name: 'Blog pages' }).locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('2');
    await current.hover();
    const { color, bg } = await current.evaluate((e) => {
      const s = getComputedStyle(e);
      return { color: s.color, bg: s.backgroundColor };
    });
    expect(contrastRatio(color, bg), `text ${color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  } finally {
    await page.close();
  }
});
