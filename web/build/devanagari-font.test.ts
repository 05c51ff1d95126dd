import { describe, expect, it } from 'vitest';
import { devanagariFont, englishUiChars } from './devanagari-font';
import { DEVANAGARI_FONT_WEIGHTS, DEVANAGARI_UI_FONT_KEY, devanagariFontKey } from './devanagari-font-files';

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
      // The subset, not the whole family: tens of KiB.
      expect(emitted[i]!.source.length).toBeLessThan(80_000);
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
