import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_ICON } from '../src/app/site-icon';
import { writeSiteIcon } from './site-icon';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeSiteIcon', () => {
  it("draws the firm's monogram as a square PNG of the icon's size, in its own colours", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    copyFileSync(path.join(import.meta.dirname, '..', 'public', 'logo.svg'), path.join(dir, 'logo.svg'));

    const file = await writeSiteIcon(dir);

    expect(path.basename(file)).toBe(SITE_ICON.file);
    const image = sharp(readFileSync(file));
    const meta = await image.metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SITE_ICON.size, SITE_ICON.size]);
    // The monogram's navy disc fills the middle; the corners outside the circle stay transparent.
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4),
    ];
    expect(pixel(0, 0)[3]).toBe(0);
    const [r, g, b, a] = pixel(Math.round(SITE_ICON.size * 0.3), Math.round(SITE_ICON.size * 0.8));
    expect(a).toBe(255);
    expect(b).toBeGreaterThan(r! + 40);
    expect(b).toBeGreaterThan(g!);
  });

  it('fails with the missing logo named, writing nothing', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    await expect(writeSiteIcon(dir)).rejects.toThrow(/logo\.svg/);
  });
});
