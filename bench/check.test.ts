import { describe, expect, it } from 'vitest';
import { checkBudgets, describeGap, evaluate } from './check.js';
import type { BenchResults } from './lib/report.js';

const budgets = {
  'weight.homeJsGzipKiB': { max: 150, ceiling: 225 },
  'weight.pageJsGzipKiB': { max: 80 },
  'images.homeSavingPct': { min: 40, ceiling: 0, measured: 0 },
  'images.homeLcpSavingPct': { min: 40, ceiling: 0, measured: 0 },
  'images.postSavingPct': { min: 40 },
  'images.postLcpSavingPct': { min: 40 },
  'upstream.coldRequestsPerPage': { max: 3 },
  'upstream.warmRequestsPerPage': { max: 0 },
  'upstream.warmImageFetchesPerPage': { max: 0 },
  'upstream.blogListBytesRatio': { max: 0.1 },
  'gateway.ratio': { min: 0.5 },
  'render.warmRatio': { min: 0.5 },
  'lighthouse.performance': { min: 95 },
  'lighthouse.accessibility': { min: 100 },
  'lighthouse.bestPractices': { min: 100 },
  'lighthouse.seo': { min: 100 },
  'lighthouse.lcpMs': { max: 2000 },
  'lighthouse.cls': { max: 0.02 },
  'lighthouse.tbtMs': { max: 100 },
  'publish.visibleMs': { max: 2000 },
  'navigation.medianRatio': { max: 0.5, ceiling: 1.1, measured: 1 },
  'navigation.maxRatio': { max: 1, ceiling: 1.65, measured: 1.5 },
  'navigation.menuMs': { max: 100 },
};

const base: BenchResults = { generatedAt: '', quick: true, machine: { cpus: 2, node: 'v20' } };
const weight = (kib: number): BenchResults['weight'] => ({
  routes: [{ route: '/', files: [], jsGzip: kib * 1024, jsBrotli: 0, cssGzip: 0, cssBrotli: 0 }],
});

describe('bench:check', () => {
  it('passes within a budget, reports a gap under the ceiling, fails past it', () => {
    const verdict = (kib: number) => evaluate({ ...base, weight: weight(kib) }, budgets)[0]?.verdict;
    expect(verdict(140)).toBe('pass');
    expect(verdict(200)).toBe('gap');
    expect(verdict(230)).toBe('FAIL');
  });

  it('fails a page that costs WordPress more than 3 requests cold or any warm', () => {
    const rows = evaluate(
      {
        ...base,
        upstream: {
          pages: [
            { path: '/blog/', coldRequests: 4, coldBytes: 1, warmRequests: 1, warmBytes: 1, requests: [] },
          ],
          blogListBytes: 1,
          blogListUnfilteredBytes: 100,
          blogListBytesRatio: 0.01,
        },
      },
      budgets,
    );
    expect(
      rows.filter((r) => r.budget.startsWith('upstream.') && r.verdict === 'FAIL').map((r) => r.budget),
    ).toEqual(['upstream.coldRequestsPerPage', 'upstream.warmRequestsPerPage']);
  });

  it('judges image savings per page: the LCP image apart, n/a for a page whose LCP is text', () => {
    const page = (path: string, savingPct: number, lcp: number | null) => ({
      path,
      lcpElement: lcp === null ? 'h1' : 'img',
      images: [],
      beforeBytes: 100,
      afterBytes: 100 - savingPct,
      savingPct,
      lcp: lcp === null ? null : { url: '/x', beforeBytes: 100, afterBytes: 100 - lcp, savingPct: lcp },
      smallerThanBefore: 0,
      equalSize: { afterBytes: 100 - savingPct, savingPct },
    });
    const rows = evaluate(
      {
        ...base,
        images: {
          viewport: { width: 375, height: 667, deviceScaleFactor: 2 },
          pages: [page('/', 0, 0), page('/blog/a-post', 48.2, null)],
        },
      },
      budgets,
    ).filter((r) => r.budget.startsWith('images.'));
    expect(rows.map((r) => `${r.budget} ${r.subject}: ${r.verdict}`)).toEqual([
      'images.homeSavingPct /, all images: gap',
      'images.homeLcpSavingPct /, LCP image: gap',
      'images.postSavingPct /blog/{slug}, all images: pass',
      'images.postLcpSavingPct /blog/{slug}, LCP is text (h1): n/a',
    ]);
    const worse = evaluate(
      {
        ...base,
        images: {
          viewport: { width: 375, height: 667, deviceScaleFactor: 2 },
          pages: [page('/', -5, -5), page('/blog/a-post', 30, 30)],
        },
      },
      budgets,
    ).filter((r) => r.budget.startsWith('images.'));
    expect(worse.map((r) => r.verdict)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL']);
  });

  it('fails a page whose images WordPress is asked for again once the gateway keeps them', () => {
    const upstream = (warmImageFetches: number): BenchResults['upstream'] => ({
      pages: [
        {
          path: '/blog/a-post',
          coldRequests: 3,
          coldBytes: 1,
          warmRequests: 0,
          warmBytes: 0,
          requests: [],
          imageAddresses: 8,
          coldImageFetches: 1,
          warmImageFetches,
        },
      ],
      blogListBytes: 1,
      blogListUnfilteredBytes: 100,
      blogListBytesRatio: 0.01,
    });
    const verdict = (n: number) =>
      evaluate({ ...base, upstream: upstream(n) }, budgets).find(
        (r) => r.budget === 'upstream.warmImageFetchesPerPage',
      )?.verdict;
    expect(verdict(0)).toBe('pass');
    expect(verdict(1)).toBe('FAIL');
  });

  it('never reports a part that did not run as passed', () => {
    const rows = evaluate(base, budgets);
    expect(rows.every((r) => r.verdict === 'not run')).toBe(true);
  });

  it('judges the navigation figures: a gap under the ceiling, a failure past it, the menu against 100 ms', () => {
    const navigation = (
      medianRatio: number,
      maxRatio: number,
      menuMs: number,
    ): BenchResults['navigation'] => ({
      rounds: 3,
      cpuSlowdown: 5,
      network: { rttMs: 150, downKbps: 1638.4, upKbps: 750 },
      viewport: '375x812, touch',
      journeys: [],
      medianRatio,
      maxRatio,
      menuMs,
      menuSamplesMs: [menuMs],
      seconds: 100,
    });
    const verdicts = (n: BenchResults['navigation']) =>
      evaluate({ ...base, navigation: n }, budgets)
        .filter((r) => r.budget.startsWith('navigation.'))
        .map((r) => `${r.budget}:${r.verdict}`);
    expect(verdicts(navigation(0.4, 0.9, 60))).toEqual([
      'navigation.medianRatio:pass',
      'navigation.maxRatio:pass',
      'navigation.menuMs:pass',
    ]);
    expect(verdicts(navigation(1.05, 1.7, 120))).toEqual([
      'navigation.medianRatio:gap',
      'navigation.maxRatio:FAIL',
      'navigation.menuMs:FAIL',
    ]);
    expect(verdicts(undefined)).toEqual([
      'navigation.medianRatio:not run',
      'navigation.maxRatio:not run',
      'navigation.menuMs:not run',
    ]);
  });

  it('prints a gap as its target, its ceiling and the figure measured', () => {
    const rows = evaluate({ ...base, weight: weight(200) }, budgets);
    const gaps = rows.filter((r) => r.verdict === 'gap');
    expect(gaps).toHaveLength(1);
    expect(describeGap(gaps[0]!)).toBe('weight.homeJsGzipKiB /: target <= 150, ceiling 225, measured 200');
    const perf = evaluate(
      {
        ...base,
        lighthouse: {
          pages: [
            {
              path: '/',
              runs: 3,
              performance: 80,
              accessibility: 100,
              bestPractices: 100,
              seo: 100,
              lcpMs: 1,
              cls: 0,
              tbtMs: 1,
            },
          ],
        },
      },
      { ...budgets, 'lighthouse.performance': { min: 95, ceiling: 75, measured: 80 } },
    ).filter((r) => r.verdict === 'gap');
    expect(perf.map(describeGap)).toEqual([
      'lighthouse.performance /: target >= 95, ceiling 75, measured 80',
    ]);
  });

  it('accepts ceilings up to 10 % worse than the level measured, on either side of a target', () => {
    expect(() =>
      checkBudgets({
        $comment: 'text' as never,
        upper: { max: 100, ceiling: 440, measured: 400 },
        lower: { min: 95, ceiling: 72, measured: 80 },
        ratio: { max: 0.5, ceiling: 1.1, measured: 1 },
        plain: { max: 3 },
        older: { min: 0.5, ceiling: 0.2 },
      }),
    ).not.toThrow();
  });

  it('refuses a ceiling more than 10 % worse than the level measured', () => {
    expect(() => checkBudgets({ tbt: { max: 100, ceiling: 441, measured: 400 } })).toThrow(
      /budget tbt: ceiling 441 is more than 10 % worse than the measured 400 \(at most 440\)/,
    );
    expect(() => checkBudgets({ perf: { min: 95, ceiling: 71, measured: 80 } })).toThrow(/at most 72/);
  });

  it('refuses a ceiling on the wrong side of its target, and one kept after the target was met', () => {
    expect(() => checkBudgets({ tbt: { max: 100, ceiling: 90 } })).toThrow(/beyond the target/);
    expect(() => checkBudgets({ perf: { min: 95, ceiling: 96 } })).toThrow(/beyond the target/);
    expect(() => checkBudgets({ tbt: { max: 100, ceiling: 110, measured: 90 } })).toThrow(/meets the target/);
    expect(() => checkBudgets({ both: { max: 1, min: 0 } })).toThrow(/exactly one of max and min/);
    expect(() => checkBudgets({ tbt: { max: 100, measured: 200 } })).toThrow(/without a ceiling/);
  });

  it('checks the budgets file before judging anything', () => {
    expect(() =>
      evaluate(base, { ...budgets, 'lighthouse.tbtMs': { max: 100, ceiling: 500, measured: 300 } }),
    ).toThrow(/lighthouse.tbtMs/);
  });
});
