// Gateway throughput on the site's two busiest queries with a warm cache, against a bare Node server
// returning the same response bytes.
import path from 'node:path';
import { print } from 'graphql';
import { BlogPostsDocument, HomeDocument } from '../../web/src/gql/graphql.js';
import { readSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { startFakeWordPress } from '../../gateway/test/fake-wordpress.js';
import { REPO_ROOT, startService } from '../lib/services.js';
import { bareServer, compareLoads } from '../lib/load.js';
import type { BenchResults, RatioFigures } from '../lib/report.js';

export const GATEWAY_ENV = {
  // The load generator is one address sending thousands of requests a second: lift the per-address
  // limits for the run (they are measured by the hardening suite, not here).
  GRAPHQL_RATE_LIMIT: '0',
  RATE_LIMIT_GRAPHQL: '0',
};

async function compare(gatewayUrl: string, body: string, seconds: number): Promise<RatioFigures> {
  const headers = { 'content-type': 'application/json' };
  // Warm the content cache and read the exact bytes the gateway answers.
  const first = await fetch(gatewayUrl, { method: 'POST', headers, body });
  const bytes = Buffer.from(await first.arrayBuffer());
  if (!first.ok || bytes.includes('"errors"'))
    throw new Error(`gateway answered ${first.status}: ${bytes.toString().slice(0, 300)}`);
  const bare = await bareServer(bytes, first.headers.get('content-type') ?? 'application/json');
  try {
    const figures = await compareLoads(
      { url: gatewayUrl, method: 'POST', headers, body },
      { url: bare.url, method: 'POST', headers, body },
      seconds,
    );
    return { ...figures, bytes: bytes.length };
  } finally {
    await bare.close();
  }
}

export async function measureGateway(opts: {
  seconds: number;
}): Promise<NonNullable<BenchResults['gateway']>> {
  const fake = await startFakeWordPress({ snapshot: await readSnapshot(path.join(REPO_ROOT, 'content')) });
  const gateway = await startService(
    'gateway',
    'gateway/src/main.ts',
    { WORDPRESS_URL: fake.url, ...GATEWAY_ENV },
    (port) => `http://127.0.0.1:${port}/healthz`,
  );
  try {
    const url = `${gateway.url}/graphql`;
    const home = await compare(
      url,
      JSON.stringify({ operationName: 'Home', query: print(HomeDocument), variables: {} }),
      opts.seconds,
    );
    console.log(
      `   home: gateway ${home.subject.rps.toFixed(0)} req/s, bare ${home.baseline.rps.toFixed(0)} req/s, ratio ${home.ratio.toFixed(2)}`,
    );
    const blogList = await compare(
      url,
      JSON.stringify({
        operationName: 'BlogPosts',
        query: print(BlogPostsDocument),
        variables: { first: 20, page: 1 },
      }),
      opts.seconds,
    );
    console.log(
      `   blog list: gateway ${blogList.subject.rps.toFixed(0)} req/s, bare ${blogList.baseline.rps.toFixed(0)} req/s, ratio ${blogList.ratio.toFixed(2)}`,
    );
    return { home, blogList, logLevel: 'warn' };
  } finally {
    await gateway.stop();
    await fake.close();
  }
}
