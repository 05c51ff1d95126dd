// Starting and stopping the site's processes for a benchmark, on loopback ports picked at random.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForOk(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = res.status;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer in time (${String(last)})`);
}

export interface Service {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A TypeScript entry point of the repository in its own Node process (as `npm start` runs it). */
export async function startService(
  name: string,
  entry: string,
  env: Record<string, string>,
  health: (port: number) => string,
): Promise<Service & { port: number }> {
  const port = await freePort();
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
    await waitForOk(health(port));
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} did not start: ${String(error)}\n${stderr}`);
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
