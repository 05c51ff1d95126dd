// `npm run bench`: the site's performance figures, each measured as a ratio against a baseline
// taken in the same run (the machines are shared and noisy) or as counts and sizes. Writes
// bench/results/latest.json and bench/results/latest.md; `npm run bench:check` compares them with
// bench/budgets.json.
//
// Lighthouse and navigation run at the CPU slowdown of a low-tier phone (bench/lib/cpu.ts): the
// machine's benchmarkIndex is read once per run (median of quick readings) unless BENCHMARK_INDEX
// fixes it. Each part that ran also rewrites its block of figures in docs/performance.md.
//
//   npm run bench                      everything
//   npm run bench -- --quick           shorter load runs (CI); Lighthouse is always the median of 3
//                                      runs, navigation of NAVIGATION_ROUNDS rounds
//   npm run bench -- --only=upstream,weight   some parts: weight, images, upstream, gateway, render,
//                                      lighthouse, navigation, publish
//   BENCHMARK_INDEX=1500 npm run bench -- --only=lighthouse   a fixed slowdown, to compare commits
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './lib/services.js';
import { measureGateway } from './parts/gateway.js';
import { measureUpstream } from './parts/upstream.js';
import { measureImages } from './parts/images.js';
import { measureRender } from './parts/render.js';
import { measureLighthouse } from './parts/lighthouse.js';
import { measureWeight } from './parts/weight.js';
import { measurePublish } from './parts/publish.js';
import { measureNavigation } from './parts/navigation.js';
import {
  benchmarkIndexFromEnv,
  calibrate,
  calibrateRun,
  readBenchmarkIndex,
  recalibrator,
} from './lib/cpu.js';
import {
  FIGURE_PARTS as PARTS,
  describeCalibration,
  figureSections,
  toMarkdown,
  updateFiguresSection,
  type BenchResults,
} from './lib/report.js';

/**
 * Navigation rounds, the same with --quick: each round's ratios swing by a third on a shared machine,
 * and the budget is on the median, which three rounds leave to chance.
 */
const NAVIGATION_ROUNDS = 5;

type Part = (typeof PARTS)[number];

function parseArgs(argv: string[]): { quick: boolean; only: Set<Part> } {
  const quick = argv.includes('--quick') || process.env.BENCH_QUICK === '1';
  const onlyArg = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const only = new Set<Part>();
  for (const name of (onlyArg ?? PARTS.join(',')).split(',')) {
    if (!(PARTS as readonly string[]).includes(name)) {
      console.error(`Unknown part '${name}'. Parts: ${PARTS.join(', ')}`);
      process.exit(2);
    }
    only.add(name as Part);
  }
  return { quick, only };
}

async function main(): Promise<void> {
  const { quick, only } = parseArgs(process.argv.slice(2));
  try {
    // A mistyped BENCHMARK_INDEX is reported now, not after the parts before the browser ones.
    benchmarkIndexFromEnv(process.env.BENCHMARK_INDEX);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const started = performance.now();
  const results: BenchResults = {
    generatedAt: new Date().toISOString(),
    quick,
    commit: gitCommit(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    partSeconds: {},
  };
  const run = async <K extends keyof BenchResults>(
    part: Part,
    key: K,
    fn: () => Promise<BenchResults[K]>,
  ) => {
    if (!only.has(part)) return;
    const t = performance.now();
    console.log(`\n== ${part}`);
    results[key] = await fn();
    const seconds = Math.round((performance.now() - t) / 1000);
    results.partSeconds![part] = seconds;
    console.log(`   (${seconds} s)`);
  };
  await run('weight', 'weight', () => measureWeight());
  await run('images', 'images', () => measureImages());
  await run('upstream', 'upstream', () => measureUpstream());
  await run('gateway', 'gateway', () => measureGateway({ seconds: quick ? 4 : 10 }));
  await run('render', 'render', () => measureRender({ seconds: quick ? 4 : 10, coldSamples: quick ? 3 : 7 }));
  // A calibration just before the browser parts, for the record; each Lighthouse run and each
  // navigation round has its own, as the machine's load moves (bench/lib/cpu.ts).
  const recalibrate = recalibrator(process.env.BENCHMARK_INDEX, (count) => readBenchmarkIndex(count));
  if (only.has('lighthouse') || only.has('navigation')) {
    const t = performance.now();
    console.log('\n== calibration');
    results.cpu = await calibrate(process.env.BENCHMARK_INDEX, () => readBenchmarkIndex());
    results.partSeconds!.calibration = Math.round((performance.now() - t) / 1000);
    console.log(`   ${describeCalibration(results.cpu)}`);
  }
  const calibrationOf = (runIndex: number | undefined) =>
    calibrateRun(runIndex, process.env.BENCHMARK_INDEX, () => readBenchmarkIndex());
  await run('lighthouse', 'lighthouse', () => measureLighthouse({ runs: 3, calibrationOf }));
  await run('navigation', 'navigation', () => measureNavigation({ rounds: NAVIGATION_ROUNDS, recalibrate }));
  await run('publish', 'publish', () => measurePublish());

  const dir = path.join(REPO_ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  const md = toMarkdown(results);
  await writeFile(path.join(dir, 'latest.md'), md);
  console.log(`\n${md}`);
  const docsFile = path.join(REPO_ROOT, 'docs', 'performance.md');
  const stamp = `_\`npm run bench${quick ? ' -- --quick' : ''}\` on ${results.generatedAt.slice(0, 10)}${results.commit ? ` at ${results.commit}` : ''}, ${results.machine.cpus} cores._`;
  await writeFile(
    docsFile,
    updateFiguresSection(await readFile(docsFile, 'utf8'), figureSections(results, 3), stamp),
  );
  console.log(
    `docs/performance.md: figures of ${Object.keys(results.partSeconds ?? {})
      .filter((p) => p !== 'calibration')
      .join(', ')} rewritten`,
  );
  console.log(
    `bench: ${((performance.now() - started) / 1000).toFixed(0)} s; results in bench/results/latest.{json,md}`,
  );
}

/** The commit measured, marked when the tree has changes not committed; the bench also runs without git. */
function gitCommit(): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === ''
      ? commit
      : `${commit} with uncommitted changes`;
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
