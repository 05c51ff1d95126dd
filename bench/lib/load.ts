// A fixed-duration load run with autocannon, a bare Node server answering fixed bytes (the ceiling
// a Node process on this machine can reach for the same response), and the two compared.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { waitUntilServing } from '../../scripts/ports.mjs';
import { freePort } from './services.js';
import type { LoadFigures } from './report.js';

export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export async function load(req: LoadRequest, seconds: number, connections = 10): Promise<LoadFigures> {
  const result = await autocannon({
    url: req.url,
    method: req.method ?? 'GET',
    headers: req.headers,
    body: req.body,
    connections,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * A bare Node server answering `body`, in a process of its own (bench/lib/bare-server.mjs) like the
 * site's servers: run inside the benchmark's process it would share a thread with the load
 * generator and look slower than it is.
 */
export async function bareServer(
  body: Buffer,
  contentType: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-server.mjs', import.meta.url))], {
    env: { ...process.env, BARE_PORT: String(port), BARE_BODY_FILE: file, BARE_CONTENT_TYPE: contentType },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      rmSync(dir, { recursive: true, force: true });
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  try {
    await waitUntilServing({
      name: 'the bare server',
      url: `${url}/`,
      pid: child.pid!,
      port,
      exited: () => child.signalCode ?? child.exitCode,
      output: () => '(its errors are in this output)',
      timeoutMs: 15_000,
      intervalMs: 150,
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}

/**
 * Subject against baseline in alternating rounds (subject, baseline, subject, ...), so that a change
 * in the machine's load during the run falls on both: the ratio is of their mean rates.
 */
export async function compareLoads(
  subject: LoadRequest,
  baseline: LoadRequest,
  seconds: number,
  rounds = 3,
): Promise<{ subject: LoadFigures; baseline: LoadFigures; ratio: number }> {
  const perRound = Math.max(1, Math.round(seconds / rounds));
  // A discarded second each first: JIT and connection warm-up are not what is being compared.
  await load(subject, 1);
  await load(baseline, 1);
  const s: LoadFigures[] = [];
  const b: LoadFigures[] = [];
  for (let i = 0; i < rounds; i += 1) {
    s.push(await load(subject, perRound));
    b.push(await load(baseline, perRound));
  }
  const merged = merge(s);
  const base = merge(b);
  return { subject: merged, baseline: base, ratio: merged.rps / base.rps };
}

function merge(runs: LoadFigures[]): LoadFigures {
  const mean = (f: (r: LoadFigures) => number) => runs.reduce((n, r) => n + f(r), 0) / runs.length;
  return {
    rps: mean((r) => r.rps),
    p50Ms: mean((r) => r.p50Ms),
    p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
  };
}
