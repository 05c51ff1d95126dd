// In-site navigation on a low-tier phone: Debian's Chromium driven by playwright-core at 375 px with
// touch, the CPU slowed to the phone's (bench/lib/cpu.ts) and a slow 4G network, on the production
// build (web server + gateway with the embedded content). Each journey starts on a page that has been
// idle for 5 s after its load, taps a link and times the tap to the new page's main heading being
// visible with the new page's text; the same heading is timed on a direct load of the target page
// (navigation start to visible) in the same run. Rounds alternate which of the two goes first, and a
// journey's figure is the median of its rounds' ratios (each round's pair ran under the same machine
// load). The phone menu's own figure is the tap on its button to the menu being visible.
//
// Every journey and every direct load gets a fresh browser context: an empty HTTP cache and new
// connections. The journey side then has exactly what its first page loaded, as a visitor who opened
// that page has; the direct side starts as a visitor arriving from a search result does. Reusing one
// context would let whichever side ran second find the other's scripts and answers in the cache.
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Locator,
  type Page,
} from 'playwright-core';
import { performance } from 'node:perf_hooks';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/lib/chromium.mjs';
import { KEEP_NAMES_SHIM, asReturningVisitor } from '../lib/phone-context.js';
import { median, type BenchResults } from '../lib/report.js';
import type { Recalibrate } from '../lib/cpu.js';
import { startSite } from './render.js';
import { PAGES } from '../lib/pages.js';

/**
 * The phone: a 375 px touch screen. Device pixel ratio 1: a phone rasterises on its GPU, and here the
 * raster would run on the same shared CPU cores the figures measure.
 */
const PHONE = {
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
} as const;

/** Slow 4G as Lighthouse's mobile preset has it: 150 ms round trip, 1.6 Mbps down, 0.75 Mbps up. */
const NETWORK = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750 } as const;

/** The first page is idle this long (no request open, no long task) before a journey's tap. */
const FIRST_PAGE_IDLE_MS = 5_000;
/** After the phone menu opens, the page is idle this long before 'Blog' is tapped. */
const MENU_IDLE_MS = 1_000;
/** Longest wait for a page to become idle or for a heading: past it the measurement fails. */
const WAIT_MS = 60_000;
/** A measurement that fails (Chromium lost, a page not loading) is tried this many times, each failure printed. */
const ATTEMPTS = 3;

interface Journey {
  name: string;
  from: string;
  /** The link the journey taps. */
  link(page: Page): Locator;
  /** The phone menu: its button is tapped first and the menu timed. */
  menu?: { button(page: Page): Locator; panel: string };
}

export const JOURNEYS: Journey[] = [
  {
    name: 'home → practice page',
    from: '/',
    link: (page) =>
      page
        .locator('main')
        .getByRole('link', { name: /Learn More/ })
        .first(),
  },
  {
    name: 'blog → post',
    from: '/blog/',
    link: (page) =>
      page
        .locator('main')
        .getByRole('link', { name: /Read More/ })
        .first(),
  },
  {
    name: 'post → recent post',
    from: PAGES[2]!,
    link: (page) =>
      page
        .getByRole('region', { name: /Recent/ })
        .locator('a[href^="/"]')
        .first(),
  },
  {
    name: 'home → blog (phone menu)',
    from: '/',
    // The closed menu is hidden, and still where the link's address is read from.
    link: (page) =>
      page.locator('#mobile-menu').getByRole('link', { name: 'Blog', exact: true, includeHidden: true }),
    menu: { button: (page) => page.locator('header button[aria-expanded]'), panel: '#mobile-menu' },
  },
];

// ---- The figures (pure, unit-tested) ----

export interface JourneyFigures {
  journeyMs: number[];
  directMs: number[];
  /** Each round's journey ms over the same round's direct ms. */
  ratios: number[];
  medianJourneyMs: number;
  medianDirectMs: number;
  /** The median of the rounds' ratios. */
  ratio: number;
}

export function journeyFigures(journeyMs: number[], directMs: number[]): JourneyFigures {
  if (journeyMs.length === 0 || journeyMs.length !== directMs.length)
    throw new Error(
      `a journey needs as many direct loads as journeys, at least one (got ${journeyMs.length} and ${directMs.length})`,
    );
  if ([...journeyMs, ...directMs].some((ms) => !Number.isFinite(ms) || ms < 0))
    throw new Error(
      `timings must be finite and not negative (${journeyMs.join(', ')} / ${directMs.join(', ')})`,
    );
  const ratios = journeyMs.map((ms, i) => ms / Math.max(directMs[i]!, 1));
  return {
    journeyMs,
    directMs,
    ratios: ratios.map(round3),
    medianJourneyMs: median(journeyMs),
    medianDirectMs: median(directMs),
    ratio: round3(median(ratios)),
  };
}

export function navigationSummary(
  ratios: number[],
  menuSamplesMs: number[],
): { medianRatio: number; maxRatio: number; menuMs: number } {
  if (ratios.length === 0) throw new Error('no journey measured');
  if (menuSamplesMs.length === 0) throw new Error('the phone menu was not measured');
  return {
    medianRatio: round3(median(ratios)),
    maxRatio: Math.max(...ratios),
    menuMs: median(menuSamplesMs),
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const round1 = (n: number) => Math.round(n * 10) / 10;

// ---- In the page ----

interface Watch {
  /** The main heading's text on the target page. */
  heading: string;
  /** A direct load: time the heading from the document's start. */
  direct: boolean;
  /** The phone menu's selector, when the journey opens it. */
  menu: string | null;
}

interface BenchState {
  nextTap: 'tapAt' | 'menuTapAt' | null;
  menuTapAt: number | null;
  menuShownAt: number | null;
  /** performance.now() at the end of the latest long task. */
  busyUntil: number;
  watchHeading(): void;
  watchMenu(): void;
}

/**
 * Runs at the start of every document of the context. Times are epoch ms with sub-ms precision
 * (performance.timeOrigin + a high-resolution time), kept in sessionStorage so that a journey the
 * app turned into a full page load is still timed, and counted as one.
 */
function instrument(opts: Watch): void {
  // The blank page a new tab starts on has no storage.
  if (!window.location.protocol.startsWith('http')) return;
  const w = window as unknown as { __bench: BenchState };
  const now = () => performance.timeOrigin + performance.now();
  const state: BenchState = {
    nextTap: null,
    menuTapAt: null,
    menuShownAt: null,
    busyUntil: 0,
    watchHeading: () => {},
    watchMenu: () => {},
  };
  w.__bench = state;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        state.busyUntil = Math.max(state.busyUntil, e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long-task timing: idleness is judged by the network alone.
  }
  const shown = (el: Element | null): boolean => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return (
      r.width > 0 &&
      r.height > 0 &&
      r.bottom > 0 &&
      r.top < window.innerHeight &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  };
  // Checked once per frame, before it is painted: no timer in what is measured.
  const watch = (test: () => boolean, done: (t: number) => void) => {
    const tick = () => {
      if (test()) done(now());
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  state.watchHeading = () =>
    watch(
      () => {
        const h = document.querySelector('main h1');
        return !!h && (h.textContent ?? '').replace(/\s+/g, ' ').trim() === opts.heading && shown(h);
      },
      (t) => {
        sessionStorage.setItem('bench:shownAt', String(t));
        sessionStorage.setItem('bench:shownIn', String(performance.timeOrigin));
      },
    );
  state.watchMenu = () =>
    watch(
      () => shown(opts.menu ? document.querySelector(opts.menu) : null),
      (t) => {
        state.menuShownAt = t;
      },
    );
  // The input's own time stamp: when the touch reached the page, however busy its thread was.
  window.addEventListener(
    'touchstart',
    (e) => {
      const at = performance.timeOrigin + e.timeStamp;
      if (state.nextTap === 'tapAt') sessionStorage.setItem('bench:tapAt', String(at));
      else if (state.nextTap === 'menuTapAt') state.menuTapAt = at;
      state.nextTap = null;
    },
    { capture: true, passive: true },
  );
  if (opts.direct || sessionStorage.getItem('bench:armedIn') !== null) state.watchHeading();
}

// ---- Driving the phone ----

interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Requests open now and the time the last one started or ended (Date.now()). */
  network: { open: number; lastActivity: number };
}

async function phonePage(browser: Browser, watch: Watch, cpuSlowdown: number): Promise<PhonePage> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-IN' });
  await asReturningVisitor(context);
  await context.addInitScript(instrument, watch);
  const page = await context.newPage();
  const network = { open: 0, lastActivity: Date.now() };
  const started = () => {
    network.open += 1;
    network.lastActivity = Date.now();
  };
  const ended = () => {
    network.open = Math.max(0, network.open - 1);
    network.lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  await emulatePhone(await context.newCDPSession(page), cpuSlowdown);
  return { context, page, network };
}

async function emulatePhone(cdp: CDPSession, cpuSlowdown: number): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: NETWORK.rttMs,
    // kbps as Lighthouse counts them (1.6 Mbps = 1.6 * 1024 kbps), in bytes per second.
    downloadThroughput: (NETWORK.downKbps * 1024) / 8,
    uploadThroughput: (NETWORK.upKbps * 1024) / 8,
  });
}

/** Until the page has loaded and hydrated and nothing has run (no request, no long task) for `quietMs`. */
async function waitForIdle(p: PhonePage, quietMs: number, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const s = await p.page.evaluate(() => ({
      ready: document.readyState === 'complete' && document.documentElement.dataset.hydrated === 'true',
      sinceBusy:
        performance.now() - ((window as unknown as { __bench?: BenchState }).__bench?.busyUntil ?? 0),
    }));
    const sinceNetwork = p.network.open > 0 ? 0 : Date.now() - p.network.lastActivity;
    if (s.ready && Math.min(sinceNetwork, s.sinceBusy) >= quietMs) return;
    if (Date.now() > deadline)
      throw new Error(
        `${what}: ${p.page.url()} was not idle for ${quietMs} ms within ${WAIT_MS} ms (loaded and hydrated: ${s.ready}, requests open: ${p.network.open})`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls (outside what is timed) until the page has recorded the heading; survives a full page load. */
async function shownTimes(
  page: Page,
  what: string,
): Promise<{ shownAt: number; shownIn: number; tapAt: number | null; armedIn: number | null }> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const got = await page
      .evaluate(() => {
        const n = (k: string) => {
          const v = sessionStorage.getItem(k);
          return v === null ? null : Number(v);
        };
        return {
          shownAt: n('bench:shownAt'),
          shownIn: n('bench:shownIn'),
          tapAt: n('bench:tapAt'),
          armedIn: n('bench:armedIn'),
        };
      })
      // A full page load replaces the document while we ask.
      .catch(() => null);
    if (got?.shownAt != null && got.shownIn != null)
      return { shownAt: got.shownAt, shownIn: got.shownIn, tapAt: got.tapAt, armedIn: got.armedIn };
    if (Date.now() > deadline) {
      const h1 = await page
        .locator('main h1')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      throw new Error(
        `${what}: the heading did not show within ${WAIT_MS} ms on ${page.url()} (main h1: '${h1?.trim() ?? 'none'}')`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Target {
  /** The path loaded directly (the link's address after any redirect). */
  path: string;
  heading: string;
}

async function runJourney(
  browser: Browser,
  baseUrl: string,
  j: Journey,
  target: Target,
  cpuSlowdown: number,
): Promise<{ ms: number; fullLoad: boolean; menuMs: number | null }> {
  const p = await phonePage(
    browser,
    { heading: target.heading, direct: false, menu: j.menu?.panel ?? null },
    cpuSlowdown,
  );
  try {
    await p.page.goto(baseUrl + j.from, { waitUntil: 'load', timeout: WAIT_MS });
    let menuMs: number | null = null;
    if (j.menu) {
      const button = j.menu.button(p.page);
      await button.scrollIntoViewIfNeeded();
      await waitForIdle(p, FIRST_PAGE_IDLE_MS, j.name);
      await p.page.evaluate(() => {
        const s = (window as unknown as { __bench: BenchState }).__bench;
        s.nextTap = 'menuTapAt';
        s.watchMenu();
      });
      await button.tap();
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const m = await p.page.evaluate(() => {
          const s = (window as unknown as { __bench: BenchState }).__bench;
          return { tapAt: s.menuTapAt, shownAt: s.menuShownAt };
        });
        if (m.tapAt !== null && m.shownAt !== null) {
          menuMs = Math.max(0, m.shownAt - m.tapAt);
          break;
        }
        if (Date.now() > deadline)
          throw new Error(`${j.name}: the phone menu did not show within ${WAIT_MS} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
      await waitForIdle(p, MENU_IDLE_MS, j.name);
    } else {
      await j.link(p.page).scrollIntoViewIfNeeded();
      await waitForIdle(p, FIRST_PAGE_IDLE_MS, j.name);
    }
    const before = await p.page.locator('main h1').first().textContent();
    if (before?.replace(/\s+/g, ' ').trim() === target.heading)
      throw new Error(`${j.name}: ${j.from} already shows the target's heading '${target.heading}'`);
    await p.page.evaluate(() => {
      const s = (window as unknown as { __bench: BenchState }).__bench;
      sessionStorage.setItem('bench:armedIn', String(performance.timeOrigin));
      s.nextTap = 'tapAt';
      s.watchHeading();
    });
    await j.link(p.page).tap();
    const t = await shownTimes(p.page, j.name);
    if (t.tapAt === null) throw new Error(`${j.name}: the tap was not seen by the page`);
    return {
      ms: round1(t.shownAt - t.tapAt),
      fullLoad: t.shownIn !== t.armedIn,
      menuMs: menuMs === null ? null : round1(menuMs),
    };
  } finally {
    await p.context.close();
  }
}

async function runDirect(
  browser: Browser,
  baseUrl: string,
  target: Target,
  cpuSlowdown: number,
): Promise<number> {
  const p = await phonePage(browser, { heading: target.heading, direct: true, menu: null }, cpuSlowdown);
  try {
    await p.page.goto(baseUrl + target.path, { waitUntil: 'commit', timeout: WAIT_MS });
    const t = await shownTimes(p.page, `direct load of ${target.path}`);
    return round1(t.shownAt - t.shownIn);
  } finally {
    await p.context.close();
  }
}

async function attempt<T>(what: string, fn: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i += 1) {
    try {
      return await fn();
    } catch (error) {
      if (i >= ATTEMPTS) throw error;
      console.log(`   (${what}: attempt ${i} failed, retrying: ${(error as Error).message.split('\n')[0]})`);
    }
  }
}

/**
 * The target of a journey, found on the site as it is: the link's address, followed to its final
 * path by a direct load, and the heading that load shows once hydrated. These loads, unthrottled and
 * not counted, also warm the servers' caches (rendered pages, the gateway's answers to the routes'
 * queries) for both sides alike.
 */
async function findTarget(browser: Browser, baseUrl: string, j: Journey): Promise<Target> {
  const context = await browser.newContext({ ...PHONE, locale: 'en-IN' });
  try {
    await context.addInitScript(KEEP_NAMES_SHIM);
    const page = await context.newPage();
    await page.goto(baseUrl + j.from, { waitUntil: 'load' });
    const href = await j.link(page).getAttribute('href', { timeout: 10_000 });
    if (!href?.startsWith('/'))
      throw new Error(`${j.name}: the link on ${j.from} has no site address (${href})`);
    await page.goto(baseUrl + href, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
      timeout: WAIT_MS,
    });
    const heading = (await page.locator('main h1').first().textContent())?.replace(/\s+/g, ' ').trim();
    if (!heading) throw new Error(`${j.name}: ${href} has no main heading`);
    return { path: new URL(page.url()).pathname, heading };
  } finally {
    await context.close();
  }
}

export async function measureNavigation(opts: {
  rounds: number;
  /** Calibrates the CPU slowdown again; each round is measured at its own (bench/lib/cpu.ts). */
  recalibrate: Recalibrate;
}): Promise<NonNullable<BenchResults['navigation']>> {
  const started = performance.now();
  const site = await startSite({ WORDPRESS_URL: '' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const targets: Target[] = [];
    for (const j of JOURNEYS)
      targets.push(await attempt(`${j.name}, its target`, () => findTarget(browser, site.url, j)));
    const samples = JOURNEYS.map(() => ({
      journeyMs: [] as number[],
      directMs: [] as number[],
      fullLoads: 0,
    }));
    const menuSamplesMs: number[] = [];
    const slowdowns: number[] = [];
    for (let round = 0; round < opts.rounds; round += 1) {
      const cpuSlowdown = (await opts.recalibrate()).multiplier;
      slowdowns.push(cpuSlowdown);
      for (const [i, j] of JOURNEYS.entries()) {
        const target = targets[i]!;
        const s = samples[i]!;
        const journey = async () => {
          const r = await attempt(j.name, () => runJourney(browser, site.url, j, target, cpuSlowdown));
          s.journeyMs.push(r.ms);
          if (r.fullLoad) s.fullLoads += 1;
          if (r.menuMs !== null) menuSamplesMs.push(r.menuMs);
        };
        const direct = async () => {
          s.directMs.push(
            await attempt(`direct ${target.path}`, () => runDirect(browser, site.url, target, cpuSlowdown)),
          );
        };
        // Alternate which side goes first, so a machine getting busier or quieter falls on both.
        if ((round + i) % 2 === 0) {
          await journey();
          await direct();
        } else {
          await direct();
          await journey();
        }
      }
      console.log(
        `   round ${round + 1}/${opts.rounds} at ${cpuSlowdown}x: ${JOURNEYS.map((j, i) => `${j.name} ${samples[i]!.journeyMs.at(-1)} vs ${samples[i]!.directMs.at(-1)} ms`).join('; ')}`,
      );
    }
    const journeys = JOURNEYS.map((j, i) => {
      const s = samples[i]!;
      return {
        name: j.name,
        from: j.from,
        target: targets[i]!.path,
        heading: targets[i]!.heading,
        fullLoads: s.fullLoads,
        ...journeyFigures(s.journeyMs, s.directMs),
      };
    });
    const summary = navigationSummary(
      journeys.map((j) => j.ratio),
      menuSamplesMs,
    );
    for (const j of journeys)
      console.log(
        `   ${j.name}: ${j.medianJourneyMs.toFixed(0)} ms vs direct ${j.medianDirectMs.toFixed(0)} ms, ratio ${j.ratio.toFixed(2)}${j.fullLoads ? ` (${j.fullLoads} full page loads)` : ''}`,
      );
    console.log(
      `   median ratio ${summary.medianRatio.toFixed(2)}, max ${summary.maxRatio.toFixed(2)}, phone menu ${summary.menuMs.toFixed(0)} ms`,
    );
    return {
      rounds: opts.rounds,
      cpuSlowdown: median(slowdowns),
      cpuSlowdowns: slowdowns,
      network: { ...NETWORK },
      viewport: `${PHONE.viewport.width}x${PHONE.viewport.height}, touch`,
      journeys,
      ...summary,
      menuSamplesMs,
      seconds: Math.round((performance.now() - started) / 1000),
    };
  } finally {
    await browser.close();
    await site.stop();
  }
}
