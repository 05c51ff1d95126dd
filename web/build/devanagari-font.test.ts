import fontverter from 'fontverter';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { devanagariFont, englishUiChars } from './devanagari-font';
import {
  DEVANAGARI_FONT_RANGES,
  DEVANAGARI_FONT_WEIGHTS,
  DEVANAGARI_UI_FONT_KEY,
  devanagariFontKey,
  rangeCharacters,
} from './devanagari-font-files';

/** The characters a WOFF2 font maps to glyphs (its cmap), read with harfbuzz. */
async function charactersOf(woff2: Buffer): Promise<Set<number>> {
  const face = new hb.Face(new hb.Blob(await fontverter.convert(woff2, 'truetype')), 0);
  return new Set(face.collectUnicodes());
}

interface Emitted {
  type: string;
  name: string;
  originalFileName: string;
  source: Buffer;
}

async function run(ssr: boolean): Promise<Emitted[]> {
  const plugin = devanagariFont();
  const emitted: Emitted[] = [];
  (plugin.configResolved as (c: unknown) => void)({ build: { ssr } });
  await (plugin.buildStart as (this: unknown) => Promise<void>).call({
    emitFile: (file: Emitted) => emitted.push(file),
  });
  return emitted;
}

describe('devanagariFont', () => {
  it("emits each weight's Devanagari subset as a build asset, under its manifest key", async () => {
    const emitted = await run(false);
    expect(emitted.map((f) => f.originalFileName)).toEqual([
      ...DEVANAGARI_FONT_WEIGHTS.map(devanagariFontKey),
      DEVANAGARI_UI_FONT_KEY,
    ]);
    for (const [i, weight] of DEVANAGARI_FONT_WEIGHTS.entries()) {
      expect(emitted[i]!.type).toBe('asset');
      expect(emitted[i]!.name).toBe(`noto-sans-devanagari-${weight}.woff2`);
      expect(emitted[i]!.source.subarray(0, 4).toString()).toBe('wOF2');
      // Cut to Hindi's characters: @fontsource's Devanagari subset was 50-54 KB a weight.
      expect(emitted[i]!.source.length).toBeLessThan(44_000);
    }
  });

  it('keeps every character of Hindi and nothing outside the range the pages declare', async () => {
    const wanted = new Set([...rangeCharacters(DEVANAGARI_FONT_RANGES)].map((c) => c.codePointAt(0)!));
    for (const file of (await run(false)).slice(0, DEVANAGARI_FONT_WEIGHTS.length)) {
      const mapped = await charactersOf(file.source);
      expect(
        [...mapped].filter((c) => !wanted.has(c)),
        file.name,
      ).toEqual([]);
      // The letters, vowel signs, virama, digits and dandas, and ₹ (the range's unassigned points aside).
      for (const ch of 'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसहक्षत्रज्ञािीुूृेैोौंःँ़्०१२३४५६७८९।॥₹')
        expect(mapped.has(ch.codePointAt(0)!), `${file.name} ${ch}`).toBe(true);
    }
  });

  it('cuts a font of a few KB to the Devanagari English pages show (the way to Hindi)', async () => {
    const chars = englishUiChars();
    // The switcher's "हिन्दी" at least, and nothing but Devanagari.
    for (const ch of 'हिन्दी') expect(chars).toContain(ch);
    expect(chars).toMatch(/^\p{Script=Devanagari}+$/u);
    const ui = (await run(false)).find((f) => f.originalFileName === DEVANAGARI_UI_FONT_KEY)!;
    expect(ui.source.subarray(0, 4).toString()).toBe('wOF2');
    expect(ui.source.length).toBeLessThan(12_000);
  });

  it('emits nothing into the server build', async () => {
    expect(await run(true)).toEqual([]);
  });
});
