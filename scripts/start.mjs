// `npm start`: build what is missing or out of date, then run the gateway and the web server
// together (compiled; `npm run dev`: from their sources, scripts/start-env.mjs); stop both when either
// stops or on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-freshness.mjs';
import { serverCommands, startEnvironments } from './start-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { gateway: env, build: buildEnv, gatewayPort } = startEnvironments(process.env);

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: buildEnv });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

try {
  buildIfStale(root, { env: buildEnv });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const sandboxDir = path.join(root, 'gateway/sandbox');
if (
  existsSync(path.join(sandboxDir, 'vite.config.ts')) &&
  !existsSync(path.join(sandboxDir, 'dist/index.html'))
) {
  run('npm', ['run', 'build:sandbox', '-w', 'gateway']);
}

const children = serverCommands(process.env).map(({ name, args, env: childEnv }) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: childEnv });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the site.`);
      stop(typeof code === 'number' && code !== 0 ? code : 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 8000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.on('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// `npm start` runs this through a shell: a SIGTERM sent to npm's pid ends npm and the shell but not
// this process, which would leave both servers running on their ports. When the process that started
// this one is gone (this one is re-parented), stop as on Ctrl-C.
const parent = process.ppid;
setInterval(() => {
  if (!stopping && process.ppid !== parent) stop(0);
}, 1000).unref();

console.log(
  `Site: http://localhost:${env.PORT ?? '3000'}  GraphQL: http://localhost:${gatewayPort}/graphql  ` +
    `(content: ${env.WORDPRESS_URL ? env.WORDPRESS_URL : 'embedded snapshot in content/'})`,
);
