// The Devanagari web font the site serves for its Hindi text (brief §10): Noto Sans Devanagari from
// @fontsource, cut to the characters Hindi uses (DEVANAGARI_FONT_RANGES; Latin text keeps the site's
// own fonts), in the two weights
// the pages use: regular text and the semibold of headings, labels and <strong> (Chakra's heading
// recipe and most of the site's `fontWeight` are semibold; bold text takes the semibold face, the
// nearest heavier weight, rather than a third download).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { HINDI_TEXTS_ON_ENGLISH_PAGES, englishPageDevanagari } from '../src/i18n/ui-devanagari';
import {
  DEVANAGARI_FONT_RANGES,
  DEVANAGARI_FONT_WEIGHTS,
  DEVANAGARI_UI_FONT_KEY,
  DEVANAGARI_UI_FONT_WEIGHT,
  devanagariFontKey,
  devanagariFontSource,
  rangeCharacters,
} from './devanagari-font-files';

const CATALOGUES = fileURLToPath(new URL('../src/i18n/catalog/', import.meta.url));

function readCatalogues(dir: string, names?: readonly string[]): Record<string, unknown> {
  const files =
    names ??
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
  return Object.fromEntries(
    files.map((ns) => [ns, JSON.parse(readFileSync(path.join(dir, `${ns}.json`), 'utf8')) as unknown]),
  );
}

/** The Devanagari characters English pages show (ui-devanagari.ts). */
export function englishUiChars(dir = CATALOGUES): string {
  const hindiNamespaces = [...new Set(HINDI_TEXTS_ON_ENGLISH_PAGES.map(([ns]) => ns))];
  return englishPageDevanagari(
    readCatalogues(path.join(dir, 'en')),
    readCatalogues(path.join(dir, 'hi'), hindiNamespaces),
  );
}

/**
 * In the browser build only: each weight's file becomes a build asset with a hashed name
 * (`assets/noto-sans-devanagari-400-<hash>.woff2`, served as immutable like every /assets/ file) and
 * an entry of the manifest under devanagariFontKey. No module imports them: the server writes the
 * @font-face rules into the pages that show Devanagari.
 */
export function devanagariFont(): Plugin {
  let ssr = false;
  return {
    name: 'devanagari-font',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      if (ssr) return;
      const require = createRequire(import.meta.url);
      // harfbuzz's subsetter keeps what shaping the characters needs (conjuncts, vowel signs).
      const hindi = rangeCharacters(DEVANAGARI_FONT_RANGES);
      for (const weight of DEVANAGARI_FONT_WEIGHTS) {
        this.emitFile({
          type: 'asset',
          name: `noto-sans-devanagari-${weight}.woff2`,
          originalFileName: devanagariFontKey(weight),
          source: await subsetFont(readFileSync(require.resolve(devanagariFontSource(weight))), hindi, {
            targetFormat: 'woff2',
          }),
        });
      }
      const ui = await subsetFont(
        readFileSync(require.resolve(devanagariFontSource(DEVANAGARI_UI_FONT_WEIGHT))),
        englishUiChars(),
        { targetFormat: 'woff2' },
      );
      this.emitFile({
        type: 'asset',
        name: 'noto-sans-devanagari-ui.woff2',
        originalFileName: DEVANAGARI_UI_FONT_KEY,
        source: ui,
      });
    },
  };
}
