// Upstream work per page view: REST requests and bytes a page costs WordPress, counted at a
// stand-in WordPress that serves the recorded content snapshot. Cold = fresh gateway and web
// server; warm = the same gateway (content cached) with a fresh web server (no rendered page).
// Image fetches are counted apart: after each view, every /media address the page's HTML names is
// requested through the web server as a browser would (Accept AVIF/WebP), and the stand-in counts
// the uploads the gateway fetches for them; cold with an empty media cache (a temporary directory
// per page), warm with the images kept in it.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { startFakeWordPress, type FakeWordPress } from '../../gateway/test/fake-wordpress.js';
import { readSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { loadConfig } from '../../gateway/src/config.js';
import { createGateway } from '../../gateway/src/server.js';
import { createHttpServer, listen } from '../../gateway/src/http.js';
import { loadWebConfig } from '../../web/server/config.server.js';
import { createWebApp, type RenderModule } from '../../web/server/app.server.js';
import { readAssets } from '../../web/server/assets.server.js';
import { REPO_ROOT, freePort } from '../lib/services.js';
import type { BenchResults, PageUpstream } from '../lib/report.js';
import { PAGES } from '../lib/pages.js';
import { originalOf } from '../../gateway/src/media/address.js';
import { mediaAddresses } from './image-renditions.js';

const silent = pino({ level: 'silent' });

async function startGateway(wordpressUrl: string, mediaCacheDir: string) {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'production',
    WORDPRESS_URL: wordpressUrl,
    GATEWAY_PORT: String(port),
    MEDIA_CACHE_DIR: mediaCacheDir,
  });
  const gateway = createGateway(config, { logger: silent });
  await gateway.start();
  const server = createHttpServer(gateway);
  await listen(server, port, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: async () => {
      await server.close();
      await gateway.stop();
    },
  };
}

async function startWeb(gatewayUrl: string, renderer: RenderModule) {
  const port = await freePort();
  const config = loadWebConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    GATEWAY_URL: gatewayUrl,
    LOG_LEVEL: 'silent',
  });
  const app = createWebApp({
    config,
    renderer,
    assets: readAssets(path.join(config.distDir, 'client')),
    siteName: 'Law Partners',
    logger: silent,
  });
  await app.app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => app.app.close(),
  };
}

async function view(webUrl: string, pagePath: string): Promise<string> {
  const res = await fetch(webUrl + pagePath, { redirect: 'manual' });
  const html = await res.text();
  if (res.status !== 200) throw new Error(`${pagePath} answered ${res.status}`);
  return html;
}

/** Each /media address a page names, asked for as a browser would, through the web server. */
async function fetchImages(webUrl: string, addresses: string[]): Promise<void> {
  for (const address of addresses) {
    const res = await fetch(webUrl + address, {
      redirect: 'manual',
      headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
  }
}

function snapshotOf(fake: FakeWordPress) {
  return {
    requests: fake.stats.requests,
    bytes: fake.stats.bytes,
    postsBytes: fake.stats.byPath['/posts']?.bytes ?? 0,
    log: [...fake.stats.log],
  };
}

export async function measureUpstream(): Promise<NonNullable<BenchResults['upstream']>> {
  const renderer = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'web', 'dist', 'server', 'entry-server.js')).href
  )) as RenderModule;
  const fake = await startFakeWordPress({
    snapshot: await readSnapshot(path.join(REPO_ROOT, 'content')),
    uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
  });
  const pages: PageUpstream[] = [];
  let blogPostsBytes = 0;
  try {
    for (const pagePath of PAGES) {
      const mediaCacheDir = await mkdtemp(path.join(os.tmpdir(), 'bench-upstream-media-'));
      const gateway = await startGateway(fake.url, mediaCacheDir);
      const web1 = await startWeb(gateway.url, renderer);
      fake.resetStats();
      const html = await view(web1.url, pagePath);
      const cold = snapshotOf(fake);
      if (pagePath === '/blog/') {
        blogPostsBytes = cold.postsBytes;
      }
      await web1.close();
      const web2 = await startWeb(gateway.url, renderer);
      fake.resetStats();
      await view(web2.url, pagePath);
      const warm = snapshotOf(fake);
      // The images after both views, so the time their encoding takes never ages the content the
      // warm view is served from. Cold: the media cache is empty; warm: it keeps them.
      fake.resetStats();
      const addresses = mediaAddresses(html);
      await fetchImages(web2.url, addresses);
      const coldImages = fake.stats.uploads.requests;
      let imagesRest = fake.stats.requests;
      fake.resetStats();
      await fetchImages(web2.url, addresses);
      const warmImages = fake.stats.uploads.requests;
      imagesRest += fake.stats.requests;
      await web2.close();
      await gateway.close();
      await rm(mediaCacheDir, { recursive: true, force: true });
      // Images are the uploads' business: a REST request made for one would be a page's upstream work.
      if (imagesRest > 0) throw new Error(`${pagePath}: its images cost ${imagesRest} REST requests`);
      const originals = new Set(addresses.map((a) => originalOf(a))).size;
      pages.push({
        path: pagePath,
        coldRequests: cold.requests,
        coldBytes: cold.bytes,
        warmRequests: warm.requests,
        warmBytes: warm.bytes,
        requests: cold.log,
        imageAddresses: addresses.length,
        imageOriginals: originals,
        coldImageFetches: coldImages,
        warmImageFetches: warmImages,
      });
      console.log(
        `   ${pagePath}: cold ${cold.requests} requests (${cold.log.join(' | ')}), warm ${warm.requests}; images: ${addresses.length} addresses of ${originals} originals, ${coldImages} fetches cold, ${warmImages} warm`,
      );
    }
    // The same 20 posts as the blog list, fetched the plain way: every field of every post.
    const unfiltered = await new Promise<number>((resolve, reject) => {
      http
        .get(`${fake.url}/wp-json/wp/v2/posts?per_page=20&status=publish`, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
        })
        .on('error', reject);
    });
    // The blog list's own bytes (its /posts answers, their featured images included) against the same
    // posts in full; the page's other answers (categories) are in its row of the table.
    return {
      pages,
      blogListBytes: blogPostsBytes,
      blogListUnfilteredBytes: unfiltered,
      blogListBytesRatio: blogPostsBytes / unfiltered,
    };
  } finally {
    await fake.close();
  }
}
