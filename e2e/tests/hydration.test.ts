// Hydration keeps the server's page: the browser must adopt every element the server rendered,
// not rebuild or duplicate them. A mismatch shows up here as a replaced or added element or as
// changed text, whether or not the runtime reports it on the console.
import { describe } from 'node:test';
import assert from 'node:assert/strict';

import { WIDTHS, pageTest, waitForHydration } from '../lib/browser.js';
import { wholeText } from '../lib/ui.js';
import { DIVORCE_POST, siteFacts } from '../lib/site.js';

const facts = await siteFacts();
const firstPage = facts.pages.find((p) => p.uri !== '/')?.uri;
const PAGES = [
  '/',
  '/blog/',
  '/blog/?q=divorce',
  `/blog/${DIVORCE_POST}/`,
  facts.practiceAreas[0]!.link,
  ...(firstPage ? [firstPage] : []),
  '/wp-admin',
];

/**
 * A part of a page that changes as soon as the page has hydrated, by design: the /wp-admin helper's
 * status says 'not checked yet' in the server's HTML (true even if the scripts never run) and
 * 'Checking connection...' once they do. Its elements are compared without their contents; a
 * mismatch in it would still show on the console, which every test here checks.
 */
const CHANGES_ON_HYDRATION: Record<string, string> = {
  '/wp-admin': 'main [role="status"][aria-live]',
};

interface Snapshot {
  elements: number;
  text: string;
}

for (const width of WIDTHS) {
  describe(`hydration at ${width}px`, () => {
    for (const path of PAGES) {
      pageTest(`${path}: every server element is kept, none added, same text`, width, async ({ page }) => {
        // Hold the scripts until the server's elements are marked (they load after the page anyway),
        // and images and GraphQL requests until the hydrated page has been compared: a loaded image
        // (the post banner's spinner goes) or a live answer (/wp-admin checks the connection again)
        // legitimately changes the page after hydration.
        let release!: () => void;
        const marked = new Promise<void>((resolve) => (release = resolve));
        let compared!: () => void;
        const done = new Promise<void>((resolve) => (compared = resolve));
        await page.route(/\/assets\/.+\.js$/, async (route) => {
          await marked;
          await route.continue();
        });
        await page.route(/\/graphql|\.(?:jpe?g|png|webp|avif|gif|svg)(?:\?|$)|\/media\//, async (route) => {
          await done;
          await route.continue().catch(() => {});
        });
        const response = await page.goto(path, { waitUntil: 'domcontentloaded' });
        assert.equal(response?.status(), 200, `${path} answers 200`);
        const live = CHANGES_ON_HYDRATION[path] ?? null;
        const serverElements = await page.evaluate((live) => {
          const root = document.getElementById('root')!;
          const region = live ? document.querySelector<HTMLElement>(live) : null;
          const all = [...root.querySelectorAll('*')].filter((el) => !region?.contains(el) || el === region);
          const w = window as unknown as { __serverElements: Element[] };
          w.__serverElements = all;
          for (const el of all) (el as unknown as { __fromServer: boolean }).__fromServer = true;
          return all.length;
        }, live);
        // The text as drawn once the reader has scrolled through it all: sections below the first
        // screen have none until the browser decides they are near (decision 0018), and whether it
        // has decided yet differs between the server's page and the hydrated one.
        const before: Snapshot = { elements: serverElements, text: await wholeText(page, '#root', live) };
        assert.ok(before.elements > 20, `the server rendered the page (${before.elements} elements)`);
        release();
        await waitForHydration(page);
        const hydrated = await page.evaluate((live) => {
          const root = document.getElementById('root')!;
          const region = live ? document.querySelector<HTMLElement>(live) : null;
          const all = [...root.querySelectorAll('*')].filter((el) => !region?.contains(el) || el === region);
          const added = all
            .filter((el) => !(el as unknown as { __fromServer?: boolean }).__fromServer)
            .map(
              (el) =>
                `<${el.localName}${el.id ? `#${el.id}` : ''} class="${el.getAttribute('class') ?? ''}">`,
            );
          const removed = (window as unknown as { __serverElements: Element[] }).__serverElements
            .filter((el) => !el.isConnected)
            .map(
              (el) =>
                `<${el.localName}${el.id ? `#${el.id}` : ''} class="${el.getAttribute('class') ?? ''}">`,
            );
          return { elements: all.length, added, removed };
        }, live);
        const after = { ...hydrated, text: await wholeText(page, '#root', live) };
        compared();
        assert.deepEqual(after.added, [], 'no element was created by hydration');
        assert.deepEqual(after.removed, [], 'no server element was removed or replaced');
        assert.equal(after.elements, before.elements, 'as many elements as the server rendered');
        assert.equal(after.text, before.text, 'the text is the server text');
      });
    }
  });
}
