// CPU calibration: the bench measures as a low-tier phone does, whatever machine it runs on.
//
// Lighthouse's default 4x CPU slowdown is relative to the machine it runs on, so the same build reads
// 100 on a fast machine and in the 80s on a slower one. Instead the slowdown is the machine's
// benchmarkIndex (Lighthouse's own measure, `computeBenchmarkIndex`, run in Debian's Chromium) over a
// low-tier phone's: Chrome DevTools calibrates its "low-tier mobile" preset (Moto G4 Power class) at
// 264. A machine slower than that phone is not slowed further (1x).
//
// The index is noisy on a shared machine (1228-1889 in one afternoon on these 2-core machines, single
// readings 71-567 while other test suites ran), so the bench takes the median of several quick
// readings, and takes them again before each navigation round; each Lighthouse run is calibrated by the
// reading Lighthouse itself takes at its start (bench/parts/lighthouse.ts). With one calibration for
// the whole bench, a machine that grew busier afterwards slowed the browser past the phone: a CI run
// read the home page's TBT at 1,270 ms where quiet runs of the same build read 250-350.
// BENCHMARK_INDEX fixes the index, so that two commits can be compared at the same slowdown.
import { chromium } from 'playwright-core';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/lib/chromium.mjs';
import { median } from './report.js';

/** Chrome DevTools' CPU calibration score of a low-tier phone (Moto G4 Power class). */
export const LOW_TIER_PHONE_INDEX = 264;

/** Quick readings per calibration: each takes about a second. */
const READINGS = 5;

export interface CpuCalibration {
  /** The index the slowdown is computed from: the median of `readings`, or BENCHMARK_INDEX. */
  benchmarkIndex: number;
  source: 'measured' | 'BENCHMARK_INDEX';
  /** Every reading taken (none when BENCHMARK_INDEX is set). */
  readings: number[];
  reference: number;
  /** benchmarkIndex / reference, at least 1, to two decimals. */
  multiplier: number;
}

/** The CPU slowdown that makes this machine as fast as the low-tier phone: never below 1x. */
export function cpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0)
    throw new Error(`benchmarkIndex must be a positive number, got ${benchmarkIndex}`);
  return Math.max(1, Math.round((benchmarkIndex / LOW_TIER_PHONE_INDEX) * 100) / 100);
}

/** BENCHMARK_INDEX from the environment: null when unset or blank, an error naming it when not a positive number. */
export function benchmarkIndexFromEnv(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`BENCHMARK_INDEX must be a positive number (e.g. 1500), got '${value}'`);
  return n;
}

/** The calibration: BENCHMARK_INDEX when set (no readings taken), else the median of `read()`'s readings. */
export async function calibrate(
  envValue: string | undefined,
  read: () => Promise<number[]>,
): Promise<CpuCalibration> {
  const fixed = benchmarkIndexFromEnv(envValue);
  if (fixed !== null)
    return {
      benchmarkIndex: fixed,
      source: 'BENCHMARK_INDEX',
      readings: [],
      reference: LOW_TIER_PHONE_INDEX,
      multiplier: cpuSlowdown(fixed),
    };
  const readings = await read();
  const valid = readings.filter((r) => Number.isFinite(r) && r > 0);
  if (valid.length === 0) throw new Error(`no usable benchmarkIndex reading (${readings.join(', ')})`);
  const benchmarkIndex = median(valid);
  return {
    benchmarkIndex,
    source: 'measured',
    readings,
    reference: LOW_TIER_PHONE_INDEX,
    multiplier: cpuSlowdown(benchmarkIndex),
  };
}

/**
 * A Lighthouse run's calibration: from the benchmarkIndex Lighthouse read at the run's start (the
 * machine as it was during that run), or BENCHMARK_INDEX when set; a run without a usable reading
 * takes fresh readings (`read`).
 */
export async function calibrateRun(
  runIndex: number | undefined,
  envValue: string | undefined,
  read: () => Promise<number[]>,
): Promise<CpuCalibration> {
  const usable = runIndex !== undefined && Number.isFinite(runIndex) && runIndex > 0;
  if (benchmarkIndexFromEnv(envValue) !== null || !usable) return calibrate(envValue, read);
  return calibrate(undefined, async () => [Math.round(runIndex)]);
}

/** A calibration taken again before each navigation round (its own READINGS readings). */
export type Recalibrate = () => Promise<CpuCalibration>;

export function recalibrator(
  envValue: string | undefined,
  read: (count: number) => Promise<number[]>,
): Recalibrate {
  return () => calibrate(envValue, () => read(READINGS));
}

/**
 * `count` readings of Lighthouse's benchmarkIndex in Debian's Chromium, the browser Lighthouse and
 * the navigation part drive. The function is passed as source text, as Lighthouse itself does.
 */
export async function readBenchmarkIndex(count = READINGS): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const source = `(${pageFunctions.computeBenchmarkIndex.toString()})()`;
    const readings: number[] = [];
    for (let i = 0; i < count; i += 1) readings.push(Math.round(Number(await page.evaluate(source))));
    return readings;
  } finally {
    await browser.close();
  }
}
