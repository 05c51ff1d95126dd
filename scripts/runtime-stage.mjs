// `npm run test:runtime`: the image's final stage without Docker (no Docker engine runs on our build
// machines). It reads the Dockerfile's last stage and does what it says in a temporary folder standing
// for its WORKDIR: copies the same files (from the build stage: this checkout after `npm run build`),
// runs its `npm ci --omit=dev` against the warm npm cache (offline), then starts the gateway and the web
// server with docker-compose.yml's commands, plain `node` (no tsx, no TypeScript: none is installed),
// on free loopback ports with the embedded content, checks that the site answers and stops both by pid.
//
// RUNTIME_NODE=<path to node> runs the servers with that binary (CI: Node 24, as in the image; the
// default is the Node running this script). RUNTIME_KEEP=1 keeps the folder for a look afterwards.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { freePorts, waitUntilServing } from './ports.mjs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { buildIfStale } from './build-freshness.mjs';
import { dockerignore, execForm, parseCopy, parseDockerfile, parseEnv } from './dockerfile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const runtimeNode = process.env.RUNTIME_NODE || process.execPath;
const log = (msg) => console.log(`[runtime ${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`);

class StageError extends Error {}
const fail = (msg) => {
  throw new StageError(msg);
};

/** @type {{ name: string, child: import('node:child_process').ChildProcess, logFile: string }[]} */
const servers = [];
let appDir = null;

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  return r.status === 0;
}

/** Copies like Docker's COPY: a folder's contents into dest, a file into dest/ or as dest. */
function copy(from, to) {
  if (!existsSync(from)) fail(`COPY: ${path.relative(root, from)} does not exist`);
  if (statSync(from).isDirectory()) {
    cpSync(from, to, { recursive: true });
  } else {
    const target = to.endsWith(path.sep) ? path.join(to, path.basename(from)) : to;
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(from, target);
  }
}

/**
 * The final stage, rebuilt in a temporary folder (appDir) in the Dockerfile's order: its files copied,
 * its install run. Returns what it sets for the servers: the environment, the CMD.
 */
function assemble(stages) {
  const stage = stages.at(-1);
  const workdirOf = (s) => {
    const dirs = s.instructions.filter((i) => i.keyword === 'WORKDIR').map((i) => i.args);
    if (dirs.length !== 1 || !path.posix.isAbsolute(dirs[0])) {
      fail(`stage ${s.name ?? s.image}: expected one absolute WORKDIR, got ${dirs.join(', ') || 'none'}`);
    }
    return dirs[0];
  };
  const workdir = workdirOf(stage);
  const ignoreFile = path.join(root, '.dockerignore');
  const ignored = dockerignore(existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '');
  appDir = mkdtempSync(path.join(os.tmpdir(), 'runtime-stage-'));
  // Node looks for packages in every node_modules above a module: one above the folder would hand the
  // servers packages the image does not have.
  for (let dir = path.dirname(appDir); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) {
      fail(
        `${path.join(dir, 'node_modules')} exists: the servers could load packages from it; use another TMPDIR`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
  /** A path inside the image as a path of the temporary folder. */
  const inApp = (dest) => {
    const abs = path.posix.resolve(workdir, dest) + (dest.endsWith('/') ? '/' : '');
    if (abs !== workdir && !abs.startsWith(`${workdir}/`)) fail(`COPY to ${dest}: outside ${workdir}`);
    return path.join(appDir, abs.slice(workdir.length)) + (dest.endsWith('/') ? path.sep : '');
  };

  const env = {};
  let installs = 0;
  for (const instruction of stage.instructions) {
    const { keyword, args, line } = instruction;
    if (keyword === 'ENV') Object.assign(env, parseEnv(instruction));
    else if (keyword === 'COPY') {
      const { from, sources, dest } = parseCopy(instruction);
      for (const source of sources) {
        let local;
        if (from === null) {
          if (ignored(path.posix.normalize(source))) {
            fail(`Dockerfile line ${line}: ${source} is left out of the build context by .dockerignore`);
          }
          local = path.join(root, source);
        } else {
          // Another stage's files: this checkout, built, stands for that stage's WORKDIR.
          const other = stages.find((s) => s.name === from);
          if (!other) fail(`Dockerfile line ${line}: no stage named ${from}`);
          const otherWorkdir = workdirOf(other);
          if (!source.startsWith(`${otherWorkdir}/`))
            fail(`Dockerfile line ${line}: ${source} is outside ${otherWorkdir}`);
          local = path.join(root, source.slice(otherWorkdir.length + 1));
        }
        copy(local, inApp(dest));
      }
    } else if (keyword === 'RUN') {
      // Only the install is run here; the rest (the outbox folder and its owner) is the image's own
      // business, and the servers below get a temporary outbox.
      for (const command of args.split('&&').map((c) => c.trim())) {
        if (/^npm ci\b/.test(command)) {
          installs++;
          install(command);
        } else log(`not run here (Dockerfile line ${line}): ${command}`);
      }
    } else if (!['WORKDIR', 'USER', 'EXPOSE', 'CMD', 'LABEL', 'HEALTHCHECK'].includes(keyword)) {
      fail(`Dockerfile line ${line}: ${keyword} is not understood here`);
    }
  }
  if (installs !== 1) fail(`the final stage should run one npm ci, found ${installs}`);
  const cmd = stage.instructions.filter((i) => i.keyword === 'CMD').at(-1);
  return { env, cmd: cmd ? execForm(cmd) : null };
}

function install(command) {
  const args = command.split(/\s+/).slice(1);
  if (!args.includes('--omit=dev')) fail(`the final stage installs with "${command}": it must omit dev`);
  const t = Date.now();
  // The npm cache of this machine holds every package of the lock file: no network needed.
  let ok = run('npm', [...args, '--offline'], { cwd: appDir });
  if (!ok) {
    log('npm ci --offline failed; trying again with --prefer-offline');
    ok = run('npm', [...args, '--prefer-offline'], { cwd: appDir });
  }
  if (!ok) fail(`${command} failed in ${appDir}`);
  return (Date.now() - t) / 1000;
}

/** Development packages of the lock file must not be there, and must not be found from the folder. */
function checkNoDevelopmentPackages() {
  const lock = JSON.parse(readFileSync(path.join(appDir, 'package-lock.json'), 'utf8'));
  const devOnly = Object.entries(lock.packages)
    .filter(([key, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(key) && entry.dev)
    .map(([key]) => key);
  if (devOnly.length < 20)
    fail(`expected the lock file to list the development packages, got ${devOnly.length}`);
  const present = devOnly.filter((key) => existsSync(path.join(appDir, key)));
  if (present.length > 0) fail(`development packages installed: ${present.join(', ')}`);
  for (const tool of ['tsx', 'typescript', 'vite', 'vitest']) {
    if (!devOnly.includes(`node_modules/${tool}`))
      fail(`${tool} is not a development package in the lock file`);
  }
  const installed = readdirSync(path.join(appDir, 'node_modules')).flatMap((name) =>
    name.startsWith('@')
      ? readdirSync(path.join(appDir, 'node_modules', name)).map((n) => `${name}/${n}`)
      : [name],
  );
  return { devOnly: devOnly.length, installed: installed.filter((n) => !n.startsWith('.')).length };
}

function diskUsage(dir) {
  const r = spawnSync('du', ['-sk', dir], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.split('\t')[0]) / 1024 : NaN;
}

function tail(file, lines = 20) {
  return existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '';
}

function start(name, command, env) {
  if (command[0] !== 'node') fail(`docker-compose.yml runs ${name} with ${command[0]}, expected node`);
  const logFile = path.join(appDir, `${name}.log`);
  const out = createWriteStream(logFile);
  const child = spawn(runtimeNode, command.slice(1), { cwd: appDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  servers.push({ name, child, logFile });
  log(`${name}: ${command.join(' ')} (pid ${child.pid})`);
  return child;
}

/** Seconds until `name` answered `url` from its own socket; fails the stage if it stops or never does. */
async function waitForHealth(name, url) {
  const server = servers.find((s) => s.name === name);
  try {
    const ms = await waitUntilServing({
      name,
      url,
      pid: server.child.pid,
      port: Number(new URL(url).port),
      exited: () => server.child.signalCode ?? server.child.exitCode,
      output: () => `\n${tail(server.logFile)}`,
      timeoutMs: 90_000,
    });
    return ms / 1000;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** GET (or POST) that must answer 200 itself, not by a redirect. */
async function expect200(url, init = {}) {
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(20_000), ...init });
  const body = await res.text();
  if (res.status !== 200) fail(`${init.method ?? 'GET'} ${url}: ${res.status}\n${body.slice(0, 300)}`);
  return { res, body };
}

function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

async function checkSite(web, gateway) {
  const checked = [];
  const page = async (p, what) => {
    const { res, body } = await expect200(`${web}${p}`);
    if (!res.headers.get('content-type')?.startsWith(what)) fail(`${p}: ${res.headers.get('content-type')}`);
    checked.push(p);
    return body;
  };
  const home = await page('/', 'text/html');
  if (!home.includes('<html')) fail('/: no HTML page');
  await page('/blog/', 'text/html');
  const sitemap = await page('/sitemap.xml', 'application/xml');
  const post = [...sitemap.matchAll(/<loc>[^<]*?(\/blog\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1])[0];
  if (!post) fail('/sitemap.xml lists no post');
  const postHtml = await page(post, 'text/html');
  if (!postHtml.includes('<article')) fail(`${post}: no article`);

  const query = JSON.stringify({ query: '{ posts(first: 3) { nodes { slug } } }' });
  for (const base of [web, gateway]) {
    const { body } = await expect200(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: query,
    });
    if ((JSON.parse(body).data?.posts?.nodes ?? []).length !== 3)
      fail(`${base}/graphql: ${body.slice(0, 200)}`);
    checked.push(`POST ${base === web ? 'web' : 'gateway'} /graphql`);
  }
  // The sandbox (GRAPHQL_SANDBOX=true below) and an image of the snapshot: files the compiled servers
  // find next to where their sources were (scripts/server-bundle.mjs, keepModuleLocations).
  const { body: sandbox } = await expect200(`${gateway}/graphql`, { headers: { accept: 'text/html' } });
  const asset = /(?:src|href)="(\/graphql\/sandbox\/[^"]+\.js)"/.exec(sandbox)?.[1];
  if (!asset) fail('GET /graphql: not the sandbox page');
  await expect200(`${gateway}${asset}`);
  checked.push('GET gateway /graphql (sandbox)', asset);
  const upload = findUpload(path.join(appDir, 'content', 'uploads'));
  if (!upload) fail('content/uploads in the final stage holds no image');
  await expect200(`${web}/wp-content/uploads/${upload}`);
  checked.push(`/wp-content/uploads/${upload}`);
  return checked;
}

function findUpload(dir, rel = '') {
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const p = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isFile() && /\.(jpe?g|png|webp)$/.test(entry.name)) return p;
    if (entry.isDirectory()) {
      const found = findUpload(dir, p);
      if (found) return found;
    }
  }
  return null;
}

async function stopServers() {
  await Promise.all(
    servers.map(({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null) return null;
      return new Promise((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 8000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve(null);
        });
        child.kill('SIGTERM');
      });
    }),
  );
}

async function cleanup() {
  await stopServers();
  if (appDir && process.env.RUNTIME_KEEP !== '1') rmSync(appDir, { recursive: true, force: true });
  else if (appDir) log(`kept ${appDir}`);
}

async function main() {
  const stages = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const final = stages.at(-1);
  log(`final stage: FROM ${final.image} (Dockerfile line ${final.line})`);
  const imageMajor = /^node:(\d+)/.exec(final.image)?.[1];
  const version = spawnSync(runtimeNode, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0)
    fail(`RUNTIME_NODE=${runtimeNode} does not run (${version.error?.message ?? version.stderr})`);
  const nodeVersion = version.stdout.trim();
  log(
    `servers run on ${runtimeNode} ${nodeVersion}${imageMajor && !nodeVersion.startsWith(`v${imageMajor}.`) ? ` (the image runs Node ${imageMajor}: set RUNTIME_NODE to run them on it)` : ''}`,
  );

  buildIfStale(root, { log });
  if (!existsSync(path.join(root, 'gateway/sandbox/dist/index.html'))) {
    log('building the GraphQL sandbox (npm run build:sandbox -w gateway)');
    if (!run('npm', ['run', 'build:sandbox', '-w', 'gateway'])) fail('the sandbox build failed');
  }

  const { env: imageEnv, cmd } = assemble(stages);
  const packages = checkNoDevelopmentPackages();
  log(
    `the final stage's files are in ${appDir}: ${packages.installed} top-level packages ` +
      `(${diskUsage(path.join(appDir, 'node_modules')).toFixed(0)} MiB), none of the lock file's ` +
      `${packages.devOnly} development packages`,
  );

  const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
  const gatewayCommand = compose.services.gateway.command;
  const webCommand = compose.services.web.command;
  if (cmd && JSON.stringify(cmd) !== JSON.stringify(gatewayCommand)) {
    fail(`the image's CMD (${cmd.join(' ')}) is not the gateway's command in docker-compose.yml`);
  }
  const [gatewayPort, webPort] = await freePorts(2);
  const outbox = path.join(appDir, 'outbox');
  mkdirSync(outbox);
  // Only what the image sets and what this run needs: nothing of this shell (NODE_OPTIONS included).
  const base = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: os.tmpdir(),
    ...imageEnv,
    LOG_LEVEL: 'warn',
  };
  const siteUrl = `http://localhost:${webPort}`;
  start('gateway', gatewayCommand, {
    ...base,
    GATEWAY_HOST: '127.0.0.1',
    GATEWAY_PORT: String(gatewayPort),
    SITE_URL: siteUrl,
    OUTBOX_DIR: outbox,
    GRAPHQL_SANDBOX: 'true',
  });
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const gatewayReady = await waitForHealth('gateway', `${gatewayUrl}/healthz`);
  start('web', webCommand, {
    ...base,
    HOST: '127.0.0.1',
    PORT: String(webPort),
    SITE_URL: siteUrl,
    GATEWAY_URL: `${gatewayUrl}/graphql`,
  });
  const webUrl = `http://127.0.0.1:${webPort}`;
  const webReady = await waitForHealth('web', `${webUrl}/healthz`);
  log(`gateway answered /healthz after ${gatewayReady.toFixed(1)} s, web after ${webReady.toFixed(1)} s`);

  const checked = await checkSite(webUrl, gatewayUrl);
  log(`200 from: ${checked.join(', ')}`);
  log(
    `memory after the checks: gateway ${rssMiB(servers[0].child.pid).toFixed(0)} MiB, ` +
      `web ${rssMiB(servers[1].child.pid).toFixed(0)} MiB (RSS)`,
  );
  await stopServers();
  for (const { name, child } of servers) {
    if (child.exitCode !== 0)
      fail(`${name} did not stop cleanly on SIGTERM (${child.signalCode ?? child.exitCode})`);
  }
  log('the final stage runs: both servers stopped cleanly');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });
}

main()
  .then(cleanup)
  .catch(async (error) => {
    console.error(`[runtime] ${error instanceof StageError ? error.message : (error?.stack ?? error)}`);
    await cleanup();
    process.exit(1);
  });
