// `npm run test:e2e`: build the site if its build is missing or stale, start it the way the README
// says (`npm start`) on free loopback ports, run the browser tests against it with one shared
// Chromium, then stop everything that was started, also on failure and on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unwatchFile,
  watchFile,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { buildIsStale } from '../scripts/build-freshness.mjs';
import { linkNodeModules } from '../scripts/link-node-modules.mjs';
import { waitUntilServing } from '../scripts/ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'e2e', 'results');
let siteLog = path.join(resultsDir, 'site.log');
const started = Date.now();
const STARTUP_TIMEOUT_MS = 120_000;
const TESTS_TIMEOUT_MS = 20 * 60_000;

const log = (msg) => console.log(`[e2e ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

/**
 * E2E_ISOLATE=1: copy the project's files (tracked and untracked, not ignored; node_modules linked)
 * to a temporary directory and build and run the site there, so other people editing or building
 * in the same checkout cannot change the site under the tests.
 */
function snapshotProject() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-site-'));
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  linkNodeModules(root, dir);
  for (const nm of ['web/node_modules', 'gateway/node_modules']) {
    if (existsSync(path.join(root, nm))) symlinkSync(path.join(root, nm), path.join(dir, nm), 'dir');
  }
  return dir;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function freePort(from, taken = []) {
  for (let port = from; port < from + 200; port++) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`No free port between ${from} and ${from + 199}`);
}

/** Until the site's own process tree (not another server on that port) answers `url` with 200. */
async function waitForHealth(url, site, deadline) {
  await waitUntilServing({
    name: 'the site',
    url,
    pid: site.pid,
    port: Number(new URL(url).port),
    exited: () => site.signalCode ?? site.exitCode,
    output: () => `see ${siteLog}`,
    timeoutMs: Math.max(0, deadline - Date.now()),
    intervalMs: 250,
  });
}

let site = null;
let snapshotDir = null;
let outboxDir = null;
let tests = null;
let browserServer = null;
let cleaning = null;

/** The site runs in its own process group (npm -> sh -> start.mjs -> gateway + web): stop the group. */
function signalSite(signal) {
  if (!site || site.exitCode !== null || site.signalCode !== null) return;
  try {
    process.kill(-site.pid, signal);
  } catch {
    // Already gone.
  }
}

async function cleanup() {
  cleaning ??= (async () => {
    if (tests && tests.exitCode === null) {
      try {
        process.kill(-tests.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    if (browserServer) await browserServer.close().catch(() => {});
    if (site && site.exitCode === null && site.signalCode === null) {
      const exited = new Promise((r) => site.once('exit', r));
      signalSite('SIGTERM');
      const timer = setTimeout(() => signalSite('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
    if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    log(`${sig}: stopping the site and the browser`);
    void cleanup().then(() => process.exit(130));
  });
}
// Last resort if something throws synchronously on the way out.
process.on('exit', () => {
  signalSite('SIGKILL');
  if (snapshotDir) rmSync(snapshotDir, { recursive: true, force: true });
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  mkdirSync(path.join(root, 'e2e', 'screenshots'), { recursive: true });

  let siteRoot = root;
  if (process.env.E2E_ISOLATE === '1') {
    snapshotDir = snapshotProject();
    siteRoot = snapshotDir;
    log(`E2E_ISOLATE=1: building and running a copy of the project in ${snapshotDir}`);
  }
  if (buildIsStale(siteRoot)) {
    log('building the site (npm run build)');
    const r = spawnSync('npm', ['run', 'build'], { cwd: siteRoot, stdio: 'inherit', env: process.env });
    if (r.status !== 0) throw new Error(`npm run build failed (${r.status ?? r.signal})`);
  }

  const port = await freePort(Number(process.env.E2E_PORT ?? 3400));
  const gatewayPort = await freePort(Number(process.env.E2E_GATEWAY_PORT ?? 4400), [port]);
  const baseUrl = `http://localhost:${port}`;
  // One log per port: two runs side by side (two people in one checkout) keep their own.
  siteLog = path.join(resultsDir, `site-${port}.log`);
  const out = createWriteStream(siteLog);
  // The enquiries the tests send go to an outbox of this run, which the tests read (E2E_OUTBOX_DIR),
  // not to the checkout's .run/outbox.
  outboxDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-outbox-'));
  const siteEnv = {
    ...process.env,
    OUTBOX_DIR: outboxDir,
    PORT: String(port),
    GATEWAY_PORT: String(gatewayPort),
    SITE_URL: baseUrl,
    NODE_ENV: 'production',
  };
  // The tests run against the embedded content snapshot, whatever the caller's shell has set.
  delete siteEnv.WORDPRESS_URL;
  delete siteEnv.GATEWAY_URL;
  log(
    `starting the site: PORT=${port} GATEWAY_PORT=${gatewayPort} npm start (log: ${path.relative(root, siteLog)})`,
  );
  site = spawn('npm', ['start'], {
    cwd: siteRoot,
    env: siteEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  site.stdout.pipe(out);
  site.stderr.pipe(out);

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  await waitForHealth(`http://127.0.0.1:${gatewayPort}/healthz`, site, deadline);
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, site, deadline);
  if (process.env.E2E_SERVE_ONLY === '1') {
    // For writing and debugging tests: keep the site up until Ctrl-C; run a test file against it with
    // E2E_BASE_URL=<url> node --import tsx --test e2e/tests/<file>.test.ts
    log(
      `site is up: E2E_BASE_URL=${baseUrl} E2E_GATEWAY_URL=http://127.0.0.1:${gatewayPort} E2E_SITE_ROOT=${siteRoot} (Ctrl-C stops it)`,
    );
    await new Promise(() => {});
  }
  log('site is healthy; launching Chromium');

  // Signals are ours to handle: Playwright's own handlers would exit before the site is stopped.
  browserServer = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });

  const only = process.argv.slice(2);
  const testDir = path.join(root, 'e2e', 'tests');
  const files = readdirSync(testDir)
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort()
    .map((f) => path.join('e2e', 'tests', f));
  if (files.length === 0)
    throw new Error(`no test files in e2e/tests matching ${only.join(', ') || '*.test.ts'}`);
  log(`running ${files.length} test files`);

  tests = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=spec',
      `--test-concurrency=${process.env.E2E_CONCURRENCY ?? '2'}`,
      ...files,
    ],
    {
      cwd: root,
      // Its own process group: stopping the run stops the runner and the per-file test processes.
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
        E2E_WS_ENDPOINT: browserServer.wsEndpoint(),
        // The built site under test (the private copy with E2E_ISOLATE=1): a test that starts a web
        // server of its own (e2e/lib/flaky-site.ts) starts this one.
        E2E_SITE_ROOT: siteRoot,
        E2E_OUTBOX_DIR: outboxDir,
      },
    },
  );
  // The spec reporter lists the failures again after its summary; the summary (ℹ tests/pass/fail
  // lines) is repeated at the very end so the last lines of a CI log say how the run went.
  const summary = [];
  let pending = '';
  tests.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines)
      if (/^ℹ (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(line)) summary.push(line);
  });
  // The running site serves web/dist from disk: a build by anyone else in the same checkout replaces
  // its chunks mid-run, and pages then fail to load code. Say so where the failures appear.
  const manifestPath = path.join(siteRoot, 'web/dist/client/.vite/manifest.json');
  watchFile(manifestPath, { interval: 1000 }, (curr, prev) => {
    if (curr.mtimeMs !== prev.mtimeMs) {
      console.error(
        '[e2e] warning: web/dist was rebuilt by another process during this run; failures from here on may be missing chunks, not the site (E2E_ISOLATE=1 runs a private copy).',
      );
    }
  });
  const timer = setTimeout(() => {
    console.error(`The browser tests ran longer than ${TESTS_TIMEOUT_MS / 60_000} minutes; stopping them.`);
    process.kill(-tests.pid, 'SIGTERM');
  }, TESTS_TIMEOUT_MS);
  const code = await new Promise((resolve) => tests.once('close', (c, s) => resolve(c ?? (s ? 1 : 0))));
  if (summary.length > 0) process.stdout.write(`\n${summary.slice(-8).join('\n')}\n`);
  clearTimeout(timer);
  unwatchFile(manifestPath);
  return code;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(`e2e: ${err instanceof Error ? err.message : String(err)}`);
  if (existsSync(siteLog)) {
    const tail = readFileSync(siteLog, 'utf8').split('\n').slice(-30).join('\n');
    if (tail.trim()) console.error(`--- last lines of ${path.relative(root, siteLog)} ---\n${tail}`);
  }
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
