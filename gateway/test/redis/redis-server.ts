// A throw-away Redis for tests: Debian's redis-server on a free loopback port, no persistence, its
// files in a temp dir; stopped (or killed, to test an outage) by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** SIGKILL: Redis vanishes as in a crash (no goodbye to its clients). */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty, as after a crash without persistence). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(500, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) {
        socket.end();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startRedisServer(options: { binary?: string } = {}): Promise<RedisServer> {
  const binary = options.binary ?? 'redis-server';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'redis-test-'));
  let port = 0;
  let child: ChildProcess | null = null;

  async function launch(onPort: number): Promise<boolean> {
    const proc = spawn(
      binary,
      [
        '--port',
        String(onPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = proc;
    let failed = false;
    proc.once('error', () => (failed = true));
    proc.once('exit', () => (failed = true));
    for (let i = 0; i < 200 && !failed; i++) {
      if (await ping(onPort)) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    proc.kill('SIGKILL');
    await exited(proc);
    return false;
  }

  // The free port may be taken between our check and Redis binding it: try a few.
  for (let attempt = 0; attempt < 5 && port === 0; attempt++) {
    const candidate = await freePort();
    if (await launch(candidate)) port = candidate;
  }
  if (port === 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${binary} did not start (is the redis-server package installed?)`);
  }

  const signal = async (sig: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill(sig);
    await exited(proc);
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid ?? 0;
    },
    kill: () => signal('SIGKILL'),
    async restart() {
      await signal('SIGKILL');
      if (!(await launch(port))) throw new Error(`redis-server did not restart on port ${port}`);
    },
    async stop() {
      await signal('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
