import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

import { drawWholePage } from './ui.js';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** A full-page PNG at e2e/screenshots/{name}-{width}.png: what a visitor sees, for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  // Lazy images below the fold load only when scrolled to; a visitor scrolling sees them.
  await page.evaluate(async () => {
    for (const img of Array.from(document.images)) img.loading = 'eager';
    const pending = Array.from(document.images)
      .filter((img) => !img.complete)
      .map(
        (img) =>
          new Promise<void>((resolve) => {
            img.addEventListener('load', () => resolve(), { once: true });
            img.addEventListener('error', () => resolve(), { once: true });
          }),
      );
    await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 5000))]);
  });
  // A full-page capture does not scroll, so the sections that wait for the reader to come near
  // (content-visibility: auto, decision 0018) would be blank in it; a visitor scrolling sees them.
  await drawWholePage(page);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', timeout: 20_000 });
  return file;
}
