import { after, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, KEEP_NAMES_SHIM, markDisclaimerAgreed } from './chromium.mjs';
import { BASE_URL } from './site.js';

export const WIDTHS = [1280, 375] as const;
export type Width = (typeof WIDTHS)[number];

/** The flag the disclaimer stores; a returning visitor has it. The disclaimer test checks the site uses it. */
export const DISCLAIMER_KEY = 'disclaimerAccepted';

/** The console error brief §2 requires on the 404 page. */
export const NOT_FOUND_CONSOLE = /^404 Error: User attempted to access non-existent route: /;

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const failuresDir = path.join(e2eDir, 'results', 'failures');

let browserPromise: Promise<Browser> | undefined;

/**
 * One Chromium for the whole run: e2e/run.mjs launches it and every test file connects to it.
 * A file run on its own (E2E_WS_ENDPOINT unset) launches its own.
 */
export function getBrowser(): Promise<Browser> {
  browserPromise ??= process.env.E2E_WS_ENDPOINT
    ? chromium.connect(process.env.E2E_WS_ENDPOINT)
    : chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return browserPromise;
}

after(async () => {
  if (browserPromise) await (await browserPromise).close();
});

export { KEEP_NAMES_SHIM };

function isLoopback(u: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
}

export interface PageOptions {
  /** A returning visitor has already agreed to the disclaimer (default true). */
  returning?: boolean;
  /** false: what a crawler or a visitor without JavaScript gets, the server HTML alone. */
  javaScript?: boolean;
  /** The document itself answers 404: Chromium reports that as a failed resource load. */
  documentStatus404?: boolean;
  /** Console errors the page must log, each exactly once (e.g. the 404 route's). */
  expectConsoleErrors?: RegExp[];
  /** Console output a test provokes on purpose (e.g. failed requests when it cuts the network). */
  allowConsole?: RegExp[];
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  width: Width;
  /** Unexpected console errors/warnings, page errors and blocked external requests, in order. */
  readonly problems: string[];
  /** Navigates and waits until React has hydrated the page (JavaScript on) or the HTML has loaded. */
  goto(path: string): Promise<void>;
  close(): Promise<void>;
  /** How many requests are open now. */
  inflight(): number;
}

interface Collected {
  console: { type: string; text: string; url: string }[];
  pageErrors: string[];
  external: string[];
  /** Documents the page navigated to that answered 404. */
  notFoundDocuments: Set<string>;
  /** Requests sent and not yet answered. */
  inflight: Set<Request>;
}

/** A fresh context per test at the width's viewport (375: a touch phone), with its console watched. */
export async function newPage(width: Width, opts: PageOptions = {}): Promise<TestPage> {
  const browser = await getBrowser();
  const context = await browser.newContext({
    viewport: width === 375 ? { width: 375, height: 812 } : { width: 1280, height: 900 },
    isMobile: width === 375,
    hasTouch: width === 375,
    deviceScaleFactor: 1,
    javaScriptEnabled: opts.javaScript ?? true,
    locale: 'en-IN',
    baseURL: BASE_URL,
  });
  await context.addInitScript(KEEP_NAMES_SHIM);
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const collected: Collected = {
    console: [],
    pageErrors: [],
    external: [],
    notFoundDocuments: new Set(),
    inflight: new Set(),
  };
  // The site must work on its own origin: any request elsewhere (CDN fonts, analytics, WhatsApp)
  // is blocked and reported.
  await context.route(
    (u) => !isLoopback(u),
    (route) => {
      collected.external.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  if (opts.returning ?? true) {
    await markDisclaimerAgreed(context, DISCLAIMER_KEY);
  }
  const page = await context.newPage();
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      collected.console.push({ type: msg.type(), text: msg.text(), url: msg.location().url });
    }
  });
  page.on('pageerror', (err) => collected.pageErrors.push(err.stack || err.message || String(err)));
  page.on('request', (req) => collected.inflight.add(req));
  page.on('requestfinished', (req) => collected.inflight.delete(req));
  page.on('requestfailed', (req) => collected.inflight.delete(req));
  page.on('response', (res) => {
    if (res.status() === 404 && res.request().isNavigationRequest())
      collected.notFoundDocuments.add(res.url());
  });
  const tp: TestPage = {
    page,
    context,
    width,
    get problems() {
      return describeProblems(collected, opts);
    },
    async goto(p: string) {
      await page.goto(p, { waitUntil: 'load' });
      if (opts.javaScript ?? true) await waitForHydration(page);
    },
    close: () => context.close(),
    inflight: () => collected.inflight.size,
  };
  return tp;
}

function describeProblems(c: Collected, opts: PageOptions): string[] {
  const out: string[] = [];
  const expected = opts.expectConsoleErrors ?? [];
  for (const m of c.console) {
    if (m.type === 'error' && expected.some((re) => re.test(m.text))) continue;
    if (opts.allowConsole?.some((re) => re.test(m.text))) continue;
    // Chromium logs a document's own 404 as a failed resource; that status is what the test wants.
    if (opts.documentStatus404 && /status of 404/.test(m.text) && c.notFoundDocuments.has(m.url)) continue;
    out.push(`console.${m.type}: ${m.text}${m.url ? ` (${m.url})` : ''}`);
  }
  for (const e of c.pageErrors) out.push(`page error: ${e}`);
  for (const u of c.external) out.push(`request to another origin (blocked): ${u}`);
  for (const re of expected) {
    const n = c.console.filter((m) => m.type === 'error' && re.test(m.text)).length;
    if (n !== 1) out.push(`expected exactly one console error matching ${re}, saw ${n}`);
  }
  return out;
}

/**
 * The page's scripts have taken over once the boot module has run and the islands that load with
 * the page have hydrated: it then marks <html data-hydrated> (web/src/boot/boot.ts). An island that
 * loads near the viewport marks its own element data-hydrated.
 */
export async function waitForHydration(page: Page): Promise<void> {
  const probe = () => {
    const named = { footer: 'footer', main: 'main', 'main h1': 'main h1' } as const;
    const marked = document.documentElement.dataset.hydrated === 'true' ? 'hydrated' : 'static';
    return Object.entries(named).map(
      ([label, sel]) => `${label}: ${document.querySelector(sel) ? marked : 'missing'}`,
    );
  };
  try {
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === 'true' &&
        ['footer', 'main', 'main h1'].every((sel) => document.querySelector(sel) !== null),
      undefined,
      { timeout: 20_000, polling: 50 },
    );
  } catch (err) {
    const state = page.isClosed() ? ['page closed'] : await page.evaluate(probe).catch(() => ['unknown']);
    throw new Error(`${page.url()} did not hydrate within 20 s (${state.join(', ')})`, { cause: err });
  }
}

/** Lets late effects, lazy chunks and requests finish before the console is judged. */
export async function settle(page: Page, inflight: () => number): Promise<void> {
  // Quiet for 150 ms (no request open), at most 3 s: late effects and lazy chunks have run by then.
  const deadline = Date.now() + 3_000;
  let quiet = 0;
  while (!page.isClosed() && Date.now() < deadline && quiet < 3) {
    quiet = inflight() === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function safeName(s: string): string {
  return s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/**
 * A browser test at one width: a fresh context, the body, then no unexpected console errors,
 * warnings, page errors or external requests. A failing test leaves a screenshot in e2e/results/failures.
 */
export function pageTest(
  name: string,
  width: Width,
  fn: (tp: TestPage) => Promise<void>,
  opts: PageOptions = {},
): void {
  test(`${name} [${width}px]`, { timeout: 90_000 }, async () => {
    const tp = await newPage(width, opts);
    try {
      await fn(tp);
      await settle(tp.page, tp.inflight);
      const problems = tp.problems;
      if (problems.length > 0) {
        throw new Error(`unexpected browser console output on ${tp.page.url()}:\n  ${problems.join('\n  ')}`);
      }
    } catch (err) {
      const problems = tp.problems;
      if (
        problems.length > 0 &&
        err instanceof Error &&
        !err.message.startsWith('unexpected browser console')
      ) {
        err.message += `\n  browser console meanwhile:\n    ${problems.join('\n    ')}`;
      }
      if (!tp.page.isClosed() && tp.page.url().startsWith('http')) {
        mkdirSync(failuresDir, { recursive: true });
        await tp.page
          .screenshot({ path: path.join(failuresDir, `${safeName(name)}-${width}.png`), fullPage: true })
          .catch(() => {});
      }
      throw err;
    } finally {
      await tp.close();
    }
  });
}
