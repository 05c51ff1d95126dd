// Image bytes on a phone, before and after the site served WordPress's images itself (/media), in one
// run: the home page and a post in Chromium at 375 CSS px and a device pixel ratio of 2 (an iPhone SE's
// 375x667 at 2x; which srcset candidate a browser picks depends on the ratio), scrolled to the bottom
// so lazy images load. "After" is every image the browser downloaded (Resource Timing's encoded body
// bytes). "Before" is, for each /media image, the WordPress rendition the site named before: the old
// markup's `src` and `srcset` (image-renditions.ts) given to the same browser with the image's own
// `sizes`, the candidate it picks read from `currentSrc`, and that file's bytes in the snapshot's
// uploads/. The site's own photographs (/images/*.jpg) were sent as their JPEG: "before" is that file,
// "after" the build's AVIF or WebP copy the server now sends at the same address; an SVG is the same
// on both sides.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/lib/chromium.mjs';
import { mediaPath, originalOf } from '../../gateway/src/media/address.js';
import { asReturningVisitor } from '../lib/phone-context.js';
import { REPO_ROOT } from '../lib/services.js';
import type { BenchResults } from '../lib/report.js';
import { PAGES } from '../lib/pages.js';
import { startSite } from './render.js';
import {
  mediaWidthAtLeast,
  oldImageOf,
  pageTotals,
  uploadFile,
  widthInSrcSet,
  type PageImage,
  type SnapshotMedia,
} from './image-renditions.js';

/** An iPhone SE (2nd and 3rd generation): 375x667 CSS px at 2 device pixels per CSS pixel. */
export const IMAGE_PHONE = { width: 375, height: 667, deviceScaleFactor: 2 } as const;
/** The home page and a post. */
export const IMAGE_PAGES = [PAGES[0]!, PAGES[2]!];

const CONTENT = path.join(REPO_ROOT, 'content');
/** The browser build: the site's own photographs as the server has them. */
const CLIENT_DIR = path.join(REPO_ROOT, 'web', 'dist', 'client');

function lcpObserver() {
  const w = window as unknown as { __lcp: { url: string; tag: string } | null };
  w.__lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const e = entry as PerformanceEntry & { url: string; element: Element | null };
      w.__lcp = { url: e.url, tag: e.element?.tagName.toLowerCase() ?? '' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

interface Seen {
  /** The LCP element's image URL ('' for text) and its tag. */
  lcp: { url: string; tag: string } | null;
  resources: { url: string; bytes: number }[];
  elements: { currentSrc: string; sizes: string; width: number; naturalWidth: number }[];
}

async function scrollToBottom(page: Page): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (done) break;
  }
  await page.waitForLoadState('networkidle');
  // Images still decoding after the network went quiet.
  await page.evaluate(() =>
    Promise.all([...document.images].map((img) => (img.complete ? null : img.decode().catch(() => null)))),
  );
}

async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const origin = location.origin;
    const local = (u: string) => (u.startsWith(origin) ? u.slice(origin.length) : u);
    const isImage = (u: string) => /\/media\/|\.(avif|webp|jpe?g|png|gif|svg)(\?|$)/i.test(u);
    const byUrl = new Map<string, number>();
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!isImage(e.name)) continue;
      const url = local(e.name);
      byUrl.set(url, Math.max(byUrl.get(url) ?? 0, e.encodedBodySize));
    }
    return {
      lcp: (window as unknown as { __lcp: { url: string; tag: string } | null }).__lcp,
      resources: [...byUrl].map(([url, bytes]) => ({ url, bytes })),
      elements: [...document.images]
        .filter((img) => img.currentSrc)
        .map((img) => ({
          currentSrc: local(img.currentSrc),
          sizes: img.sizes,
          width: img.getBoundingClientRect().width,
          // A srcset candidate's naturalWidth is in CSS pixels (divided by its density): the pixel
          // width is read apart (pixelWidth).
          naturalWidth: img.naturalWidth,
        })),
    };
  });
}

/** The candidate this browser picks from the old markup, with the image's own `sizes`. */
async function pick(page: Page, src: string, srcset: string | null, sizes: string): Promise<string> {
  return page.evaluate(
    async ([src, srcset, sizes]) => {
      const probe = new Image();
      if (sizes) probe.sizes = sizes;
      if (srcset) probe.srcset = srcset;
      probe.src = src!;
      // Picked when the request starts; the request itself is refused (never fetched).
      await new Promise((resolve) => {
        probe.onload = probe.onerror = resolve;
        setTimeout(resolve, 5000);
      });
      const origin = location.origin;
      return probe.currentSrc.startsWith(origin) ? probe.currentSrc.slice(origin.length) : probe.currentSrc;
    },
    [src, srcset, sizes] as const,
  );
}

/** An image's width in pixels, decoded from the browser's cache (no srcset, so no density). */
async function pixelWidth(page: Page, url: string): Promise<number> {
  return page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode().catch(() => null);
    return img.naturalWidth;
  }, url);
}

/** The encoded bytes of one image as this browser is sent it (its Accept header), and its width. */
async function fetchedImage(page: Page, url: string): Promise<{ bytes: number; width: number }> {
  const bytes = await page.evaluate(async (url) => {
    const res = await fetch(url, {
      headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    });
    return (await res.arrayBuffer()).byteLength;
  }, url);
  return { bytes, width: await pixelWidth(page, url) };
}

async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: IMAGE_PHONE.width, height: IMAGE_PHONE.height },
    deviceScaleFactor: IMAGE_PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
  });
  await asReturningVisitor(context);
  await context.addInitScript(lcpObserver);
  // The old renditions are only named, to read which one the browser picks; never fetched.
  await context.route('**/wp-content/uploads/**', (route) => route.abort());
  return context;
}

async function fileSize(file: string): Promise<number> {
  return (await stat(file)).size;
}

export async function measureImages(): Promise<NonNullable<BenchResults['images']>> {
  const read = async <T>(name: string) =>
    JSON.parse(await readFile(path.join(CONTENT, 'wp', name), 'utf8')) as T;
  const media = await read<SnapshotMedia[]>('media.json');
  const bodies: string[] = [];
  for (const name of ['posts.json', 'pages.json', 'practice_areas.json'])
    for (const item of await read<{ content?: { rendered?: string } }[]>(name))
      if (typeof item.content?.rendered === 'string') bodies.push(item.content.rendered);

  // A media cache of its own: every /media image is encoded in this run.
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'bench-media-'));
  const site = await startSite({ MEDIA_CACHE_DIR: cacheDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const pages: NonNullable<BenchResults['images']>['pages'] = [];
  try {
    for (const pagePath of IMAGE_PAGES) {
      // A first view encodes the page's variants; the measured view is a fresh context's: a
      // visitor's first visit to a site whose images are already made.
      const warmUp = await phoneContext(browser);
      try {
        const page = await warmUp.newPage();
        await page.goto(site.url + pagePath, { waitUntil: 'load' });
        await scrollToBottom(page);
      } finally {
        await warmUp.close();
      }
      const measured = await phoneContext(browser);
      try {
        const view = await measured.newPage();
        const contentTypes = new Map<string, string>();
        view.on('response', (r) => {
          const u = new URL(r.url());
          if (u.origin === new URL(site.url).origin)
            contentTypes.set(u.pathname + u.search, r.headers()['content-type'] ?? '');
        });
        await view.goto(site.url + pagePath, { waitUntil: 'load' });
        await scrollToBottom(view);
        const s = await seen(view);
        const images: PageImage[] = [];
        for (const r of s.resources) {
          const shown = s.elements.filter((e) => e.currentSrc === r.url);
          const displayedWidth = Math.max(0, ...shown.map((e) => e.width));
          const naturalWidth = shown.length > 0 ? await pixelWidth(view, r.url) : 0;
          const original = originalOf(r.url);
          let before: PageImage['before'] = {
            url: r.url,
            bytes: r.bytes,
            width: naturalWidth,
            from: 'unchanged',
          };
          const ownPath = new URL(r.url, site.url).pathname;
          if (original === null && /^\/images\/.+\.(?:jpe?g|png)$/i.test(ownPath)) {
            // One of the site's own photographs: before, its JPEG or PNG was sent whatever the browser took.
            before = {
              url: r.url,
              bytes: await fileSize(path.join(CLIENT_DIR, decodeURIComponent(ownPath))),
              width: naturalWidth,
              from: 'site',
            };
          } else if (original !== null) {
            const old = oldImageOf(original, media, bodies);
            const chosen = await pick(view, old.src, old.srcset, shown[0]?.sizes ?? '');
            const file = uploadFile(chosen);
            if (file === null) throw new Error(`${pagePath}: the old markup of ${original} picks ${chosen}`);
            const full = media.find((m) => m.source_url === chosen);
            before = {
              url: chosen,
              bytes: await fileSize(path.join(CONTENT, 'uploads', file)),
              width:
                widthInSrcSet(old.srcset, chosen) ??
                (typeof full?.media_details?.width === 'number' ? full.media_details.width : null),
              from: old.from,
            };
          }
          // The same original from /media at least as wide as the rendition before, for a comparison
          // at equal visual size when the browser picked a narrower candidate than before.
          let atBeforeWidth: PageImage['atBeforeWidth'];
          if (original !== null && before.width !== null && naturalWidth < before.width) {
            const url = mediaPath(original, mediaWidthAtLeast(before.width));
            atBeforeWidth = { url, ...(await fetchedImage(view, url)) };
          }
          images.push({
            url: r.url,
            original,
            bytes: r.bytes,
            contentType: contentTypes.get(r.url) ?? null,
            displayedWidth: Math.round(displayedWidth),
            naturalWidth,
            neededWidth: Math.round(displayedWidth * IMAGE_PHONE.deviceScaleFactor),
            lcp: !!s.lcp?.url && s.lcp.url.endsWith(r.url),
            before,
            ...(atBeforeWidth ? { atBeforeWidth } : {}),
          });
        }
        const totals = pageTotals(images);
        pages.push({ path: pagePath, lcpElement: s.lcp?.tag || null, images, ...totals });
        console.log(
          `   ${pagePath}: ${images.length} images, ${totals.beforeBytes} -> ${totals.afterBytes} bytes (${totals.savingPct} % fewer); LCP ${
            totals.lcp
              ? `${totals.lcp.beforeBytes} -> ${totals.lcp.afterBytes} (${totals.lcp.savingPct} %)`
              : `not an image (${s.lcp?.tag ?? 'none'})`
          }; at equal size ${totals.equalSize.afterBytes} bytes (${totals.equalSize.savingPct} % fewer)`,
        );
      } finally {
        await measured.close();
      }
    }
  } finally {
    await browser.close();
    await site.stop();
    await rm(cacheDir, { recursive: true, force: true });
  }
  return { viewport: IMAGE_PHONE, pages };
}
