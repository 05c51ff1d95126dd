// Lighthouse 12 (the version that runs on Node 20) with Debian's Chromium, mobile preset (emulated
// phone, simulated slow 4G), median of several runs per page. The CPU slowdown is not Lighthouse's
// fixed 4x, which is relative to whatever machine runs it, but the calibrated one of bench/lib/cpu.ts:
// this machine slowed to a low-tier phone, each run by the benchmarkIndex Lighthouse read at its start
// (lighthouseOnce).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../lib/services.js';
import { median, type BenchResults } from '../lib/report.js';
import { startSite } from './render.js';
import { PAGES } from '../lib/pages.js';
import type { CpuCalibration } from '../lib/cpu.js';
import { floorRunSlots, startFloorServer } from '../lib/floor-page.js';

/** A run's calibration from the benchmarkIndex Lighthouse read at its start (bench/lib/cpu.ts). */
type Calibrate = (runIndex: number | undefined) => Promise<CpuCalibration>;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

interface LhReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
}

/** Runs Lighthouse's CLI with the common flags and `args`; rejects with the end of its stderr. */
async function lighthouseCli(url: string, args: string[]): Promise<void> {
  const cli = path.join(REPO_ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        url,
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        ...args,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `lighthouse exited ${code} for ${url}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
            ),
          ),
    );
  });
}

interface SavedArtifacts {
  BenchmarkIndex?: number;
  settings: { throttling: { cpuSlowdownMultiplier: number } };
}

/**
 * One run, calibrated by its own benchmarkIndex. Lighthouse's mobile preset simulates the phone: it
 * records the page at full speed and scales the recorded CPU work by the slowdown afterwards. So the
 * run is recorded first (`-G`) along with the index Lighthouse reads at its start, at the same moment;
 * then its figures are computed (`-A`) at that index's slowdown, written into the saved settings
 * (Lighthouse requires them to match; the recording did not use the slowdown). A machine that grows
 * busier or quieter during the bench cannot put a run at another phone's speed.
 */
async function lighthouseOnce(
  url: string,
  dir: string,
  calibrationOf: Calibrate,
): Promise<{ report: LhReport; calibration: CpuCalibration }> {
  await rm(dir, { recursive: true, force: true });
  await lighthouseCli(url, [`-G=${dir}`, '--throttling.cpuSlowdownMultiplier=1']);
  const artifactsFile = path.join(dir, 'artifacts.json');
  const artifacts = JSON.parse(await readFile(artifactsFile, 'utf8')) as SavedArtifacts;
  const calibration = await calibrationOf(artifacts.BenchmarkIndex);
  artifacts.settings.throttling.cpuSlowdownMultiplier = calibration.multiplier;
  await writeFile(artifactsFile, JSON.stringify(artifacts));
  const outFile = path.join(dir, 'report.json');
  await lighthouseCli(url, [
    `-A=${dir}`,
    `--throttling.cpuSlowdownMultiplier=${calibration.multiplier}`,
    '--output=json',
    `--output-path=${outFile}`,
  ]);
  const report = JSON.parse(await readFile(outFile, 'utf8')) as LhReport;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  return { report, calibration };
}

/**
 * One Lighthouse run, tried up to six times: Debian's Chromium now and then records a trace without
 * the page's navigation start (Lighthouse's NO_NAVSTART), fails to start or loses its connection,
 * which says nothing about the page. A CI run of 2026-11-25 saw 3 such failures in 16 attempts, two
 * in a row: at that rate (about 1 in 5) three attempts leave a 13-run benchmark failing about once in
 * 12 CI runs, six attempts about once in 1,600. Each failure is printed.
 */
const ATTEMPTS = 6;

async function lighthouse(
  url: string,
  dir: string,
  calibrationOf: Calibrate,
): Promise<{ report: LhReport; calibration: CpuCalibration }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, dir, calibrationOf);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.log(`   (attempt ${attempt} failed, retrying: ${(error as Error).message})`);
    }
  }
}

/** `count` runs of one page, each in `dir`: their reports and the CPU slowdown each ran at. */
async function runPage(
  url: string,
  count: number,
  dir: string,
  calibrationOf: Calibrate,
): Promise<{ reports: LhReport[]; slowdowns: number[] }> {
  const reports: LhReport[] = [];
  const slowdowns: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const run = await lighthouse(url, path.join(dir, `r${i}`), calibrationOf);
    reports.push(run.report);
    slowdowns.push(run.calibration.multiplier);
  }
  return { reports, slowdowns };
}

/** The median over the runs of a category's score, 0-100. */
const medianScore = (reports: LhReport[], key: string) =>
  median(reports.map((r) => Math.round((r.categories[key]?.score ?? 0) * 100)));
/** An audit's figure in each run, rounded; and its median. */
const runsOf = (reports: LhReport[], key: string) =>
  reports.map((r) => Math.round(r.audits[key]?.numericValue ?? NaN));
const medianMetric = (reports: LhReport[], key: string) =>
  median(reports.map((r) => r.audits[key]?.numericValue ?? NaN));

export async function measureLighthouse(opts: {
  runs: number;
  /** A run's calibration from the benchmarkIndex Lighthouse read at its start (bench/lib/cpu.ts). */
  calibrationOf: Calibrate;
}): Promise<NonNullable<BenchResults['lighthouse']>> {
  // The embedded content, even when the environment names a WordPress: the figures are the site's.
  const site = await startSite({ WORDPRESS_URL: '' });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lh-'));
  let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  try {
    // One discarded run first: Chromium's first start on a machine (cold disk cache, first JIT of the
    // browser itself) is not the site's cost, and it landed in the first page's figures.
    await lighthouse(site.url + PAGES[0], path.join(dir, 'warmup'), opts.calibrationOf);
    // The floor (bench/lib/floor-page.ts), with the headers the site sends, its runs spread among
    // the pages' so that it meets the machine as they do.
    floor = await startFloorServer((await fetch(site.url + PAGES[0], { method: 'HEAD' })).headers);
    const floorSlots = floorRunSlots(PAGES.length, opts.runs);
    const floorRuns: { reports: LhReport[]; slowdowns: number[] } = { reports: [], slowdowns: [] };
    const pages = [];
    const benchmarkIndexes: number[] = [];
    const slowdowns: number[] = [];
    for (const [pageIndex, pagePath] of PAGES.entries()) {
      await (await fetch(site.url + pagePath)).arrayBuffer();
      const { reports, slowdowns: pageSlowdowns } = await runPage(
        site.url + pagePath,
        opts.runs,
        dir,
        opts.calibrationOf,
      );
      slowdowns.push(...pageSlowdowns);
      for (const r of reports)
        if (r.environment?.benchmarkIndex) benchmarkIndexes.push(Math.round(r.environment.benchmarkIndex));
      const row = {
        path: pagePath,
        runs: opts.runs,
        performance: medianScore(reports, 'performance'),
        accessibility: medianScore(reports, 'accessibility'),
        bestPractices: medianScore(reports, 'best-practices'),
        seo: medianScore(reports, 'seo'),
        lcpMs: medianMetric(reports, 'largest-contentful-paint'),
        cls: medianMetric(reports, 'cumulative-layout-shift'),
        tbtMs: medianMetric(reports, 'total-blocking-time'),
        tbtRunsMs: runsOf(reports, 'total-blocking-time'),
        lcpRunsMs: runsOf(reports, 'largest-contentful-paint'),
        cpuSlowdowns: pageSlowdowns,
      };
      console.log(
        `   ${pagePath}: perf ${row.performance}, a11y ${row.accessibility}, bp ${row.bestPractices}, seo ${row.seo}, LCP ${row.lcpMs.toFixed(0)} ms (runs ${row.lcpRunsMs.join(', ')}), CLS ${row.cls.toFixed(3)}, TBT ${row.tbtMs.toFixed(0)} ms (runs ${row.tbtRunsMs.join(', ')}), CPU slowdown ${pageSlowdowns.join('x, ')}x`,
      );
      pages.push(row);
      const here = floorSlots.filter((slot) => slot === pageIndex).length;
      const { reports: floorReports, slowdowns: floorSlowdowns } = await runPage(
        floor.url,
        here,
        path.join(dir, 'floor'),
        opts.calibrationOf,
      );
      floorRuns.reports.push(...floorReports);
      floorRuns.slowdowns.push(...floorSlowdowns);
    }
    const floorRow = {
      runs: floorRuns.reports.length,
      performance: medianScore(floorRuns.reports, 'performance'),
      tbtMs: medianMetric(floorRuns.reports, 'total-blocking-time'),
      tbtRunsMs: runsOf(floorRuns.reports, 'total-blocking-time'),
      cpuSlowdowns: floorRuns.slowdowns,
    };
    console.log(
      `   floor (an empty page with the site's headers): perf ${floorRow.performance}, TBT ${floorRow.tbtMs.toFixed(0)} ms (runs ${floorRow.tbtRunsMs.join(', ')}), CPU slowdown ${floorRow.cpuSlowdowns.join('x, ')}x`,
    );
    console.log(`   Lighthouse's own benchmarkIndex: ${benchmarkIndexes.join(', ')}`);
    return { cpuSlowdownMultiplier: median(slowdowns), benchmarkIndexes, pages, floor: floorRow };
  } finally {
    await floor?.close();
    await site.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
