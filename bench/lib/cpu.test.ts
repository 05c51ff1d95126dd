import { describe, expect, it } from 'vitest';
import {
  LOW_TIER_PHONE_INDEX,
  benchmarkIndexFromEnv,
  calibrate,
  cpuSlowdown,
  calibrateRun,
  recalibrator,
} from './cpu.js';

describe('CPU calibration', () => {
  it('slows the machine to a low-tier phone: its benchmarkIndex over 264, to two decimals', () => {
    expect(LOW_TIER_PHONE_INDEX).toBe(264);
    expect(cpuSlowdown(1320)).toBe(5);
    expect(cpuSlowdown(1500)).toBe(5.68);
    expect(cpuSlowdown(1889)).toBe(7.16);
  });

  it('never speeds a machine slower than the phone up: at least 1x', () => {
    expect(cpuSlowdown(264)).toBe(1);
    expect(cpuSlowdown(200)).toBe(1);
    expect(cpuSlowdown(1)).toBe(1);
  });

  it('refuses an index that is not a positive number', () => {
    for (const bad of [0, -100, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => cpuSlowdown(bad)).toThrow(/positive number/);
  });

  it('takes the median of the readings, so one reading of a busy moment does not set it', async () => {
    let calls = 0;
    const cpu = await calibrate(undefined, async () => {
      calls += 1;
      return [1228, 1889, 400, 1500, 1320];
    });
    expect(calls).toBe(1);
    expect(cpu).toEqual({
      benchmarkIndex: 1320,
      source: 'measured',
      readings: [1228, 1889, 400, 1500, 1320],
      reference: 264,
      multiplier: 5,
    });
  });

  it('leaves out readings that are not positive numbers, and fails when none is', async () => {
    const cpu = await calibrate('', async () => [Number.NaN, 1056, 0, 1584]);
    expect(cpu.benchmarkIndex).toBe(1320);
    expect(cpu.multiplier).toBe(5);
    await expect(calibrate(undefined, async () => [Number.NaN, 0])).rejects.toThrow(
      /no usable benchmarkIndex/,
    );
  });

  it('uses BENCHMARK_INDEX when set, without taking readings', async () => {
    let calls = 0;
    const cpu = await calibrate(' 1584 ', async () => {
      calls += 1;
      return [500];
    });
    expect(calls).toBe(0);
    expect(cpu).toEqual({
      benchmarkIndex: 1584,
      source: 'BENCHMARK_INDEX',
      readings: [],
      reference: 264,
      multiplier: 6,
    });
  });

  it('names BENCHMARK_INDEX when it is not a positive number, and reads blank as unset', async () => {
    expect(benchmarkIndexFromEnv(undefined)).toBeNull();
    expect(benchmarkIndexFromEnv('  ')).toBeNull();
    for (const bad of ['fast', '-5', '0', '1500x'])
      expect(() => benchmarkIndexFromEnv(bad)).toThrow(/^BENCHMARK_INDEX must be a positive number/);
    await expect(calibrate('fast', async () => [1320])).rejects.toThrow(/BENCHMARK_INDEX/);
  });

  it('takes a fresh calibration of 5 readings each time it is asked, as the machine moves', async () => {
    const asked: number[] = [];
    const batches = [
      [1300, 1320, 1340, 1320, 1320],
      [700, 660, 680, 680, 680],
    ];
    const next = recalibrator(undefined, async (count) => {
      asked.push(count);
      return batches[asked.length - 1]!;
    });
    expect((await next()).multiplier).toBe(5);
    expect((await next()).multiplier).toBe(2.58);
    expect(asked).toEqual([5, 5]);
    const fixed = recalibrator('1584', async () => {
      throw new Error('no readings with BENCHMARK_INDEX');
    });
    expect((await fixed()).multiplier).toBe(6);
  });

  it('calibrates a Lighthouse run by the index Lighthouse read at its start, else by fresh readings', async () => {
    const none = async (): Promise<number[]> => {
      throw new Error('no readings needed');
    };
    expect(await calibrateRun(1848, undefined, none)).toMatchObject({
      benchmarkIndex: 1848,
      source: 'measured',
      readings: [1848],
      multiplier: 7,
    });
    // BENCHMARK_INDEX wins: two commits compared at the same slowdown.
    expect((await calibrateRun(1848, '1320', none)).multiplier).toBe(5);
    // No usable reading from the run: fresh ones.
    for (const missing of [undefined, 0, Number.NaN])
      expect((await calibrateRun(missing, undefined, async () => [1056, 1056, 1056])).multiplier).toBe(4);
  });
});
