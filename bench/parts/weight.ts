// First-load JavaScript and CSS per route, from the production build's manifest: the entry, the
// route's own chunk, and everything either imports statically, compressed as a server sends them.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../lib/services.js';
import type { BenchResults } from '../lib/report.js';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  src?: string;
}

export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/routes/home/HomeRoute.tsx',
  '/blog/': 'src/routes/blog/BlogListRoute.tsx',
  '/blog/{slug}': 'src/routes/post/PostRoute.tsx',
  '/practice-areas/{slug}/': 'src/routes/practice/PracticeRoute.tsx',
  '/{slug}': 'src/routes/page/PageRoute.tsx',
  '/wp-admin': 'src/routes/wp-admin/WpAdminRoute.tsx',
};

export function firstLoadFiles(
  manifest: Record<string, Chunk>,
  routeModule: string,
): { js: string[]; css: string[] } {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  visit(routeModule);
  return { js: [...js], css: [...css] };
}

const gzip = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;
const brotli = (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export async function measureWeight(): Promise<NonNullable<BenchResults['weight']>> {
  const clientDir = path.join(REPO_ROOT, 'web', 'dist', 'client');
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error('No production build: run `npm run build` first.');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const routes = Object.entries(ROUTE_MODULES).map(([route, module]) => {
    if (!manifest[module]) throw new Error(`${module} is not in the build manifest`);
    const files = firstLoadFiles(manifest, module);
    const read = (f: string) => readFileSync(path.join(clientDir, f));
    const sum = (list: string[], fn: (b: Buffer) => number) => list.reduce((n, f) => n + fn(read(f)), 0);
    const row = {
      route,
      files: files.js,
      jsGzip: sum(files.js, gzip),
      jsBrotli: sum(files.js, brotli),
      cssGzip: sum(files.css, gzip),
      cssBrotli: sum(files.css, brotli),
    };
    console.log(
      `   ${route}: JS ${(row.jsGzip / 1024).toFixed(1)} KiB gzip, ${(row.jsBrotli / 1024).toFixed(1)} KiB brotli`,
    );
    return row;
  });
  return { routes };
}
