// `npm start` as a newcomer or a process manager stops it: the site's two servers go when npm goes.
// npm runs the script through a shell, and a SIGTERM sent to npm's own pid ends npm and the shell but
// never reaches scripts/start.mjs; it then has to notice it lost its parent (scripts/start.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../../scripts/build-freshness.mjs';
import { freePorts } from '../../scripts/ports.mjs';

const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const siteRoot = process.env.E2E_SITE_ROOT ?? path.resolve(e2eDir, '..');

/** The status the port's health check answers now; null when nothing accepts a connection there. */
function healthOf(port: number): Promise<number | null> {
  return fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) })
    .then((r) => r.status)
    .catch(() => null);
}

test('a SIGTERM to npm start stops the gateway and the web server', { timeout: 180_000 }, async () => {
  // npm start builds a stale build first, into the folders the run's own site serves from: sources
  // edited during the run would pull its files from under the other tests.
  assert.equal(buildIsStale(siteRoot), false, 'the build is older than its sources (edited during the run?)');
  const [port, gatewayPort] = (await freePorts(2)) as [number, number];
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), GATEWAY_PORT: String(gatewayPort) };
  delete env.WORDPRESS_URL;
  delete env.GATEWAY_URL;
  let output = '';
  const npm = spawn('npm', ['start'], {
    cwd: siteRoot,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  npm.stderr.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  try {
    // Both servers up (their health answers 200); npm building a stale build first is allowed for.
    const upBy = Date.now() + 120_000;
    for (const p of [gatewayPort, port]) {
      for (;;) {
        assert.equal(npm.exitCode, null, `npm start stopped during start-up: ${output}`);
        if ((await healthOf(p)) === 200) break;
        assert.ok(Date.now() < upBy, `port ${p} did not answer within 120 s: ${output}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    const npmExited = new Promise((resolve) => npm.once('exit', resolve));
    process.kill(npm.pid as number, 'SIGTERM');
    await npmExited;
    const deadline = Date.now() + 15_000;
    let left: number[] = [port, gatewayPort];
    while (left.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const still = await Promise.all(left.map(async (p) => ((await healthOf(p)) !== null ? p : null)));
      left = still.filter((p): p is number => p !== null);
    }
    assert.deepEqual(left, [], `still answering 15 s after npm stopped: ${left.join(', ')}\n${output}`);
  } finally {
    // Whatever is left of the group (on failure): stop it, so the run leaves nothing behind.
    try {
      process.kill(-(npm.pid as number), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});
