// Draws the site's icon (web/src/app/site-icon.ts says why a PNG) from the firm's monogram,
// public/logo.svg, once per build, so a new logo needs no second file kept by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { afterBrowserBuild } from './after-browser-build';
import { SITE_ICON } from '../src/app/site-icon';

/** Writes `SITE_ICON.file` into `outDir`, drawn from `logo.svg` there; returns its path. */
export async function writeSiteIcon(outDir: string): Promise<string> {
  const svg = readFileSync(path.join(outDir, 'logo.svg'));
  const target = path.join(outDir, SITE_ICON.file);
  // Drawn at four times the 72 dpi default so the monogram's thin rings stay sharp when scaled down,
  // on a square of its own navy: a home screen shows no transparency (iOS fills it with black) and
  // rounds the corners itself.
  const png = await sharp(svg, { density: 288 })
    .resize(SITE_ICON.size, SITE_ICON.size, { fit: 'contain', background: SITE_ICON.background })
    .flatten({ background: SITE_ICON.background })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(target, png);
  return target;
}

/** After the browser build (not the server's): the icon beside the copied public files. */
export function siteIcon(): Plugin {
  return afterBrowserBuild('site-icon', writeSiteIcon);
}
