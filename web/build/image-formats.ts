// The site's own photographs (the hero, the about picture, the testimonial portraits, the default
// image) in AVIF and WebP, written once at build time beside each JPEG or PNG (`hero.jpg.avif`,
// `hero.jpg.webp`): the web server sends the smallest one the browser accepts for the same address
// (web/server/image-formats.server.ts), so the markup keeps one `src`/`srcset` and a phone on a slow
// network downloads half the bytes. WordPress's images take the same path per request in the
// gateway's /media; these are fixed files, so the build does it, with the same encoder (sharp).
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { Plugin } from 'vite';
import { afterBrowserBuild } from './after-browser-build';

/** What gets the other formats: the photographs. SVG and the icons stay as they are. */
const ENCODABLE = new Set(['.jpg', '.jpeg', '.png']);

/**
 * The formats written, best first, with the gateway's settings (gateway/src/media/encode.ts), so a
 * WordPress image and one of the site's own look alike.
 */
const IMAGE_FORMATS = [
  {
    extension: 'avif',
    type: 'image/avif',
    encode: (image: Sharp) => image.avif({ quality: 50, effort: 4 }),
  },
  {
    extension: 'webp',
    type: 'image/webp',
    encode: (image: Sharp) => image.webp({ quality: 72, effort: 4 }),
  },
] as const;

function imagesBelow(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...imagesBelow(file));
    else if (entry.isFile() && ENCODABLE.has(path.extname(entry.name).toLowerCase())) found.push(file);
  }
  return found;
}

/**
 * Writes each format of every photograph below `dir` beside it, only where it is smaller than the
 * original (a copy that saves nothing would only cost the server a choice). Returns the files written.
 */
export async function encodeImageFormats(dir: string): Promise<string[]> {
  const written: string[] = [];
  for (const file of imagesBelow(dir)) {
    const original = statSync(file).size;
    for (const format of IMAGE_FORMATS) {
      const body = await format.encode(sharp(file).rotate()).toBuffer();
      if (body.length >= original) continue;
      writeFileSync(`${file}.${format.extension}`, body);
      written.push(`${file}.${format.extension}`);
    }
  }
  return written;
}

/** After the browser build (not the server's): the photographs of its output's images/ folder. */
export function imageFormats(): Plugin {
  return afterBrowserBuild('image-formats', (outDir) => encodeImageFormats(path.join(outDir, 'images')));
}
