import { describe, expect, it } from 'vitest';
import { JOURNEYS, journeyFigures, navigationSummary } from './navigation.js';

describe('navigation figures', () => {
  it('pairs each round’s journey with the same round’s direct load and takes the median ratio', () => {
    // Paired by round: the median of the ratios (0.9), not the ratio of the medians (0.5).
    const f = journeyFigures([500, 900, 400], [1000, 1000, 400]);
    expect(f.ratios).toEqual([0.5, 0.9, 1]);
    expect(f.ratio).toBe(0.9);
    expect(f.medianJourneyMs).toBe(500);
    expect(f.medianDirectMs).toBe(1000);
  });

  it('takes the middle pair of an even number of rounds', () => {
    expect(journeyFigures([100, 300, 200, 400], [1000, 1000, 1000, 1000]).ratio).toBe(0.25);
  });

  it('refuses rounds without their pair, and timings that cannot be', () => {
    expect(() => journeyFigures([500, 600], [1000])).toThrow(/as many direct loads as journeys/);
    expect(() => journeyFigures([], [])).toThrow(/at least one/);
    expect(() => journeyFigures([Number.NaN], [1000])).toThrow(/finite/);
    expect(() => journeyFigures([-1], [1000])).toThrow(/finite and not negative/);
  });

  it('summarises the journeys by their median and their largest ratio, the menu by its median', () => {
    expect(navigationSummary([0.4, 1.2, 0.6, 0.3], [80, 40, 60])).toEqual({
      medianRatio: 0.5,
      maxRatio: 1.2,
      menuMs: 60,
    });
  });

  it('refuses a summary with nothing measured', () => {
    expect(() => navigationSummary([], [50])).toThrow(/no journey/);
    expect(() => navigationSummary([0.5], [])).toThrow(/phone menu/);
  });

  it('covers the four journeys, one of them through the phone menu', () => {
    expect(JOURNEYS.map((j) => j.from)).toEqual([
      '/',
      '/blog/',
      '/blog/how-to-file-for-divorce-in-india',
      '/',
    ]);
    expect(JOURNEYS.filter((j) => j.menu).map((j) => j.name)).toEqual(['home → blog (phone menu)']);
  });
});
