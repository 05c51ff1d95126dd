// The real gateway and web server for the hardening tests: in-process (when a test needs the
// gateway's clock, or its internals) or as child processes started the way production starts them
// (when a test measures a process: its memory, its crashes, its log). Logs are captured as parsed
// JSON lines either way. Everything listens on loopback, on ports the OS picks.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { pino, type Logger } from 'pino';
import { loadConfig, type Env } from '../../gateway/src/config.js';
import { createHttpServer, listen } from '../../gateway/src/http.js';
import { createGateway, type Gateway, type GatewayDeps } from '../../gateway/src/server.js';
import { createWebApp, type RenderModule } from '../../web/server/app.server.js';
import { readAssets } from '../../web/server/assets.server.js';
import { RUNTIME_ENV } from '../../scripts/start-env.mjs';
import { freePort, freePorts, PortTaken, waitUntilServing } from '../../scripts/ports.mjs';
import { loadWebConfig } from '../../web/server/config.server.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A pino logger whose lines land, parsed, in `lines`. */
export function captureLogger(lines: LogLine[], level = 'info'): Logger {
  return pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim()) lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    }),
  );
}

export interface RunningGateway {
  /** http://127.0.0.1:port */
  base: string;
  /** {base}/graphql */
  url: string;
  port: number;
  gateway: Gateway;
  logs: LogLine[];
  close(): Promise<void>;
}

/** The gateway in this process: loadConfig(env) -> createGateway -> createHttpServer, on loopback. */
export async function startGateway(
  env: Env,
  deps: Omit<GatewayDeps, 'logger'> & { port?: number } = {},
): Promise<RunningGateway> {
  const port = deps.port ?? (await freePort());
  const logs: LogLine[] = [];
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...env,
    GATEWAY_PORT: String(port),
  });
  const gateway = createGateway(config, { ...deps, logger: captureLogger(logs, config.logLevel) });
  await gateway.start();
  const app = createHttpServer(gateway);
  await listen(app, port, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    url: `${base}/graphql`,
    port,
    gateway,
    logs,
    async close() {
      await app.close();
      await gateway.stop();
    },
  };
}

let renderer: Promise<RenderModule> | null = null;

/** The server bundle of the site (web/dist/server), as web/server/main.server.ts loads it. */
export function loadRenderer(): Promise<RenderModule> {
  renderer ??= import(
    pathToFileURL(path.join(REPO_ROOT, 'web', 'dist', 'server', 'entry-server.js')).href
  ) as Promise<RenderModule>;
  return renderer;
}

export interface RunningWeb {
  url: string;
  logs: LogLine[];
  close(): Promise<void>;
}

/** The web server in this process (createWebApp over the built site), on loopback. */
export async function startWeb(gatewayUrl: string, env: Record<string, string> = {}): Promise<RunningWeb> {
  const port = await freePort();
  const logs: LogLine[] = [];
  const config = loadWebConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...env,
    PORT: String(port),
    GATEWAY_URL: gatewayUrl,
    SITE_URL: env.SITE_URL ?? `http://127.0.0.1:${port}`,
  });
  const app = createWebApp({
    config,
    renderer: await loadRenderer(),
    assets: readAssets(path.join(config.distDir, 'client')),
    siteName: 'Law Partners',
    logger: captureLogger(logs, config.LOG_LEVEL),
  });
  await app.app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    logs,
    close: () => app.app.close(),
  };
}

export interface ChildServer {
  name: string;
  pid: number;
  url: string;
  /** Parsed JSON log lines. */
  logs: LogLine[];
  /** Output lines that were not JSON (stack traces of a crash would land here). */
  text: string[];
  exitCode(): number | null;
  /** Resident memory now, from /proc. */
  rssBytes(): number;
  /** Memory right after a full garbage collection (needs `memoryProbe` at start). */
  probeMemory(): Promise<{ rss: number; heapUsed: number }>;
  close(): Promise<void>;
}

const ENTRIES = {
  gateway: 'gateway/src/main.ts',
  web: 'web/server/main.server.ts',
} as const;

/** Settings of the caller's shell that would change what is under test. */
const SCRUBBED = ['WORDPRESS_URL', 'GATEWAY_URL', 'REDIS_URL', 'TRUST_PROXY', 'GATEWAY_TRUST_PROXY', 'HSTS'];

/** gateway/src/main.ts or web/server/main.server.ts in a child process, as `npm start` runs them. */
export async function startChild(
  name: keyof typeof ENTRIES,
  env: Record<string, string>,
  port?: number,
  options: { memoryProbe?: boolean } = {},
): Promise<ChildServer> {
  port ??= await freePort();
  const childEnv: Record<string, string | undefined> = { ...process.env };
  for (const key of SCRUBBED) delete childEnv[key];
  Object.assign(childEnv, {
    ...RUNTIME_ENV,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    ...env,
    ...(name === 'gateway' ? { GATEWAY_PORT: String(port) } : { PORT: String(port) }),
  });
  const probe = options.memoryProbe
    ? ['--expose-gc', '--import', pathToFileURL(path.join(REPO_ROOT, 'hardening/lib/memory-probe.mjs')).href]
    : [];
  const child = spawn(process.execPath, [...probe, '--import', 'tsx', ENTRIES[name]], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const text: string[] = [];
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          text.push(line);
        }
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exitCode = () => child.exitCode ?? (child.signalCode ? 128 : null);
  const url = `http://127.0.0.1:${port}`;
  const server: ChildServer = {
    name,
    pid: child.pid ?? -1,
    url,
    logs,
    text,
    exitCode,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (!kb) throw new Error(`no VmRSS for ${name} (${child.pid})`);
      return Number(kb) * 1024;
    },
    async probeMemory() {
      const probes = () => logs.filter((l) => l.msg === 'memory probe');
      const before = probes().length;
      child.kill('SIGUSR2');
      const deadline = Date.now() + 15_000;
      while (probes().length === before) {
        if (Date.now() > deadline) throw new Error(`${name}: no memory probe answer`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const line = probes().at(-1)!;
      return { rss: Number(line.rss), heapUsed: Number(line.heapUsed) };
    },
    async close() {
      if (exitCode() !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(force);
    },
  };
  try {
    await waitUntilServing({
      name,
      url: `${url}/healthz`,
      pid: server.pid,
      port,
      exited: exitCode,
      output: () => text.slice(-20).join('\n'),
      timeoutMs: 120_000,
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

export interface ChildSite {
  gateway: ChildServer;
  web: ChildServer;
  close(): Promise<void>;
}

/** The whole site in two child processes: the gateway, and the web server in front of it. */
export async function startChildSite(
  env: { gateway?: Record<string, string>; web?: Record<string, string> } = {},
  options: { memoryProbe?: boolean } = {},
): Promise<ChildSite> {
  // Both start at once (the web server does not ask the gateway anything until a page is asked for).
  // A port taken by another process between choosing it and listening on it: both start again.
  for (let attempt = 1; ; attempt += 1) {
    const [gatewayPort, webPort] = await freePorts(2);
    const started = await Promise.allSettled([
      startChild('gateway', env.gateway ?? {}, gatewayPort, options),
      startChild(
        'web',
        { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}/graphql`, ...env.web },
        webPort,
        options,
      ),
    ]);
    const [gateway, web] = started;
    if (gateway.status === 'fulfilled' && web.status === 'fulfilled') return site(gateway.value, web.value);
    for (const s of started) if (s.status === 'fulfilled') await s.value.close();
    const reasons = started.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    if (attempt < 3 && reasons.every((reason) => reason instanceof PortTaken)) continue;
    throw reasons.find((reason) => !(reason instanceof PortTaken)) ?? reasons[0];
  }
}

function site(gateway: ChildServer, web: ChildServer): ChildSite {
  return {
    gateway,
    web,
    close: async () => {
      await web.close();
      await gateway.close();
    },
  };
}

/** Log lines at warn (40) or above. */
export function warnings(logs: readonly LogLine[]): LogLine[] {
  return logs.filter((line) => line.level >= 40);
}

/** One figure of the hardening suite, in a form CI logs and people both read. */
export function figure(name: string, value: string): void {
  console.log(`FIGURE ${name}: ${value}`);
}
