// The web server as `npm start` runs it (web/server/main.server.ts over the built site in web/dist,
// `npm run build`), in a child process on a free loopback port, its output kept for the assertions.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './gateway.js';
import { REPO_ROOT } from './wordpress.js';

export interface ChildWeb {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

/** `node --import tsx web/server/main.server.ts` (the built site) on a free port, ready when /healthz answers. */
export async function startChildWeb(env: Record<string, string>): Promise<ChildWeb> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join('web', 'server', 'main.server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_URL: url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the web server exited (${child.exitCode}): ${output.join('')}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the web server did not answer /healthz within 60 s: ${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
