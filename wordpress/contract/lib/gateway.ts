// The gateway two ways: in-process (createGateway over the real WordPress, with the HTTP client's
// request and byte counts at hand) and as its real HTTP server in a child process
// (gateway/src/main.ts), whose JSON log lines are kept for the assertions.
import { originalOf } from '../../../gateway/src/media/address.js';
import path from 'node:path';
import { loadConfig, type Env } from '../../../gateway/src/config.js';
import { createGateway, type Gateway } from '../../../gateway/src/server.js';
import {
  createEmbeddedSourceFromSnapshot,
  type ContentSnapshot,
} from '../../../gateway/src/sources/embedded/source.js';
import type { WordPressClient } from '../../../gateway/src/sources/wordpress/client.js';
import { startChildServer } from './child.js';

export interface GraphQLAnswer<T = Record<string, unknown>> {
  data?: T | null;
  errors?: ReadonlyArray<{
    message: string;
    extensions?: Record<string, unknown>;
    path?: ReadonlyArray<string | number>;
  }>;
}

export interface InProcessGateway {
  gateway: Gateway;
  /** The uncached WordPress client (null for the embedded snapshot). */
  client: WordPressClient | null;
  query<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLAnswer<T>>;
  close(): Promise<void>;
}

/** A gateway in this process; `wordpressUrl` null serves the embedded snapshot (content/). */
export async function inProcessGateway(
  wordpressUrl: string | null,
  env: Env = {},
): Promise<InProcessGateway> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...(wordpressUrl ? { WORDPRESS_URL: wordpressUrl } : {}),
    ...env,
  });
  const gateway = createGateway(config);
  await gateway.start();
  return wrap(gateway, gateway.sourceKind === 'wordpress' ? (gateway.upstream as WordPressClient) : null);
}

function wrap(gateway: Gateway, client: WordPressClient | null): InProcessGateway {
  return {
    gateway,
    client,
    async query<T>(query: string, variables?: Record<string, unknown>) {
      const response = await gateway.executeOperation<T>({ query, variables });
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      return response.body.singleResult as GraphQLAnswer<T>;
    },
    close: () => gateway.stop(),
  };
}

/**
 * The gateway over a recorded snapshot (what the tests' fake WordPress serves), configured as if it
 * stood in for the WordPress at `wordpressUrl`, so links to that host count as the firm's own.
 */
export async function snapshotGateway(
  snapshot: ContentSnapshot,
  wordpressUrl: string,
): Promise<InProcessGateway> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WORDPRESS_URL: wordpressUrl });
  const gateway = createGateway(config, { upstream: createEmbeddedSourceFromSnapshot(snapshot) });
  await gateway.start();
  return wrap(gateway, null);
}

/** The snapshot without a field (e.g. Yoast's, on a WordPress without Yoast). */
export function withoutField(snapshot: ContentSnapshot, field: string): ContentSnapshot {
  return Object.fromEntries(
    Object.entries(snapshot).map(([name, list]) => [
      name,
      (list as Array<Record<string, unknown>>).map((item) => {
        const copy = { ...item };
        delete copy[field];
        return copy;
      }),
    ]),
  ) as unknown as ContentSnapshot;
}

/**
 * An answer as it reads on any WordPress install: database ids and edit links dropped (ids are per
 * install), upload URLs site-relative, and the responsive-image attributes WordPress adds to body
 * images it knows as attachments removed.
 */
export function installIndependent(value: unknown, origins: readonly string[]): unknown {
  const hosts = origins.map((o) => o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const uploads = new RegExp(`(?:${hosts})(/wp-content/uploads/)`, 'g');
  return JSON.parse(
    JSON.stringify(value, (key, v: unknown) => {
      if (key === 'id' || key === 'databaseId' || key === 'editUrl') return undefined;
      if (typeof v !== 'string') return v;
      let out = v.replace(uploads, '$1');
      // An image's site address carries its original's URL: compared without the install's host too.
      out = out.replace(/\/media\/([A-Za-z0-9_-]+)\/(\d+)/g, (whole, token: string, width: string) => {
        const original = originalOf(`/media/${token}/${width}`);
        return original === null ? whole : `/media/{${original.replace(uploads, '$1')}}/${width}`;
      });
      if (key === 'contentHtml') out = out.replace(/ (?:srcset|sizes)="[^"]*"/g, '');
      return out;
    }),
  );
}

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface ChildGateway {
  url: string;
  pid: number;
  logs: LogLine[];
  query<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLAnswer<T>>;
  healthz(): Promise<number>;
  stop(): Promise<void>;
}

/** `node --import tsx gateway/src/main.ts` on a free loopback port, ready when /healthz answers. */
export async function startChildGateway(env: Record<string, string>): Promise<ChildGateway> {
  const logs: LogLine[] = [];
  let stderr = '';
  let pending = '';
  const server = await startChildServer({
    name: 'the gateway',
    entry: path.join('gateway', 'src', 'main.ts'),
    env: (port) => ({ LOG_LEVEL: 'info', GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(port), ...env }),
    onStdout: (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        try {
          logs.push(JSON.parse(line) as LogLine);
        } catch {
          logs.push({ level: 30, msg: line });
        }
      }
    },
    onStderr: (text) => (stderr += text),
    output: () => stderr,
    readyMs: 30_000,
    healthzTimeoutMs: 5000,
  });
  const { url } = server;

  return {
    url,
    pid: server.pid,
    logs,
    async healthz() {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      return res.status;
    },
    async query<T>(query: string, variables?: Record<string, unknown>) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(30_000),
      });
      return (await res.json()) as GraphQLAnswer<T>;
    },
    stop: () => server.stop(),
  };
}
