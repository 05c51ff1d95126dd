// Starting and stopping the site's processes for a benchmark, on loopback ports picked at random.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onFreePort, waitUntilServing } from '../../scripts/ports.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export { freePort };

export interface Service {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A TypeScript entry point of the repository in its own Node process (as `npm start` runs it), ready
 * when `health(port)` answers 200 from its own socket; started again on another port if its port was
 * taken meanwhile.
 */
export async function startService(
  name: string,
  entry: string,
  env: Record<string, string>,
  health: (port: number) => string,
): Promise<Service & { port: number }> {
  return onFreePort((port) => startOnce(name, entry, env, health, port));
}

async function startOnce(
  name: string,
  entry: string,
  env: Record<string, string>,
  health: (port: number) => string,
  port: number,
): Promise<Service & { port: number }> {
  const portVar = name === 'gateway' ? 'GATEWAY_PORT' : 'PORT';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env, [portVar]: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  try {
    await waitUntilServing({
      name,
      url: health(port),
      pid: child.pid!,
      port,
      exited: () => child.signalCode ?? child.exitCode,
      output: () => stderr,
      timeoutMs: 60_000,
      intervalMs: 150,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
