// A blog card whose WordPress picture cannot be loaded shows the site's default picture in the same
// box: when the picture fails after the page's scripts have run, when it failed before (its error
// event came before React was listening), and for a card further down (a lazy picture: on a phone it
// is fetched only when scrolled near).
// Without JavaScript nothing can swap the picture: the card keeps its shape, the box shows its grey
// background, and nothing around it moves.
import { describe } from 'node:test';
import assert from 'node:assert/strict';
import type { Page, Route } from 'playwright-core';
import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { screenshot } from '../lib/screenshot.js';
import { gql } from '../lib/site.js';

const { posts } = await gql<{
  posts: { nodes: { slug: string; featuredImage: { url: string; isDefault: boolean } }[] };
}>('{ posts(first: 20, language: EN) { nodes { slug featuredImage { url isDefault } } } }');
/** Cards that load their picture at once (BlogListRoute's EAGER_CARDS); the rest load it when near. */
const EAGER = 3;
const withPicture = posts.nodes
  .map((p, index) => ({ ...p, index }))
  .filter((p) => !p.featuredImage.isDefault);
const eagerCard = withPicture.find((p) => p.index < EAGER);
const lazyCard = withPicture.find((p) => p.index >= EAGER + 2);
assert.ok(
  eagerCard && lazyCard,
  'the content snapshot has posts with pictures among the first and later cards',
);

/** Every width of a card's picture: its addresses at the site's /media (one original, any width). */
function pictureFiles(url: string): RegExp {
  const { pathname } = new URL(url, 'http://site.test');
  const token = /^\/media\/([A-Za-z0-9_-]+)\/\d+$/.exec(pathname)?.[1];
  assert.ok(token, `a card's picture is served from /media: ${url}`);
  return new RegExp(`/media/${token}/\\d+$`);
}

const notFound = (route: Route) =>
  route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
const NOT_FOUND_CONSOLE = /Failed to load resource: the server responded with a status of 404/;

const cardImage = (page: Page, index: number) => page.locator('main article').nth(index).locator('img');

interface ImageState {
  src: string;
  shown: boolean;
  width: number;
  height: number;
}

function imageState(page: Page, index: number): Promise<ImageState> {
  return cardImage(page, index).evaluate((img: HTMLImageElement) => {
    const box = img.getBoundingClientRect();
    return {
      src: img.currentSrc || img.src,
      shown: img.complete && img.naturalWidth > 0,
      width: box.width,
      height: box.height,
    };
  });
}

/** Waits until the card shows the default picture, loaded. */
async function showsDefault(page: Page, index: number): Promise<ImageState> {
  await cardImage(page, index).evaluate(
    (img: HTMLImageElement) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 10_000;
        const check = () => {
          if (/\/images\/default-featured/.test(img.currentSrc) && img.complete && img.naturalWidth > 0)
            return resolve();
          if (Date.now() > deadline) return reject(new Error(`still ${img.currentSrc || img.src}`));
          setTimeout(check, 50);
        };
        check();
      }),
  );
  return imageState(page, index);
}

/** The card's picture box: 16:10 across the card, as a card whose picture loaded. */
function assertCardBox(state: ImageState, step: string): void {
  assert.ok(state.width > 200, `${step}: the picture spans the card (${state.width} px)`);
  assert.ok(
    Math.abs(state.height - (state.width * 10) / 16) <= 1,
    `${step}: the box keeps its 16:10 shape (${state.width}x${state.height})`,
  );
}

for (const width of WIDTHS) {
  describe(`blog card pictures that cannot be loaded, at ${width}px`, () => {
    pageTest(
      'a picture that fails after the scripts have run: the default picture, in the same box',
      width,
      async ({ page }) => {
        let hydrated!: () => void;
        const afterHydration = new Promise<void>((resolve) => (hydrated = resolve));
        await page.route(pictureFiles(eagerCard.featuredImage.url), async (route) => {
          await afterHydration;
          await notFound(route);
        });
        await page.goto('/blog', { waitUntil: 'domcontentloaded' });
        await waitForHydration(page);
        const before = await imageState(page, eagerCard.index);
        hydrated();
        const after = await showsDefault(page, eagerCard.index);
        assertCardBox(after, 'after the swap');
        assert.deepEqual([after.width, after.height], [before.width, before.height], 'nothing moved');
        await screenshot(page, 'blog-card-image-fallback');
      },
      { allowConsole: [NOT_FOUND_CONSOLE] },
    );

    pageTest(
      'a card further down whose picture fails when it scrolls near: the default picture',
      width,
      async ({ page, goto }) => {
        let asked = 0;
        await page.route(pictureFiles(lazyCard.featuredImage.url), (route) => {
          asked += 1;
          return notFound(route);
        });
        await goto('/blog');
        await page.locator('main article').nth(lazyCard.index).scrollIntoViewIfNeeded();
        assertCardBox(await showsDefault(page, lazyCard.index), 'the late card');
        assert.ok(asked >= 1, 'the picture was asked for and failed');
      },
      { allowConsole: [NOT_FOUND_CONSOLE] },
    );

    pageTest(
      'JavaScript off: the card keeps its shape, like a card whose picture loaded',
      width,
      async ({ page, goto }) => {
        await page.route(pictureFiles(eagerCard.featuredImage.url), notFound);
        await goto('/blog');
        const failed = await imageState(page, eagerCard.index);
        assert.ok(!failed.shown, 'the picture failed');
        assertCardBox(failed, 'the failed picture');
        const other = withPicture.find((p) => p.index < EAGER && p.index !== eagerCard.index);
        if (other) {
          const loaded = await imageState(page, other.index);
          assert.ok(loaded.shown, 'another card’s picture loaded');
          assert.deepEqual([failed.width, failed.height], [loaded.width, loaded.height], 'same box');
        }
        await screenshot(page, 'blog-card-image-failed-no-js');
      },
      { javaScript: false, allowConsole: [NOT_FOUND_CONSOLE] },
    );
  });
}
