// The shape of bench/results/latest.json, its markdown, and the figures section of docs/performance.md.
import type { PageImage, PageImageTotals } from '../parts/image-renditions.js';
import type { CpuCalibration } from './cpu.js';

export interface LoadFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface RatioFigures {
  subject: LoadFigures;
  baseline: LoadFigures;
  /** subject rps / baseline rps */
  ratio: number;
  bytes: number;
}

export interface PageUpstream {
  path: string;
  coldRequests: number;
  coldBytes: number;
  warmRequests: number;
  warmBytes: number;
  requests: string[];
  /** The distinct /media addresses the page's HTML names, each requested after the page view. */
  imageAddresses?: number;
  /** The distinct WordPress originals they show: what a cold media cache fetches, once each. */
  imageOriginals?: number;
  /** Files the gateway fetched from WordPress's uploads for them: a fresh media cache, then a kept one. */
  coldImageFetches?: number;
  warmImageFetches?: number;
}

export interface NavigationJourney {
  name: string;
  from: string;
  /** The page the journey ends on, also loaded directly. */
  target: string;
  heading: string;
  /** Journeys whose page the browser had prerendered before the tap (its activationStart set). */
  prerendered: number;
  journeyMs: number[];
  directMs: number[];
  ratios: number[];
  medianJourneyMs: number;
  medianDirectMs: number;
  /** The median of the rounds' journey/direct ratios. */
  ratio: number;
}

export interface BenchResults {
  generatedAt: string;
  quick: boolean;
  /** The commit measured (git rev-parse --short HEAD), when known. */
  commit?: string;
  machine: { cpus: number; node: string };
  /** The CPU slowdown every Lighthouse and navigation figure was measured at (bench/lib/cpu.ts). */
  cpu?: CpuCalibration;
  /** Wall time of each part that ran, in seconds. */
  partSeconds?: Record<string, number>;
  weight?: {
    routes: {
      route: string;
      files: string[];
      jsGzip: number;
      jsBrotli: number;
      cssGzip: number;
      cssBrotli: number;
      /** The code of the islands the page loads when the visitor comes near them. */
      laterJsGzip?: number;
    }[];
    /** The home page's first-load JS by origin, gzip estimated per group (bench/parts/weight-breakdown.ts). */
    homeByOrigin?: { group: string; bytes: number; gzip: number }[];
  };
  upstream?: {
    pages: PageUpstream[];
    /** The blog list's upstream bytes (featured images included) against the same posts fetched without _fields. */
    blogListBytes: number;
    blogListUnfilteredBytes: number;
    blogListBytesRatio: number;
  };
  images?: {
    viewport: { width: number; height: number; deviceScaleFactor: number };
    /** The LCP element's tag ('img' for an image, 'h1' for a heading...). */
    pages: ({ path: string; lcpElement: string | null; images: PageImage[] } & PageImageTotals)[];
  };
  gateway?: { home: RatioFigures; blogList: RatioFigures; logLevel: string };
  render?: {
    warm: RatioFigures;
    coldMs: { path: string; medianMs: number; samples: number[] }[];
  };
  lighthouse?: {
    /** --throttling.cpuSlowdownMultiplier: the median of the runs' (each run has its own calibration). */
    cpuSlowdownMultiplier?: number;
    /** Lighthouse's own benchmarkIndex of every counted run (environment.benchmarkIndex), for comparison. */
    benchmarkIndexes?: number[];
    pages: {
      path: string;
      runs: number;
      performance: number;
      accessibility: number;
      bestPractices: number;
      seo: number;
      lcpMs: number;
      cls: number;
      tbtMs: number;
      /** Every run's TBT, so a noisy run shows beside the median. */
      tbtRunsMs?: number[];
      lcpRunsMs?: number[];
      /** Each counted run's CPU slowdown, from the calibration taken before it. */
      cpuSlowdowns?: number[];
    }[];
    /**
     * The same runs on a page with nothing but a heading and a paragraph, sent with the site's headers
     * (bench/lib/floor-page.ts): what this machine and Lighthouse cost any page of the site.
     */
    floor?: { runs: number; performance: number; tbtMs: number; tbtRunsMs: number[]; cpuSlowdowns: number[] };
  };
  navigation?: {
    rounds: number;
    /** The median of the rounds' CPU slowdowns (each round is calibrated again). */
    cpuSlowdown: number;
    cpuSlowdowns?: number[];
    network: { rttMs: number; downKbps: number; upKbps: number };
    viewport: string;
    journeys: NavigationJourney[];
    /** The median and the largest of the journeys' ratios. */
    medianRatio: number;
    maxRatio: number;
    /** Tap on the phone menu's button to the menu visible, median. */
    menuMs: number;
    menuSamplesMs: number[];
    seconds: number;
  };
  publish?: { measured: boolean; reason?: string; visibleMs?: number; samplesMs?: number[] };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const r2 = (n: number) => n.toFixed(2);

/**
 * The bench's parts, in the order they run (bench/run.ts) and the markdown and docs/performance.md
 * list their figures.
 */
export const FIGURE_PARTS = [
  'weight',
  'images',
  'upstream',
  'gateway',
  'render',
  'lighthouse',
  'navigation',
  'publish',
] as const;
type FigurePart = (typeof FIGURE_PARTS)[number];

export function describeCalibration(cpu: CpuCalibration): string {
  const index = Math.round(cpu.benchmarkIndex);
  const from =
    cpu.source === 'measured'
      ? `the median of ${cpu.readings.length} readings: ${cpu.readings.join(', ')}`
      : 'fixed by BENCHMARK_INDEX';
  return `CPU slowdown ${cpu.multiplier}x: this machine's benchmarkIndex ${index} (${from}) over a low-tier phone's ${cpu.reference}, at least 1x.`;
}

/** The markdown of each part that ran, with headings at `level` (2 in latest.md, 3 in the docs). */
export function figureSections(r: BenchResults, level = 2): { part: FigurePart; text: string }[] {
  const h = `${'#'.repeat(level)} `;
  const sections: { part: FigurePart; text: string }[] = [];
  const add = (part: FigurePart, lines: string[]) => sections.push({ part, text: lines.join('\n') });
  if (r.weight) {
    const out = [
      `${h}First-load weight per route`,
      '',
      '| route | JS gzip | JS brotli | islands reached later, gzip |',
      '| --- | ---: | ---: | ---: |',
    ];
    for (const w of r.weight.routes)
      out.push(`| ${w.route} | ${kib(w.jsGzip)} | ${kib(w.jsBrotli)} | ${kib(w.laterJsGzip ?? 0)} |`);
    if (r.weight.homeByOrigin) {
      out.push(
        '',
        "The home page's JS by origin, its first load and the contact form's island (each group compressed apart, scaled to the real gzip total):",
        '',
        '| origin | minified | gzip (estimated) |',
        '| --- | ---: | ---: |',
      );
      for (const g of r.weight.homeByOrigin) out.push(`| ${g.group} | ${kib(g.bytes)} | ${kib(g.gzip)} |`);
    }
    add('weight', out);
  }
  if (r.images) {
    const v = r.images.viewport;
    const out = [
      `${h}Image bytes on a phone, before and after /media`,
      '',
      `Chromium at ${v.width}x${v.height} CSS px, device pixel ratio ${v.deviceScaleFactor} (which srcset candidate is picked depends on it), scrolled to the bottom. ` +
        "After: every image the browser downloaded (encoded bytes). Before: for each WordPress image, the rendition the site's markup named before /media, as the same browser picks it from the old `src`/`srcset` with the image's `sizes`; the site's own photographs as their JPEG before, the AVIF or WebP copy the server now sends at the same address after; an SVG the same on both sides.",
      '',
      '| page | LCP image before | after | saving | all images before | after | saving | after at equal size | saving |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const p of r.images.pages)
      out.push(
        `| ${p.path} | ${p.lcp ? kib(p.lcp.beforeBytes) : '-'} | ${p.lcp ? kib(p.lcp.afterBytes) : '-'} | ${p.lcp ? `${p.lcp.savingPct.toFixed(1)} %` : `LCP is text (${p.lcpElement ?? '-'})`} | ${kib(p.beforeBytes)} | ${kib(p.afterBytes)} | ${p.savingPct.toFixed(1)} % | ${kib(p.equalSize.afterBytes)} | ${p.equalSize.savingPct.toFixed(1)} % |`,
      );
    out.push(
      '',
      '"After at equal size": each /media image the browser picked narrower than the rendition before, replaced by the same original from /media at least as wide (fetched with the same Accept). ' +
        'Each image: its pixel width as downloaded against the width that fills its display (CSS width × pixel ratio), and the rendition before.',
      '',
      '| page | image | bytes after (type) | width after | needed | before: rendition | bytes | width | at equal size |',
      '| --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
    );
    for (const p of r.images.pages)
      for (const i of p.images.filter((i) => i.displayedWidth > 0 || i.original))
        out.push(
          `| ${p.path} | ${i.original ? `/media: ${i.original}` : i.url}${i.lcp ? ' (LCP)' : ''} | ${kib(i.bytes)}${i.contentType ? ` (${i.contentType})` : ''} | ${i.naturalWidth} | ${i.neededWidth} | ${i.before.from === 'unchanged' ? 'unchanged' : i.before.from === 'site' ? `${i.before.url} as it is` : i.before.url} | ${kib(i.before.bytes)} | ${i.before.width ?? '?'} | ${i.atBeforeWidth ? `${kib(i.atBeforeWidth.bytes)} at ${i.atBeforeWidth.width}` : '-'} |`,
        );
    add('images', out);
  }
  if (r.upstream) {
    const withImages = r.upstream.pages.some((p) => p.coldImageFetches !== undefined);
    const out = [
      `${h}Upstream work per page view (requests / bytes from WordPress)`,
      '',
      withImages ? '| page | cold | warm | image fetches, cold / warm |' : '| page | cold | warm |',
      withImages ? '| --- | ---: | ---: | ---: |' : '| --- | ---: | ---: |',
    ];
    for (const p of r.upstream.pages)
      out.push(
        `| ${p.path} | ${p.coldRequests} / ${kib(p.coldBytes)} | ${p.warmRequests} / ${kib(p.warmBytes)} |${withImages ? ` ${p.coldImageFetches ?? '-'} / ${p.warmImageFetches ?? '-'} (${p.imageAddresses ?? 0} addresses, ${p.imageOriginals ?? 0} originals) |` : ''}`,
      );
    if (withImages)
      out.push(
        '',
        "Image fetches (files from WordPress's uploads) are counted apart from the REST requests: after the page views, every /media address the page's HTML names is requested through the web server (Accept AVIF/WebP), first with an empty media cache (cold), then with the images kept in it (warm).",
      );
    out.push(
      '',
      `Blog list: its /posts answers are ${kib(r.upstream.blogListBytes)} from WordPress vs ${kib(r.upstream.blogListUnfilteredBytes)} for the same posts without _fields (${(r.upstream.blogListBytesRatio * 100).toFixed(1)} %).`,
    );
    add('upstream', out);
  }
  if (r.gateway) {
    const out = [
      `${h}Gateway vs a bare Node server returning the same bytes (warm cache, LOG_LEVEL=${r.gateway.logLevel})`,
      '',
      '| query | gateway req/s | p50 / p99 ms | bare req/s | ratio |',
      '| --- | ---: | ---: | ---: | ---: |',
    ];
    for (const [name, f] of [
      ['home', r.gateway.home],
      ['blog list', r.gateway.blogList],
    ] as const)
      out.push(
        `| ${name} | ${f.subject.rps.toFixed(0)} | ${f.subject.p50Ms.toFixed(1)} / ${f.subject.p99Ms.toFixed(1)} | ${f.baseline.rps.toFixed(0)} | ${r2(f.ratio)} |`,
      );
    add('gateway', out);
  }
  if (r.render) {
    const w = r.render.warm;
    add('render', [
      `${h}Server rendering`,
      '',
      `Warm page (page cache hit) ${w.subject.rps.toFixed(0)} req/s vs static server ${w.baseline.rps.toFixed(0)} req/s: ratio ${r2(w.ratio)} (${kib(w.bytes)} of HTML).`,
      '',
      '| route | cold render, median ms |',
      '| --- | ---: |',
      ...r.render.coldMs.map((c) => `| ${c.path} | ${c.medianMs.toFixed(0)} |`),
    ]);
  }
  if (r.lighthouse) {
    const lh = r.lighthouse;
    const runs = lh.pages[0]?.runs ?? 0;
    const out = [`${h}Lighthouse (mobile, median of ${runs} runs after a warm-up run)`, ''];
    if (r.cpu) out.push(describeCalibration(r.cpu));
    if (lh.benchmarkIndexes?.length)
      out.push(
        `Lighthouse's own benchmarkIndex in these runs: median ${Math.round(median(lh.benchmarkIndexes))} (${Math.round(Math.min(...lh.benchmarkIndexes))}-${Math.round(Math.max(...lh.benchmarkIndexes))}).`,
      );
    out.push(
      '',
      "Each run is slowed by its own calibration: the benchmarkIndex Lighthouse read at the run's start (bench/parts/lighthouse.ts).",
      '',
      '| page | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms (each run) | CPU slowdown (each run) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const p of lh.pages)
      out.push(
        `| ${p.path} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${p.lcpMs.toFixed(0)} | ${p.cls.toFixed(3)} | ${p.tbtMs.toFixed(0)}${p.tbtRunsMs ? ` (${p.tbtRunsMs.join(', ')})` : ''} | ${p.cpuSlowdowns ? p.cpuSlowdowns.map((m) => `${m}x`).join(', ') : '-'} |`,
      );
    if (lh.floor)
      out.push(
        '',
        `The floor, a page with only a heading and a paragraph sent with the site's headers, its ${lh.floor.runs} runs spread among the pages' (bench/lib/floor-page.ts): performance ${lh.floor.performance}, TBT ${lh.floor.tbtMs.toFixed(0)} ms (${lh.floor.tbtRunsMs.join(', ')}), CPU slowdown ${lh.floor.cpuSlowdowns.map((m) => `${m}x`).join(', ')}.`,
      );
    add('lighthouse', out);
  }
  if (r.navigation) {
    const n = r.navigation;
    const out = [`${h}In-site navigation on a low-tier phone`, ''];
    if (r.cpu) out.push(describeCalibration(r.cpu));
    out.push(
      `Chromium at ${n.viewport}, CPU slowdown ${n.cpuSlowdowns ? `${n.cpuSlowdowns.map((m) => `${m}x`).join(', ')} (each round calibrated again)` : `${n.cpuSlowdown}x`}, network ${n.network.rttMs} ms round trip, ${(n.network.downKbps / 1024).toFixed(1)} Mbps down, ${(n.network.upKbps / 1000).toFixed(2)} Mbps up. ` +
        `Each journey taps a link on a page idle for 5 s and times the tap to the new page's main heading being visible; the direct load times the same page from navigation start to that heading, ` +
        `each in a fresh browser context; ${n.rounds} alternating rounds.`,
      '',
      '| journey | tap → heading, median ms | direct load, median ms | ratio (median of rounds) | taps onto a prerendered page |',
      '| --- | ---: | ---: | ---: | ---: |',
    );
    for (const j of n.journeys)
      out.push(
        `| ${j.name} (${j.target}) | ${j.medianJourneyMs.toFixed(0)} | ${j.medianDirectMs.toFixed(0)} | ${r2(j.ratio)} | ${j.prerendered} of ${j.journeyMs.length} |`,
      );
    out.push(
      '',
      `Median ratio ${r2(n.medianRatio)}, largest ${r2(n.maxRatio)}. Phone menu, tap to visible: ${n.menuMs.toFixed(0)} ms (median of ${n.menuSamplesMs.length}: ${n.menuSamplesMs.map((m) => m.toFixed(0)).join(', ')}).`,
    );
    add('navigation', out);
  }
  if (r.publish) {
    add('publish', [
      `${h}Publish to visible`,
      '',
      r.publish.measured
        ? `A post updated in WordPress showed on the site after ${r.publish.visibleMs?.toFixed(0)} ms (median of ${r.publish.samplesMs?.length}).`
        : `Not measured: ${r.publish.reason}`,
    ]);
  }
  return sections;
}

export function toMarkdown(r: BenchResults): string {
  const out: string[] = [`# Benchmark ${r.generatedAt}${r.quick ? ' (quick)' : ''}`, ''];
  out.push(
    `Machine: ${r.machine.cpus} cores, Node ${r.machine.node}${r.commit ? `; commit ${r.commit}` : ''}. Ratios compare with a baseline measured in the same run.`,
  );
  if (r.cpu) out.push('', describeCalibration(r.cpu));
  if (r.partSeconds)
    out.push(
      '',
      `Wall time per part: ${Object.entries(r.partSeconds)
        .map(([part, s]) => `${part} ${s} s`)
        .join(', ')}.`,
    );
  out.push('');
  for (const s of figureSections(r)) out.push(s.text, '');
  return out.join('\n');
}

const START = '<!-- bench:figures:start -->';
const END = '<!-- bench:figures:end -->';

/**
 * docs/performance.md with the blocks of the parts that ran replaced by this run's figures (each
 * block stamped with its run) and the other blocks kept as they were, so a partial run never wipes
 * figures it did not measure. The blocks sit between START and END, one per part in FIGURE_PARTS order.
 */
export function updateFiguresSection(
  doc: string,
  sections: { part: FigurePart; text: string }[],
  stamp: string,
): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start)
    throw new Error(`no figures section (${START} ... ${END}) to write the figures into`);
  const blocks = new Map<string, string>();
  for (const m of doc
    .slice(start + START.length, end)
    .matchAll(/<!-- bench:(\w+) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g))
    blocks.set(m[1]!, m[2]!);
  for (const s of sections) blocks.set(s.part, `${stamp}\n\n${s.text}`);
  const order = [
    ...FIGURE_PARTS,
    ...[...blocks.keys()].filter((k) => !(FIGURE_PARTS as readonly string[]).includes(k)),
  ];
  const body = order
    .filter((part) => blocks.has(part))
    .map((part) => `<!-- bench:${part} -->\n${blocks.get(part)}\n<!-- /bench:${part} -->`)
    .join('\n\n');
  return `${doc.slice(0, start)}${START}\n\n${body}\n\n${doc.slice(end)}`;
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
