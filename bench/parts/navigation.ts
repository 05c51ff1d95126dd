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
//
// The phone is driven with puppeteer-core, not playwright-core: Chromium prerenders only for a page
// whose DevTools sessions go through its tab (content/browser/devtools: IsPrerenderAllowed), which
// is how puppeteer attaches; playwright attaches to the page itself, and Chromium then reports
// every prerender as PrerenderingDisabledByDevTools. Puppeteer also carries the page's emulation
// (CPU slowdown, network, touch screen) over to the page the browser prerenders, so a prerender
// costs the phone what it would cost a real one.
import puppeteer, {
  CDPSessionEvent,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type ElementHandle,
  type Page,
} from 'puppeteer-core';
import { performance } from 'node:perf_hooks';
import { CHROMIUM_ARGS, CHROMIUM_PATH, KEEP_NAMES_SHIM, agreeToDisclaimer } from '../../e2e/lib/chromium.mjs';
import { DISCLAIMER_KEY } from '../../web/src/components/layout/disclaimer-key.js';
import { median, type BenchResults } from '../lib/report.js';
import type { Recalibrate } from '../lib/cpu.js';
import { startSite } from './render.js';
import { PAGES } from '../lib/pages.js';

/**
 * The phone: a 375 px touch screen. Device pixel ratio 1: a phone rasterises on its GPU, and here the
 * raster would run on the same shared CPU cores the figures measure.
 */
const PHONE = { width: 375, height: 812, deviceScaleFactor: 1, isMobile: true, hasTouch: true } as const;

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

/** A link on the page: the first matching `selector` whose text (spaces collapsed) matches `text`. */
interface LinkSpec {
  selector: string;
  text?: RegExp;
}

interface Journey {
  name: string;
  from: string;
  /** The link the journey taps. */
  link: LinkSpec;
  /** The phone menu: its button is tapped first and the menu timed. */
  menu?: { button: string; panel: string };
}

export const JOURNEYS: Journey[] = [
  { name: 'home → practice page', from: '/', link: { selector: 'main a', text: /Learn More/ } },
  { name: 'blog → post', from: '/blog/', link: { selector: 'main a', text: /Read More/ } },
  {
    name: 'post → recent post',
    from: PAGES[2]!,
    link: { selector: 'section[aria-labelledby="recent-title"] a[href^="/"]' },
  },
  {
    name: 'home → blog (phone menu)',
    from: '/',
    // The closed menu is hidden, and still where the link's address is read from.
    link: { selector: '#mobile-menu a', text: /^Blog$/ },
    menu: { button: 'header button[aria-expanded]', panel: '#mobile-menu' },
  },
];

async function findLink(page: Page, spec: LinkSpec): Promise<ElementHandle<HTMLAnchorElement>> {
  const handle = await page.evaluateHandle(
    (selector, source, flags) => {
      const text = source === null ? null : new RegExp(source, flags);
      return (
        [...document.querySelectorAll<HTMLAnchorElement>(selector)].find(
          (a) => !text || text.test((a.textContent ?? '').replace(/\s+/g, ' ').trim()),
        ) ?? null
      );
    },
    spec.selector,
    spec.text?.source ?? null,
    spec.text?.flags ?? '',
  );
  const link = handle.asElement() as ElementHandle<HTMLAnchorElement> | null;
  if (!link) throw new Error(`no link ${spec.selector} ${spec.text ?? ''} on ${page.url()}`);
  return link;
}

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
  // A page the browser prerendered is shown when the tap activates it.
  else if ((document as Document & { prerendering?: boolean }).prerendering)
    document.addEventListener('prerenderingchange', () => state.watchHeading(), { once: true });
}

/**
 * What runs at the start of every document of the browser: tsx's name shim (the functions here are
 * compiled with esbuild's keepNames, which wraps them in a `__name` the page lacks), the returning
 * visitor's agreement, and the instrument for the measurement under way.
 */
const documentStart = (watch: Watch) =>
  `${KEEP_NAMES_SHIM}\n(${agreeToDisclaimer.toString()})(${JSON.stringify(DISCLAIMER_KEY)});\n(${instrument.toString()})(${JSON.stringify(watch)});`;

/**
 * Gives every page session the browser attaches, as it attaches it, the current measurement's
 * document-start script: a prerendered page is attached to a session of its own, which puppeteer
 * creates paused and resumes after its own setup, so the script is in place before its first
 * document runs. One measurement runs at a time.
 */
function atEveryDocumentStart(browser: Browser): { set(watch: Watch | null): void } {
  let source: string | null = null;
  const onSession = (session: CDPSession) => {
    // Tab and browser sessions refuse the commands: only pages run documents. The page agent runs
    // its document-start scripts only once enabled (puppeteer does not enable it on a prerender).
    if (!source) return;
    void session.send('Page.enable').catch(() => {});
    void session.send('Page.addScriptToEvaluateOnNewDocument', { source }).catch(() => {});
  };
  void browser
    .target()
    .createCDPSession()
    .then((root) => root.connection()?.on(CDPSessionEvent.SessionAttached, onSession));
  return { set: (watch) => (source = watch ? documentStart(watch) : null) };
}

// ---- Driving the phone ----

interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Requests open now and the time the last one started or ended (Date.now()). */
  network: { open: number; lastActivity: number };
}

interface Phone {
  browser: Browser;
  documents: { set(watch: Watch | null): void };
}

async function phonePage(phone: Phone, watch: Watch, cpuSlowdown: number): Promise<PhonePage> {
  phone.documents.set(watch);
  const context = await phone.browser.createBrowserContext();
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
  // Documents are left out: the page's own has loaded before idleness is asked, and the document
  // of a page the browser prerenders is reported started, never finished.
  page.on('request', (r) => {
    if (!r.isNavigationRequest()) started();
  });
  page.on('requestfinished', (r) => {
    if (!r.isNavigationRequest()) ended();
  });
  page.on('requestfailed', (r) => {
    if (!r.isNavigationRequest()) ended();
  });
  await page.setViewport(PHONE);
  await page.emulateCPUThrottling(cpuSlowdown);
  await page.emulateNetworkConditions({
    // kbps as Lighthouse counts them (1.6 Mbps = 1.6 * 1024 kbps), in bytes per second.
    download: (NETWORK.downKbps * 1024) / 8,
    upload: (NETWORK.upKbps * 1024) / 8,
    latency: NETWORK.rttMs,
  });
  return { context, page, network };
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

/**
 * What the context's pages can tell about the measurement: an expression evaluated in each page
 * target through a CDP session of its own. A tap onto a prerendered page swaps the tab's page
 * target for the prerendered one, and puppeteer's Page, at a slowed CPU, can lose the swap (its
 * frame reported detached); a session on each target reads whichever page the tab shows. (A
 * session attached to a page target stops that tab from prerendering again: these are opened only
 * after the tap.)
 */
async function readPages<T>(
  context: BrowserContext,
  sessions: Map<string, CDPSession>,
  expression: string,
): Promise<T[]> {
  const values: T[] = [];
  for (const target of context.targets()) {
    if (target.type() !== 'page') continue;
    const id = (target as unknown as { _targetId: string })._targetId;
    try {
      let session = sessions.get(id);
      if (!session) {
        session = await target.createCDPSession();
        sessions.set(id, session);
      }
      const { result } = await session.send(
        'Runtime.evaluate',
        { expression, returnByValue: true },
        // A page being replaced never answers.
        { timeout: 2_000 },
      );
      values.push(result.value as T);
    } catch {
      // Gone, or going: the next poll asks the page that replaced it.
    }
  }
  return values;
}

interface Shown {
  shownAt: number;
  shownIn: number;
  tapAt: number | null;
  armedIn: number | null;
  /** The document shown was one the browser had prerendered (its activationStart is set). */
  prerendered: boolean;
}

const READ_SHOWN = `(() => {
  const n = (k) => { const v = sessionStorage.getItem(k); return v === null ? null : Number(v); };
  const nav = performance.getEntriesByType('navigation')[0];
  return { shownAt: n('bench:shownAt'), shownIn: n('bench:shownIn'), tapAt: n('bench:tapAt'),
    armedIn: n('bench:armedIn'), prerendered: (nav?.activationStart ?? 0) > 0,
    heading: document.querySelector('main h1')?.textContent?.replace(/\\s+/g, ' ').trim() ?? null };
})()`;

/** Polls (outside what is timed) until a page of the context has recorded the heading. */
async function shownTimes(context: BrowserContext, what: string): Promise<Shown> {
  const sessions = new Map<string, CDPSession>();
  const deadline = Date.now() + WAIT_MS;
  try {
    for (;;) {
      const pages = await readPages<Shown & { heading: string | null }>(context, sessions, READ_SHOWN);
      const got = pages.find((p) => p.shownAt !== null && p.shownIn !== null);
      if (got) return got;
      if (Date.now() > deadline)
        throw new Error(
          `${what}: the heading did not show within ${WAIT_MS} ms (main h1 of the pages: ${pages.map((p) => `'${p.heading ?? 'none'}'`).join(', ') || 'no page answered'})`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await Promise.all([...sessions.values()].map((s) => s.detach().catch(() => {})));
  }
}

interface Target {
  /** The path loaded directly (the link's address after any redirect). */
  path: string;
  heading: string;
}

/** The page's main heading, spaces collapsed. */
const heading = (page: Page) =>
  page.evaluate(() => document.querySelector('main h1')?.textContent?.replace(/\s+/g, ' ').trim() ?? null);

async function runJourney(
  phone: Phone,
  baseUrl: string,
  j: Journey,
  target: Target,
  cpuSlowdown: number,
): Promise<{ ms: number; prerendered: boolean; menuMs: number | null }> {
  const p = await phonePage(
    phone,
    { heading: target.heading, direct: false, menu: j.menu?.panel ?? null },
    cpuSlowdown,
  );
  try {
    await p.page.goto(baseUrl + j.from, { waitUntil: 'load', timeout: WAIT_MS });
    let menuMs: number | null = null;
    if (j.menu) {
      const button = await p.page.$(j.menu.button);
      if (!button) throw new Error(`${j.name}: no menu button on ${j.from}`);
      await button.scrollIntoView();
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
      await (await findLink(p.page, j.link)).scrollIntoView();
      await waitForIdle(p, FIRST_PAGE_IDLE_MS, j.name);
    }
    if ((await heading(p.page)) === target.heading)
      throw new Error(`${j.name}: ${j.from} already shows the target's heading '${target.heading}'`);
    await p.page.evaluate(() => {
      const s = (window as unknown as { __bench: BenchState }).__bench;
      sessionStorage.setItem('bench:armedIn', String(performance.timeOrigin));
      s.nextTap = 'tapAt';
      s.watchHeading();
    });
    // The tap's end may be answered by a page the tap has already replaced, or never: it is not
    // waited for, the page's own record of the tap is.
    const link = await findLink(p.page, j.link);
    void link.tap().catch(() => {});
    const t = await shownTimes(p.context, j.name);
    if (t.tapAt === null) throw new Error(`${j.name}: the tap was not seen by the page`);
    if (t.shownIn === t.armedIn)
      throw new Error(`${j.name}: the heading showed on the page tapped, not on a new document`);
    return {
      ms: round1(t.shownAt - t.tapAt),
      prerendered: t.prerendered,
      menuMs: menuMs === null ? null : round1(menuMs),
    };
  } finally {
    phone.documents.set(null);
    await p.context.close();
  }
}

async function runDirect(
  phone: Phone,
  baseUrl: string,
  target: Target,
  cpuSlowdown: number,
): Promise<number> {
  const p = await phonePage(phone, { heading: target.heading, direct: true, menu: null }, cpuSlowdown);
  try {
    await p.page.goto(baseUrl + target.path, { waitUntil: 'domcontentloaded', timeout: WAIT_MS });
    const t = await shownTimes(p.context, `direct load of ${target.path}`);
    return round1(t.shownAt - t.shownIn);
  } finally {
    phone.documents.set(null);
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
async function findTarget(phone: Phone, baseUrl: string, j: Journey): Promise<Target> {
  const context = await phone.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.goto(baseUrl + j.from, { waitUntil: 'load' });
    const href = await (await findLink(page, j.link)).evaluate((a) => a.getAttribute('href'));
    if (!href?.startsWith('/'))
      throw new Error(`${j.name}: the link on ${j.from} has no site address (${href})`);
    await page.goto(baseUrl + href, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', {
      timeout: WAIT_MS,
    });
    const text = await heading(page);
    if (!text) throw new Error(`${j.name}: ${href} has no main heading`);
    return { path: new URL(page.url()).pathname, heading: text };
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
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    // As playwright-core launches it for the browser tests (it adds --no-sandbox itself).
    args: [...CHROMIUM_ARGS, '--no-sandbox', '--lang=en-IN'],
    headless: true,
    protocolTimeout: WAIT_MS * 2,
  });
  const phone: Phone = { browser, documents: atEveryDocumentStart(browser) };
  try {
    const targets: Target[] = [];
    for (const j of JOURNEYS)
      targets.push(await attempt(`${j.name}, its target`, () => findTarget(phone, site.url, j)));
    const samples = JOURNEYS.map(() => ({
      journeyMs: [] as number[],
      directMs: [] as number[],
      prerendered: 0,
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
          const r = await attempt(j.name, () => runJourney(phone, site.url, j, target, cpuSlowdown));
          s.journeyMs.push(r.ms);
          if (r.prerendered) s.prerendered += 1;
          if (r.menuMs !== null) menuSamplesMs.push(r.menuMs);
        };
        const direct = async () => {
          s.directMs.push(
            await attempt(`direct ${target.path}`, () => runDirect(phone, site.url, target, cpuSlowdown)),
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
        prerendered: s.prerendered,
        ...journeyFigures(s.journeyMs, s.directMs),
      };
    });
    const summary = navigationSummary(
      journeys.map((j) => j.ratio),
      menuSamplesMs,
    );
    for (const j of journeys)
      console.log(
        `   ${j.name}: ${j.medianJourneyMs.toFixed(0)} ms vs direct ${j.medianDirectMs.toFixed(0)} ms, ratio ${j.ratio.toFixed(2)} (prerendered ${j.prerendered} of ${j.journeyMs.length})`,
      );
    console.log(
      `   median ratio ${summary.medianRatio.toFixed(2)}, max ${summary.maxRatio.toFixed(2)}, phone menu ${summary.menuMs.toFixed(0)} ms`,
    );
    return {
      rounds: opts.rounds,
      cpuSlowdown: median(slowdowns),
      cpuSlowdowns: slowdowns,
      network: { ...NETWORK },
      viewport: `${PHONE.width}x${PHONE.height}, touch`,
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
