// `npm run bench`: the site's performance figures, each measured as a ratio against a baseline
// taken in the same run (the machines are shared and noisy) or as counts and sizes. Writes
// bench/results/latest.json and bench/results/latest.md; `npm run bench:check` compares them with
// bench/budgets.json.
//
//   npm run bench                      everything (about 6 minutes)
//   npm run bench -- --quick           shorter load runs (CI); Lighthouse is always the median of 3 runs
//   npm run bench -- --only=upstream,weight   some parts: gateway, upstream, render, lighthouse, weight, publish
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './lib/services.js';
import { measureGateway } from './parts/gateway.js';
import { measureUpstream } from './parts/upstream.js';
import { measureRender } from './parts/render.js';
import { measureLighthouse } from './parts/lighthouse.js';
import { measureWeight } from './parts/weight.js';
import { measurePublish } from './parts/publish.js';
import { toMarkdown, type BenchResults } from './lib/report.js';

const PARTS = ['weight', 'upstream', 'gateway', 'render', 'lighthouse', 'publish'] as const;
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
  const started = performance.now();
  const results: BenchResults = {
    generatedAt: new Date().toISOString(),
    quick,
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
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
    console.log(`   (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  };
  await run('weight', 'weight', () => measureWeight());
  await run('upstream', 'upstream', () => measureUpstream());
  await run('gateway', 'gateway', () => measureGateway({ seconds: quick ? 4 : 10 }));
  await run('render', 'render', () => measureRender({ seconds: quick ? 4 : 10, coldSamples: quick ? 3 : 7 }));
  await run('lighthouse', 'lighthouse', () => measureLighthouse({ runs: 3 }));
  await run('publish', 'publish', () => measurePublish());

  const dir = path.join(REPO_ROOT, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'latest.json'), JSON.stringify(results, null, 2) + '\n');
  const md = toMarkdown(results);
  await writeFile(path.join(dir, 'latest.md'), md);
  console.log(`\n${md}`);
  console.log(
    `bench: ${((performance.now() - started) / 1000).toFixed(0)} s; results in bench/results/latest.{json,md}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
