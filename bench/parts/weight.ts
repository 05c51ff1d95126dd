// First-load JavaScript per page, from the production build: what the server writes or lists for a
// first visit (the boot module in the page; for an island that loads with the page, the islands'
// entry, its chunks and the island's own), compressed as sent; and the code of the islands a visitor
// reaches further down.
import { readFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RawSourceMap } from 'source-map-js';
import { REPO_ROOT } from '../lib/services.js';
import type { BenchResults } from '../lib/report.js';
import { readAssets } from '../../web/server/assets.server.js';
import type { Assets } from '../../web/server/html.server.js';
import { ISLAND_MODULES } from '../../web/src/islands/island-markup.js';
import { attribute, estimateGzip, mergePieces, type GroupWeight } from './weight-breakdown.js';

/** The four pages the budgets name, and /wp-admin, with the islands each has and when their code loads. */
export const ROUTE_ISLANDS: Record<string, { island: string; load: 'page' | 'visible' }[]> = {
  '/': [{ island: 'contact-form', load: 'visible' }],
  '/blog/': [],
  '/blog/{slug}': [],
  '/practice-areas/{slug}/': [],
  '/{slug}': [],
  '/wp-admin': [{ island: 'wp-connection', load: 'page' }],
};

/** The boot module as the server writes it into every page (web/server/html.server.ts). */
export const BOOT_FILE = 'boot (inline)';

/**
 * What a first visit to a route loads, as the server writes it for the page: the boot module
 * (inline in the page), and for an island that loads with the page the islands' entry, its chunks
 * and the island's own (web/src/boot/islands.ts). `later`: the code of islands that load when the
 * visitor comes near them (not part of the first load).
 */
export function firstLoadFiles(
  assets: Assets,
  islands: { island: string; load: 'page' | 'visible' }[],
): { js: string[]; later: string[] } {
  const filesOf = (island: string) => {
    const module = ISLAND_MODULES[island];
    if (!module || !assets.modules?.[module]) throw new Error(`${island}: no module ${module} in the build`);
    return [assets.entry, ...assets.preload, ...assets.modules[module]].map((f) => f.replace(/^\//, ''));
  };
  const js = new Set<string>([BOOT_FILE]);
  for (const i of islands) if (i.load === 'page') filesOf(i.island).forEach((f) => js.add(f));
  const later = new Set<string>();
  for (const i of islands)
    if (i.load === 'visible') filesOf(i.island).forEach((f) => js.has(f) || later.add(f));
  return { js: [...js], later: [...later] };
}

const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function measureWeight(): Promise<NonNullable<BenchResults['weight']>> {
  const clientDir = path.join(REPO_ROOT, 'web', 'dist', 'client');
  if (!existsSync(path.join(clientDir, '.vite', 'manifest.json')))
    throw new Error('No production build: run `npm run build` first.');
  const assets = readAssets(clientDir);
  // Every route shares the entry and its chunks: each file is read and compressed once.
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (f: string) => {
    let size = sizes.get(f);
    if (!size) {
      const bytes = f === BOOT_FILE ? Buffer.from(assets.boot) : readFileSync(path.join(clientDir, f));
      size = { gzip: gzip(bytes), brotli: brotli(bytes) };
      sizes.set(f, size);
    }
    return size;
  };
  const routes = Object.entries(ROUTE_ISLANDS).map(([route, islands]) => {
    const files = firstLoadFiles(assets, islands);
    const sum = (list: string[], kind: 'gzip' | 'brotli') => list.reduce((n, f) => n + sizeOf(f)[kind], 0);
    const row = {
      route,
      files: files.js,
      jsGzip: sum(files.js, 'gzip'),
      jsBrotli: sum(files.js, 'brotli'),
      // The page's CSS is inline (emotion's critical CSS), part of its HTML.
      cssGzip: 0,
      cssBrotli: 0,
      laterJsGzip: sum(files.later, 'gzip'),
    };
    console.log(
      `   ${route}: JS ${(row.jsGzip / 1024).toFixed(1)} KiB gzip, ${(row.jsBrotli / 1024).toFixed(1)} KiB brotli` +
        (row.laterJsGzip
          ? ` (+${(row.laterJsGzip / 1024).toFixed(1)} KiB gzip when the visitor nears an island)`
          : ''),
    );
    return row;
  });
  const home = await libraryBreakdown('/');
  for (const g of home)
    console.log(
      `   / (first load and the contact form) by origin: ${g.group} ${(g.gzip / 1024).toFixed(1)} KiB gzip (estimated)`,
    );
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
    const assets = readAssets(outDir);
    // The first load and the islands the visitor reaches: the code a phone runs on the page.
    const { js, later } = firstLoadFiles(assets, ROUTE_ISLANDS[route]!);
    const files = [...js, ...later].filter((f) => f !== BOOT_FILE);
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
