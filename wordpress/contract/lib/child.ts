// A server of the site's own (`node --import tsx {entry}`) in a child process on a free loopback
// port, with a minimal environment, ready when its /healthz answers 200 from the child's own socket
// (scripts/ports.mjs): the gateway (gateway.ts) and the web server (web.ts) run this way, each reading
// its own output. A port taken meanwhile by another process: started again on another.
import { spawn } from 'node:child_process';
import { onFreePort, waitUntilServing } from '../../../scripts/ports.mjs';
import { REPO_ROOT } from './wordpress.js';

export interface ChildServer {
  pid: number;
  /** http://127.0.0.1:{port} */
  url: string;
  /** Stops it (SIGTERM, then SIGKILL after 10 s); nothing when it has already exited. */
  stop(): Promise<void>;
}

interface ChildServerOptions {
  /** 'the gateway', 'the web server': in the errors. */
  name: string;
  /** The entry file, from the repository's root. */
  entry: string;
  /** Its environment, given its port and URL. */
  env(port: number, url: string): Record<string, string>;
  onStdout(text: string): void;
  onStderr(text: string): void;
  /** What the errors quote of the child's output. */
  output(): string;
  /** How long it may take to answer /healthz, and how long each try may wait. */
  readyMs: number;
  healthzTimeoutMs: number;
}

export function startChildServer(opts: ChildServerOptions): Promise<ChildServer> {
  return onFreePort((port) => startOnce(opts, port));
}

async function startOnce(opts: ChildServerOptions, port: number): Promise<ChildServer> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', opts.entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      ...opts.env(port, url),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => opts.onStdout(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => opts.onStderr(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    await waitUntilServing({
      name: opts.name,
      url: `${url}/healthz`,
      pid: child.pid!,
      port,
      exited: () => child.exitCode ?? child.signalCode,
      output: opts.output,
      timeoutMs: opts.readyMs,
      tryMs: opts.healthzTimeoutMs,
      intervalMs: 100,
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid as number,
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
