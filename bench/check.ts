// `npm run bench:check`: compares bench/results/latest.json with bench/budgets.json. Exits 1 when a
// budget is broken. Parts not in the results (not run) are listed as such, never as passed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './lib/services.js';
import type { BenchResults } from './lib/report.js';

interface Budget {
  max?: number;
  min?: number;
  /** A target not met yet: fail only past this (a regression), report the distance to the target. */
  ceiling?: number;
  /** The level the ceiling was set from (the worst measured); the ceiling may be at most 10 % worse. */
  measured?: number;
}

/** How much worse than the measured level a ceiling may be. */
const CEILING_SLACK = 0.1;

/** 'n/a': the figure does not exist for this subject (a page whose largest paint is text, not an image). */
type Verdict = 'pass' | 'FAIL' | 'gap' | 'not run' | 'n/a';

export interface Row {
  budget: string;
  subject: string;
  value: number | null;
  verdict: Verdict;
  limit: string;
  /** The target, an upper ('max') or lower ('min') bound, and the ceiling when the budget has one. */
  target: number;
  bound: 'max' | 'min';
  ceiling?: number;
}

/**
 * The budgets file's own rules, so a ceiling cannot drift into a waiver: exactly one of max and min;
 * a ceiling lies beyond its target; and a ceiling with its measured level is at most 10 % worse than
 * that level, which itself misses the target (a met target needs no ceiling).
 */
export function checkBudgets(budgets: Record<string, Budget>): void {
  for (const [name, b] of Object.entries(budgets)) {
    if (name.startsWith('$')) continue;
    if ((b.max === undefined) === (b.min === undefined))
      throw new Error(`budget ${name}: give exactly one of max and min`);
    const upper = b.max !== undefined;
    const target = (upper ? b.max : b.min)!;
    const worse = (a: number, than: number) => (upper ? a > than : a < than);
    if (b.measured !== undefined && b.ceiling === undefined)
      throw new Error(`budget ${name}: a measured level without a ceiling`);
    if (b.ceiling === undefined) continue;
    if (!worse(b.ceiling, target))
      throw new Error(`budget ${name}: ceiling ${b.ceiling} must be beyond the target ${target}`);
    if (b.measured === undefined) continue;
    if (!worse(b.measured, target))
      throw new Error(`budget ${name}: measured ${b.measured} meets the target ${target}; drop the ceiling`);
    const furthest = upper ? b.measured * (1 + CEILING_SLACK) : b.measured * (1 - CEILING_SLACK);
    // A hair of tolerance for the decimal rounding of the ceiling itself.
    if (worse(b.ceiling, furthest + (upper ? 1e-9 : -1e-9)))
      throw new Error(
        `budget ${name}: ceiling ${b.ceiling} is more than ${CEILING_SLACK * 100} % worse than the measured ${b.measured} (at most ${Math.round(furthest * 1000) / 1000})`,
      );
  }
}

export function evaluate(results: BenchResults, budgets: Record<string, Budget>): Row[] {
  checkBudgets(budgets);
  const rows: Row[] = [];
  const judge = (budget: string, subject: string, value: number | null, notApplicable = false) => {
    const b = budgets[budget];
    if (!b) throw new Error(`No budget named ${budget}`);
    const limit = b.max !== undefined ? `<= ${b.max}` : `>= ${b.min}`;
    let verdict: Verdict;
    if (notApplicable) verdict = 'n/a';
    else if (value === null || Number.isNaN(value)) verdict = 'not run';
    else if ((b.max !== undefined && value <= b.max) || (b.min !== undefined && value >= b.min))
      verdict = 'pass';
    else if (b.ceiling !== undefined && (b.max !== undefined ? value <= b.ceiling : value >= b.ceiling))
      verdict = 'gap';
    else verdict = 'FAIL';
    rows.push({
      budget,
      subject,
      value,
      verdict,
      limit: b.ceiling !== undefined ? `${limit} (ceiling ${b.ceiling})` : limit,
      target: (b.max ?? b.min)!,
      bound: b.max !== undefined ? 'max' : 'min',
      ...(b.ceiling !== undefined ? { ceiling: b.ceiling } : {}),
    });
  };
  const home = results.weight?.routes.find((r) => r.route === '/');
  judge('weight.homeJsGzipKiB', '/', home ? home.jsGzip / 1024 : null);
  for (const route of ['/blog/', '/blog/{slug}', '/practice-areas/{slug}/']) {
    const row = results.weight?.routes.find((r) => r.route === route);
    judge('weight.pageJsGzipKiB', route, row ? row.jsGzip / 1024 : null);
  }
  // Image bytes before and after /media: the home page and a post (bench/parts/images.ts).
  for (const [kind, path] of [
    ['home', '/'],
    ['post', '/blog/{slug}'],
  ] as const) {
    const p = results.images?.pages.find((i) =>
      kind === 'home' ? i.path === '/' : i.path.startsWith('/blog/'),
    );
    judge(`images.${kind}SavingPct`, `${path}, all images`, p ? p.savingPct : null);
    judge(
      `images.${kind}LcpSavingPct`,
      p && !p.lcp ? `${path}, LCP is text (${p.lcpElement ?? 'none'})` : `${path}, LCP image`,
      p?.lcp ? p.lcp.savingPct : null,
      p !== undefined && p.lcp === null,
    );
  }
  for (const p of results.upstream?.pages ?? []) {
    judge('upstream.coldRequestsPerPage', p.path, p.coldRequests);
    judge('upstream.warmRequestsPerPage', p.path, p.warmRequests);
    if (p.warmImageFetches !== undefined)
      judge('upstream.warmImageFetchesPerPage', p.path, p.warmImageFetches);
  }
  if (!results.upstream) judge('upstream.coldRequestsPerPage', 'pages', null);
  judge('upstream.blogListBytesRatio', '/blog/', results.upstream?.blogListBytesRatio ?? null);
  judge('gateway.ratio', 'home query', results.gateway?.home.ratio ?? null);
  judge('gateway.ratio', 'blog-list query', results.gateway?.blogList.ratio ?? null);
  judge('render.warmRatio', '/', results.render?.warm.ratio ?? null);
  for (const p of results.lighthouse?.pages ?? []) {
    judge('lighthouse.performance', p.path, p.performance);
    judge('lighthouse.accessibility', p.path, p.accessibility);
    judge('lighthouse.bestPractices', p.path, p.bestPractices);
    judge('lighthouse.seo', p.path, p.seo);
    judge('lighthouse.lcpMs', p.path, p.lcpMs);
    judge('lighthouse.cls', p.path, p.cls);
    judge('lighthouse.tbtMs', p.path, p.tbtMs);
  }
  if (!results.lighthouse) judge('lighthouse.performance', 'pages', null);
  const nav = results.navigation;
  judge('navigation.medianRatio', 'journeys, median', nav?.medianRatio ?? null);
  judge('navigation.maxRatio', 'journeys, largest', nav?.maxRatio ?? null);
  judge('navigation.menuMs', 'phone menu, tap to visible', nav?.menuMs ?? null);
  judge(
    'publish.visibleMs',
    'post title change',
    results.publish?.measured ? (results.publish.visibleMs ?? null) : null,
  );
  return rows;
}

/** One gap as bench:check prints it: the target, the ceiling and the figure measured. */
export function describeGap(r: Row): string {
  const value = r.value === null ? '-' : String(Math.round(r.value * 1000) / 1000);
  return `${r.budget} ${r.subject}: target ${r.bound === 'max' ? '<=' : '>='} ${r.target}, ceiling ${r.ceiling}, measured ${value}`;
}

function main(): void {
  const args = process.argv.slice(2);
  const required =
    args
      .find((a) => a.startsWith('--require='))
      ?.slice('--require='.length)
      .split(',') ?? [];
  const results = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'bench', 'results', 'latest.json'), 'utf8'),
  ) as BenchResults;
  const budgets = JSON.parse(readFileSync(path.join(REPO_ROOT, 'bench', 'budgets.json'), 'utf8')) as Record<
    string,
    Budget
  >;
  const rows = evaluate(results, budgets);
  if (results.cpu)
    console.log(
      `Lighthouse and navigation calibrated to a low-tier phone (benchmarkIndex / ${results.cpu.reference}): ${results.cpu.source === 'BENCHMARK_INDEX' ? `${results.cpu.multiplier}x, BENCHMARK_INDEX fixed at ${Math.round(results.cpu.benchmarkIndex)}` : `${results.cpu.multiplier}x at the start (benchmarkIndex ${Math.round(results.cpu.benchmarkIndex)}); Lighthouse ${results.lighthouse?.cpuSlowdownMultiplier ?? '-'}x and navigation ${results.navigation?.cpuSlowdown ?? '-'}x, medians of the per-run and per-round calibrations`}\n`,
    );
  for (const r of rows) {
    const value = r.value === null ? '-' : Number.isInteger(r.value) ? String(r.value) : r.value.toFixed(3);
    console.log(
      `${r.verdict.padEnd(7)} ${r.budget.padEnd(34)} ${r.subject.padEnd(42)} ${value.padStart(10)}  ${r.limit}`,
    );
  }
  const failed = rows.filter((r) => r.verdict === 'FAIL');
  const missing = rows.filter(
    (r) => r.verdict === 'not run' && required.some((p) => r.budget.startsWith(`${p}.`)),
  );
  const gaps = rows.filter((r) => r.verdict === 'gap');
  const passed = rows.filter((r) => r.verdict === 'pass');
  console.log(`\n${passed.length} passed, ${failed.length + missing.length} failed`);
  if (gaps.length > 0) {
    console.log(`${gaps.length} known gaps (target not met, ceiling held):`);
    for (const g of gaps) console.log(`  ${describeGap(g)}`);
  }
  const floor = results.lighthouse?.floor;
  if (floor)
    console.log(
      `Lighthouse's floor in the same run, a page with only a heading and a paragraph and the site's headers: performance ${floor.performance}, TBT ${floor.tbtMs.toFixed(0)} ms (runs ${floor.tbtRunsMs.join(', ')})`,
    );
  if (missing.length > 0)
    console.log(`required but not run: ${[...new Set(missing.map((m) => m.budget))].join(', ')}`);
  if (failed.length > 0 || missing.length > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
