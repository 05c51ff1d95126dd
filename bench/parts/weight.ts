// First-load JavaScript and CSS per route, from the production build: what the server lists for a
// first visit to the route (the entry, the chunks it imports, the route's chunks), compressed as sent.
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RawSourceMap } from 'source-map-js';
import { REPO_ROOT } from '../lib/services.js';
import type { BenchResults } from '../lib/report.js';
import { readAssets } from '../../web/server/assets.server.js';
import type { Assets } from '../../web/server/html.server.js';
import { attribute, estimateGzip, mergePieces, type GroupWeight } from './weight-breakdown.js';

interface Chunk {
  file: string;
  css?: string[];
}

export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/routes/home/HomeRoute.tsx',
  '/blog/': 'src/routes/blog/BlogListRoute.tsx',
  '/blog/{slug}': 'src/routes/post/PostRoute.tsx',
  '/practice-areas/{slug}/': 'src/routes/practice/PracticeRoute.tsx',
  '/{slug}': 'src/routes/page/PageRoute.tsx',
  '/wp-admin': 'src/routes/wp-admin/WpAdminRoute.tsx',
};

/**
 * What a first visit to a route loads, as the server lists it for the page (readAssets): the
 * entry, the chunks every page needs, and the route's own chunks.
 */
export function firstLoadFiles(
  assets: Assets,
  manifest: Record<string, Chunk>,
  routeModule: string,
): { js: string[]; css: string[] } {
  const routeFiles = assets.modules?.[routeModule];
  if (!routeFiles) throw new Error(`${routeModule} is not a lazily loaded module of the build`);
  const js = [assets.entry, ...assets.preload, ...routeFiles].map((f) => f.replace(/^\//, ''));
  const css = new Set(assets.css.map((f) => f.replace(/^\//, '')));
  // CSS of the route's chunks (the entry's is in assets.css).
  for (const chunk of Object.values(manifest))
    if (js.includes(chunk.file)) chunk.css?.forEach((c) => css.add(c));
  return { js, css: [...css] };
}

function readManifest(clientDir: string): Record<string, Chunk> {
  return JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
}

const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function measureWeight(): Promise<NonNullable<BenchResults['weight']>> {
  const clientDir = path.join(REPO_ROOT, 'web', 'dist', 'client');
  if (!existsSync(path.join(clientDir, '.vite', 'manifest.json')))
    throw new Error('No production build: run `npm run build` first.');
  const assets = readAssets(clientDir);
  const manifest = readManifest(clientDir);
  // Every route shares the entry and its chunks: each file is read and compressed once.
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (f: string) => {
    let size = sizes.get(f);
    if (!size) {
      const bytes = readFileSync(path.join(clientDir, f));
      size = { gzip: gzip(bytes), brotli: brotli(bytes) };
      sizes.set(f, size);
    }
    return size;
  };
  const routes = Object.entries(ROUTE_MODULES).map(([route, module]) => {
    const files = firstLoadFiles(assets, manifest, module);
    const sum = (list: string[], kind: 'gzip' | 'brotli') => list.reduce((n, f) => n + sizeOf(f)[kind], 0);
    const row = {
      route,
      files: files.js,
      jsGzip: sum(files.js, 'gzip'),
      jsBrotli: sum(files.js, 'brotli'),
      cssGzip: sum(files.css, 'gzip'),
      cssBrotli: sum(files.css, 'brotli'),
    };
    console.log(
      `   ${route}: JS ${(row.jsGzip / 1024).toFixed(1)} KiB gzip, ${(row.jsBrotli / 1024).toFixed(1)} KiB brotli`,
    );
    return row;
  });
  const home = await libraryBreakdown('/');
  for (const g of home)
    console.log(`   / by origin: ${g.group} ${(g.gzip / 1024).toFixed(1)} KiB gzip (estimated)`);
  return { routes, homeByOrigin: home };
}

/**
 * The route's first-load JavaScript by origin (library or site code): the client build made again
 * with source maps in a temporary folder, and the same files the server would list for the route.
 */
async function libraryBreakdown(route: string): Promise<GroupWeight[]> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'bench-weight-'));
  try {
    await build({
      root: path.join(REPO_ROOT, 'web'),
      configFile: path.join(REPO_ROOT, 'web', 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: true },
    });
    const files = firstLoadFiles(readAssets(outDir), readManifest(outDir), ROUTE_MODULES[route]!).js;
    let realGzip = 0;
    const pieces = files.map((file) => {
      // The build's own trailing sourceMappingURL comment is not part of what the site serves.
      const code = readFileSync(path.join(outDir, file), 'utf8').replace(
        /\n?\/\/# sourceMappingURL=\S+\s*$/,
        '',
      );
      realGzip += gzip(Buffer.from(code));
      const map = JSON.parse(readFileSync(path.join(outDir, `${file}.map`), 'utf8')) as RawSourceMap;
      return attribute(code, map);
    });
    return estimateGzip(mergePieces(pieces), realGzip);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
