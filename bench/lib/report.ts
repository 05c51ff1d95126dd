// The shape of bench/results/latest.json and its markdown table.

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
}

export interface BenchResults {
  generatedAt: string;
  quick: boolean;
  machine: { cpus: number; node: string };
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
    /** The blog list's upstream bytes against the same posts fetched without _fields. */
    blogListBytes: number;
    blogListUnfilteredBytes: number;
    blogListBytesRatio: number;
  };
  gateway?: { home: RatioFigures; blogList: RatioFigures; logLevel: string };
  render?: {
    warm: RatioFigures;
    coldMs: { path: string; medianMs: number; samples: number[] }[];
  };
  lighthouse?: {
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
    }[];
  };
  publish?: { measured: boolean; reason?: string; visibleMs?: number; samplesMs?: number[] };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const r2 = (n: number) => n.toFixed(2);

export function toMarkdown(r: BenchResults): string {
  const out: string[] = [`# Benchmark ${r.generatedAt}${r.quick ? ' (quick)' : ''}`, ''];
  out.push(
    `Machine: ${r.machine.cpus} cores, Node ${r.machine.node}. Ratios compare with a baseline measured in the same run.`,
    '',
  );
  if (r.weight) {
    out.push(
      '## First-load weight per route',
      '',
      '| route | JS gzip | JS brotli | islands reached later, gzip |',
      '| --- | ---: | ---: | ---: |',
    );
    for (const w of r.weight.routes)
      out.push(`| ${w.route} | ${kib(w.jsGzip)} | ${kib(w.jsBrotli)} | ${kib(w.laterJsGzip ?? 0)} |`);
    out.push('');
    if (r.weight.homeByOrigin) {
      out.push(
        "The home page's JS by origin, its first load and the contact form's island (each group compressed apart, scaled to the real gzip total):",
        '',
        '| origin | minified | gzip (estimated) |',
        '| --- | ---: | ---: |',
      );
      for (const g of r.weight.homeByOrigin) out.push(`| ${g.group} | ${kib(g.bytes)} | ${kib(g.gzip)} |`);
      out.push('');
    }
  }
  if (r.upstream) {
    out.push(
      '## Upstream work per page view (requests / bytes from WordPress)',
      '',
      '| page | cold | warm |',
      '| --- | ---: | ---: |',
    );
    for (const p of r.upstream.pages)
      out.push(
        `| ${p.path} | ${p.coldRequests} / ${kib(p.coldBytes)} | ${p.warmRequests} / ${kib(p.warmBytes)} |`,
      );
    out.push(
      '',
      `Blog list: its /posts answers are ${kib(r.upstream.blogListBytes)} from WordPress vs ${kib(r.upstream.blogListUnfilteredBytes)} for the same posts without _fields (${(r.upstream.blogListBytesRatio * 100).toFixed(1)} %).`,
      '',
    );
  }
  if (r.gateway) {
    out.push(
      `## Gateway vs a bare Node server returning the same bytes (warm cache, LOG_LEVEL=${r.gateway.logLevel})`,
      '',
      '| query | gateway req/s | p50 / p99 ms | bare req/s | ratio |',
      '| --- | ---: | ---: | ---: | ---: |',
    );
    for (const [name, f] of [
      ['home', r.gateway.home],
      ['blog list', r.gateway.blogList],
    ] as const)
      out.push(
        `| ${name} | ${f.subject.rps.toFixed(0)} | ${f.subject.p50Ms.toFixed(1)} / ${f.subject.p99Ms.toFixed(1)} | ${f.baseline.rps.toFixed(0)} | ${r2(f.ratio)} |`,
      );
    out.push('');
  }
  if (r.render) {
    const w = r.render.warm;
    out.push(
      '## Server rendering',
      '',
      `Warm page (page cache hit) ${w.subject.rps.toFixed(0)} req/s vs static server ${w.baseline.rps.toFixed(0)} req/s: ratio ${r2(w.ratio)} (${kib(w.bytes)} of HTML).`,
      '',
      '| route | cold render, median ms |',
      '| --- | ---: |',
      ...r.render.coldMs.map((c) => `| ${c.path} | ${c.medianMs.toFixed(0)} |`),
      '',
    );
  }
  if (r.lighthouse) {
    out.push(
      '## Lighthouse (mobile, median)',
      '',
      '| page | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const p of r.lighthouse.pages)
      out.push(
        `| ${p.path} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${p.lcpMs.toFixed(0)} | ${p.cls.toFixed(3)} | ${p.tbtMs.toFixed(0)} |`,
      );
    out.push('');
  }
  if (r.publish) {
    out.push(
      '## Publish to visible',
      '',
      r.publish.measured
        ? `A post updated in WordPress showed on the site after ${r.publish.visibleMs?.toFixed(0)} ms (median of ${r.publish.samplesMs?.length}).`
        : `Not measured: ${r.publish.reason}`,
      '',
    );
  }
  return out.join('\n');
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
