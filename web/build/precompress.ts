// The browser build's files compressed once, at the highest quality, beside themselves (`x.js.br`,
// `x.js.gz`): the web server sends the copy a browser takes as it is (@fastify/static's
// `preCompressed`, web/server/app.server.ts) instead of compressing every file for every visitor,
// and brotli's best quality (too slow to run per request) makes the scripts a few per cent smaller.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBrowserBuild } from './after-browser-build';

/** What compresses: text and the icon; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.ico']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/** Writes the compressed copies of the files below `dir` (dot-folders left alone); returns how many files got them. */
export function precompressFiles(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompressFiles(file);
      continue;
    }
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name).toLowerCase())) continue;
    if (statSync(file).size <= MIN_BYTES) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}

/** After the browser build (not the server's): its output folder, public files included. */
export function precompress(): Plugin {
  return afterBrowserBuild('precompress', precompressFiles);
}
