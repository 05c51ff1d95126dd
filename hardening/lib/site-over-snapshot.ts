// The whole site over a fake WordPress serving a given snapshot: the real gateway and web server in
// this process, and Chromium to open its pages. For suites about content a real WordPress can hold.
import { chromium, type Browser } from 'playwright-core';
import type { ContentSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { startFakeWordPress, type FakeWordPress } from '../../gateway/test/fake-wordpress.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/lib/chromium.mjs';
import { startGateway, startWeb, type RunningGateway, type RunningWeb } from './servers.js';

export interface SiteOverSnapshot {
  wp: FakeWordPress;
  gw: RunningGateway;
  web: RunningWeb;
  browser: Browser;
  /** Stops what started, in reverse order; safe after a partial start. */
  close(): Promise<void>;
}

export async function startSiteOverSnapshot(snapshot: ContentSnapshot): Promise<SiteOverSnapshot> {
  const started: Array<{ close(): Promise<void> }> = [];
  const close = async () => {
    for (const s of started.splice(0).reverse()) await s.close();
  };
  try {
    const wp = await startFakeWordPress({ snapshot });
    started.push(wp);
    const gw = await startGateway({ WORDPRESS_URL: wp.url });
    started.push(gw);
    const web = await startWeb(gw.url);
    started.push(web);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    started.push(browser);
    return { wp, gw, web, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}
