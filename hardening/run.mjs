// `npm run test:hardening`: build the site if its build is missing or stale, then run the hardening
// suite (hardening/*.test.ts: WordPress faults, load and soak, hostile GraphQL, hostile content and
// URLs, headers and limits) one file at a time, and repeat every figure it printed at the end.
// Arguments are passed to vitest (e.g. `npm run test:hardening -- faults`).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../scripts/build-freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

if (buildIsStale(root)) {
  console.log('[hardening] building the site (npm run build)');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else {
  // The typed documents the tests import are generated, not committed.
  const r = spawnSync('npm', ['run', 'codegen'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const figures = [];
const vitest = spawn(
  process.execPath,
  [
    path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--config',
    'hardening/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } },
);
let rest = '';
vitest.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const lines = (rest + chunk.toString('utf8')).split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) {
    // eslint-disable-next-line no-control-regex
    const figure = /FIGURE (.*)$/.exec(line.replace(/\u001b\[[0-9;]*m/g, ''));
    if (figure) figures.push(figure[1]);
  }
});
const stop = (signal) => () => vitest.kill(signal);
process.on('SIGINT', stop('SIGINT'));
process.on('SIGTERM', stop('SIGTERM'));
vitest.on('exit', (code, signal) => {
  console.log(`\n=== hardening figures (${Math.round((Date.now() - started) / 1000)} s)`);
  for (const line of figures) console.log(`- ${line}`);
  process.exit(code ?? (signal ? 1 : 0));
});
