import { describe, expect, it } from 'vitest';
import { figureSections, toMarkdown, updateFiguresSection, type BenchResults } from './report.js';

const base: BenchResults = {
  generatedAt: '2026-11-26T10:00:00.000Z',
  quick: true,
  machine: { cpus: 2, node: 'v20' },
  cpu: {
    benchmarkIndex: 1320,
    source: 'measured',
    readings: [1228, 1320, 1500],
    reference: 264,
    multiplier: 5,
  },
};

const doc = (body: string) =>
  `# Performance\n\nText.\n\n<!-- bench:figures:start -->\n\n${body}\n\n<!-- bench:figures:end -->\n\nMore text.\n`;

describe('bench markdown', () => {
  it('states the benchmarkIndex, its readings and the CPU slowdown', () => {
    const md = toMarkdown({ ...base, publish: { measured: false, reason: 'no WordPress' } });
    expect(md).toContain('CPU slowdown 5x');
    expect(md).toContain('benchmarkIndex 1320 (the median of 3 readings: 1228, 1320, 1500)');
    expect(md).toContain("a low-tier phone's 264");
    const fixed = toMarkdown({ ...base, cpu: { ...base.cpu!, source: 'BENCHMARK_INDEX', readings: [] } });
    expect(fixed).toContain('benchmarkIndex 1320 (fixed by BENCHMARK_INDEX)');
  });

  it('lists every journey with its times and ratio, the median and largest ratio and the menu', () => {
    const journey = (name: string, ratio: number, prerendered: number) => ({
      name,
      from: '/',
      target: `/${name}`,
      heading: name,
      prerendered,
      journeyMs: [ratio * 1000],
      directMs: [1000],
      ratios: [ratio],
      medianJourneyMs: ratio * 1000,
      medianDirectMs: 1000,
      ratio,
    });
    const [section] = figureSections({
      ...base,
      navigation: {
        rounds: 1,
        cpuSlowdown: 5,
        network: { rttMs: 150, downKbps: 1638.4, upKbps: 750 },
        viewport: '375x812, touch',
        journeys: [journey('a', 0.25, 1), journey('b', 1.5, 0)],
        medianRatio: 0.875,
        maxRatio: 1.5,
        menuMs: 42,
        menuSamplesMs: [42],
        seconds: 60,
      },
    });
    expect(section?.part).toBe('navigation');
    const rows = section!.text.split('\n').filter((l) => l.startsWith('| a') || l.startsWith('| b'));
    expect(rows).toEqual([
      '| a (/a) | 250 | 1000 | 0.25 | 1 of 1 |',
      '| b (/b) | 1500 | 1000 | 1.50 | 0 of 1 |',
    ]);
    expect(section!.text).toContain('Median ratio 0.88, largest 1.50. Phone menu, tap to visible: 42 ms');
    expect(section!.text).toContain('CPU slowdown 5x');
  });
});

describe('the Lighthouse figures', () => {
  const page = (path: string, tbtMs: number) => ({
    path,
    runs: 3,
    performance: 90,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1200,
    cls: 0,
    tbtMs,
    tbtRunsMs: [tbtMs, tbtMs, tbtMs],
    cpuSlowdowns: [5, 5, 5],
  });

  it('give the floor of the same run beside the pages, with each of its runs', () => {
    const [section] = figureSections({
      ...base,
      lighthouse: {
        pages: [page('/', 300)],
        floor: {
          runs: 3,
          performance: 99,
          tbtMs: 62,
          tbtRunsMs: [8, 62, 174],
          cpuSlowdowns: [5.4, 5.8, 5.6],
        },
      },
    });
    expect(section?.part).toBe('lighthouse');
    expect(section!.text).toContain('| / | 90 | 100 | 100 | 100 | 1200 | 0.000 | 300 (300, 300, 300) |');
    expect(section!.text).toContain(
      "The floor, a page with only a heading and a paragraph sent with the site's headers, its 3 runs",
    );
    expect(section!.text).toContain('performance 99, TBT 62 ms (8, 62, 174), CPU slowdown 5.4x, 5.8x, 5.6x.');
  });

  it('say nothing of a floor the run did not measure', () => {
    const [section] = figureSections({ ...base, lighthouse: { pages: [page('/', 300)] } });
    expect(section!.text).not.toContain('floor');
  });
});

describe('the figures section of docs/performance.md', () => {
  const publish = { measured: true, visibleMs: 103, samplesMs: [100, 103, 110] };

  it('replaces the blocks of the parts that ran and keeps the others as they were', () => {
    const before = doc(
      '<!-- bench:weight -->\nold weight\n<!-- /bench:weight -->\n\n<!-- bench:publish -->\nold publish\n<!-- /bench:publish -->',
    );
    const after = updateFiguresSection(before, figureSections({ ...base, publish }, 3), '_stamp_');
    expect(after).toBe(
      doc(
        '<!-- bench:weight -->\nold weight\n<!-- /bench:weight -->\n\n<!-- bench:publish -->\n_stamp_\n\n### Publish to visible\n\nA post updated in WordPress showed on the site after 103 ms (median of 3).\n<!-- /bench:publish -->',
      ),
    );
    // Written again, the section is the same: nothing accumulates.
    expect(updateFiguresSection(after, figureSections({ ...base, publish }, 3), '_stamp_')).toBe(after);
  });

  it('puts a part measured for the first time in its place among the others', () => {
    const before = doc(
      '<!-- bench:weight -->\nw\n<!-- /bench:weight -->\n\n<!-- bench:publish -->\np\n<!-- /bench:publish -->',
    );
    const after = updateFiguresSection(before, [{ part: 'navigation', text: 'nav' }], '_s_');
    expect([...after.matchAll(/<!-- bench:(\w+) -->/g)].map((m) => m[1])).toEqual([
      'weight',
      'navigation',
      'publish',
    ]);
  });

  it('says so when the document has no figures section', () => {
    expect(() => updateFiguresSection('# Performance\n', [], '_s_')).toThrow(/no figures section/);
  });
});
