// An in-process gateway for integration tests: either over a fake WordPress on loopback (the real
// HTTP client, retries, cache) or straight over the embedded source. A movable clock drives the cache,
// and logs are captured as parsed JSON lines.
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loadConfig, type Env } from '../src/config.js';
import { createGateway, type Gateway } from '../src/server.js';
import { createEmbeddedSourceFromSnapshot, type ContentSnapshot } from '../src/sources/embedded/source.js';
import { startFakeWordPress, type FakeCredentials, type FakeWordPress } from './fake-wordpress.js';
import { fixtureSnapshot } from './fixtures/snapshot.js';

export type Mode = 'wordpress' | 'embedded';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface QueryResult<T = Record<string, unknown>> {
  data?: T | null;
  errors?: ReadonlyArray<{
    message: string;
    extensions?: Record<string, unknown>;
    path?: ReadonlyArray<string | number>;
  }>;
}

export interface Harness {
  mode: Mode;
  gateway: Gateway;
  /** Present in 'wordpress' mode. */
  wp: FakeWordPress | null;
  clock: { now(): number; advance(ms: number): void };
  logs: LogLine[];
  query<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<QueryResult<T>>;
  /** Upstream requests so far (fake WordPress count, or embedded source calls). */
  upstreamRequests(): number;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    mode?: Mode;
    snapshot?: ContentSnapshot;
    env?: Env;
    uploadsDir?: string;
    /** The application password the fake WordPress accepts for drafts (context=edit). */
    credentials?: FakeCredentials;
  } = {},
): Promise<Harness> {
  const mode = options.mode ?? 'wordpress';
  const snapshot = options.snapshot ?? fixtureSnapshot();
  let t = Date.UTC(2026, 0, 1);
  const clock = { now: () => t, advance: (ms: number) => void (t += ms) };
  const logs: LogLine[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n'))
          if (line.trim()) logs.push(JSON.parse(line) as LogLine);
        done();
      },
    }),
  );

  const wp =
    mode === 'wordpress'
      ? await startFakeWordPress({
          snapshot,
          ...(options.uploadsDir ? { uploadsDir: options.uploadsDir } : {}),
          ...(options.credentials ? { credentials: options.credentials } : {}),
        })
      : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    UPSTREAM_TIMEOUT_MS: '5000',
    UPSTREAM_RETRIES: '0',
    ...(wp ? { WORDPRESS_URL: wp.url } : {}),
    ...options.env,
  });

  let embeddedCalls = 0;
  const embedded = createEmbeddedSourceFromSnapshot(snapshot);
  const upstream = wp
    ? undefined
    : {
        kind: 'embedded' as const,
        get: ((path, query, opts) => {
          embeddedCalls += 1;
          return embedded.get(path, query, opts);
        }) as typeof embedded.get,
      };
  const gateway = createGateway(config, { logger, now: clock.now, ...(upstream ? { upstream } : {}) });
  await gateway.start();

  return {
    mode,
    gateway,
    wp,
    clock,
    logs,
    async query<T>(query: string, variables?: Record<string, unknown>) {
      const response = await gateway.executeOperation<T>({ query, variables });
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      return response.body.singleResult as QueryResult<T>;
    },
    upstreamRequests: () => (wp ? wp.stats.requests : embeddedCalls),
    async close() {
      await gateway.stop();
      await wp?.close();
    },
  };
}

/** Messages of captured log lines at warn level or above. */
export function warnings(logs: readonly LogLine[]): string[] {
  return logs.filter((l) => l.level >= 40).map((l) => l.msg);
}
