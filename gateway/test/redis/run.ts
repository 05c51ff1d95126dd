// `npm run test:redis`: starts a throw-away redis-server on a free loopback port, runs the suites
// in this folder against it (REDIS_TEST_URL), and stops it by pid, whatever the outcome. The root
// `npm test` excludes this folder, so it never needs Redis. Extra arguments go to vitest.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRedisServer } from './redis-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// The web replicas run the production server, which renders with the built SSR bundle.
if (!existsSync(path.join(root, 'web/dist/server/entry-server.js'))) {
  console.log('Building the site for the web replicas (web/dist is missing)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const redis = await startRedisServer();
console.log(`redis-server pid ${redis.pid} on ${redis.url}`);

const vitest = spawn(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--config', 'gateway/test/redis/vitest.config.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { ...process.env, REDIS_TEST_URL: redis.url } },
);
const stopOn = (signal: NodeJS.Signals) =>
  process.once(signal, () => {
    vitest.kill(signal);
  });
stopOn('SIGINT');
stopOn('SIGTERM');

const code = await new Promise<number>((resolve) =>
  vitest.once('exit', (status, signal) => resolve(status ?? (signal ? 1 : 0))),
);
await redis.stop();
console.log(`redis-server pid ${redis.pid} stopped`);
process.exit(code);
