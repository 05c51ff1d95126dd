// What every playwright-driven bench context starts with (the navigation part, driven with
// puppeteer-core, writes the same into its documents itself): tsx's name shim (functions the bench hands the page
// are compiled with esbuild's keepNames, which wraps them in a `__name` the page lacks), and a
// returning visitor's accepted disclaimer, so its modal does not sit over the pages measured.
import type { BrowserContext } from 'playwright-core';
import { KEEP_NAMES_SHIM, markDisclaimerAgreed } from '../../e2e/lib/chromium.mjs';
import { DISCLAIMER_KEY } from '../../web/src/components/layout/disclaimer-key.js';

export async function asReturningVisitor(context: BrowserContext): Promise<void> {
  await context.addInitScript(KEEP_NAMES_SHIM);
  await markDisclaimerAgreed(context, DISCLAIMER_KEY);
}
