import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE } from './default-image.js';

describe('DEFAULT_IMAGE', () => {
  it('offers four widths, the widest being the picture itself at its own size', () => {
    const candidates = DEFAULT_IMAGE.srcSet.split(',').map((c) => c.trim().split(/\s+/));
    expect(candidates).toHaveLength(4);
    const widths = candidates.map(([, w]) => Number(/^(\d+)w$/.exec(w ?? '')?.[1]));
    expect(widths).toEqual([300, 768, 1024, 1200]);
    expect(candidates.at(-1)).toEqual([DEFAULT_IMAGE.url, `${DEFAULT_IMAGE.width}w`]);
    // Each smaller file keeps the picture's proportions (named {width}x{height}).
    for (const [file, w] of candidates.slice(0, -1)) {
      const [, fw, fh] = /-(\d+)x(\d+)\.jpg$/.exec(file!) ?? [];
      expect(`${fw}w`).toBe(w);
      expect(Math.round((Number(fw) * DEFAULT_IMAGE.height) / DEFAULT_IMAGE.width)).toBe(Number(fh));
    }
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_IMAGE)).toBe(true);
  });
});
