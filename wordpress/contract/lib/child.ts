// A server of the site's own (`node --import tsx {entry}`) in a child process on a free loopback
// port, with a minimal environment, ready when its /healthz answers 200: the gateway (gateway.ts)
// and the web server (web.ts) run this way, each reading its own output.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './wordpress.js';

export interface ChildServer {
  pid: number;
  /** Stops it (SIGTERM, then SIGKILL after 10 s); nothing when it has already exited. */
  stop(): Promise<void>;
}

export async function startChildServer(opts: {
  /** 'the gateway', 'the web server': in the errors. */
  name: string;
  /** The entry file, from the repository's root. */
  entry: string;
  url: string;
  env: Record<string, string>;
  onStdout(text: string): void;
  onStderr(text: string): void;
  /** What the errors quote of the child's output. */
  output(): string;
  /** How long it may take to answer /healthz, and how long each try may wait. */
  readyMs: number;
  healthzTimeoutMs: number;
}): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => opts.onStdout(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => opts.onStderr(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + opts.readyMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.name} exited (${child.exitCode}): ${opts.output()}`);
    try {
      const res = await fetch(`${opts.url}/healthz`, { signal: AbortSignal.timeout(opts.healthzTimeoutMs) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${opts.name} did not answer /healthz within ${opts.readyMs / 1000} s: ${opts.output()}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid as number,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
