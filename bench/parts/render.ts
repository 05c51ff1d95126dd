// Server rendering: a warm page (page cache hit) against a static server returning the same HTML
// bytes, and the cold render time per route (page cache miss, content cache warm).
import { performance } from 'node:perf_hooks';
import { startService } from '../lib/services.js';
import { bareServer, compareLoads } from '../lib/load.js';
import { median, type BenchResults } from '../lib/report.js';
import { GATEWAY_ENV } from './gateway.js';
import { PAGES } from '../lib/pages.js';

export async function startSite(
  extraGatewayEnv: Record<string, string> = {},
  extraWebEnv: Record<string, string> = {},
) {
  const gateway = await startService(
    'gateway',
    'gateway/src/main.ts',
    { ...GATEWAY_ENV, ...extraGatewayEnv },
    (port) => `http://127.0.0.1:${port}/healthz`,
  );
  try {
    const web = await startService(
      'web',
      'web/server/main.server.ts',
      { GATEWAY_URL: `${gateway.url}/graphql`, ...extraWebEnv },
      (port) => `http://127.0.0.1:${port}/healthz`,
    );
    return {
      url: web.url,
      gateway,
      web,
      stop: async () => {
        await web.stop();
        await gateway.stop();
      },
    };
  } catch (error) {
    await gateway.stop();
    throw error;
  }
}

export async function measureRender(opts: {
  seconds: number;
  coldSamples: number;
}): Promise<NonNullable<BenchResults['render']>> {
  const site = await startSite();
  try {
    const first = await fetch(`${site.url}/`);
    const html = Buffer.from(await first.arrayBuffer());
    if (first.status !== 200) throw new Error(`/ answered ${first.status}`);
    const bare = await bareServer(html, 'text/html; charset=utf-8');
    let figures;
    try {
      figures = await compareLoads({ url: `${site.url}/` }, { url: bare.url }, opts.seconds);
    } finally {
      await bare.close();
    }
    const { subject, baseline } = figures;
    const warm = { ...figures, bytes: html.length };
    console.log(
      `   warm /: ${subject.rps.toFixed(0)} req/s vs static ${baseline.rps.toFixed(0)} req/s, ratio ${warm.ratio.toFixed(2)}`,
    );
    const coldMs = [];
    for (const path of PAGES) {
      // Warm the content once so a sample measures rendering, not WordPress.
      await (await fetch(`${site.url}${path}`)).arrayBuffer();
      const samples: number[] = [];
      for (let i = 0; i < opts.coldSamples; i += 1) {
        // A query string the app ignores: a page-cache miss for the same route.
        const url = `${site.url}${path}${path.includes('?') ? '&' : '?'}bench=${Date.now()}-${i}`;
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        samples.push(performance.now() - t);
      }
      coldMs.push({ path, medianMs: median(samples), samples: samples.map((s) => Math.round(s * 10) / 10) });
      console.log(`   cold ${path}: median ${median(samples).toFixed(0)} ms`);
    }
    return { warm, coldMs };
  } finally {
    await site.stop();
  }
}
