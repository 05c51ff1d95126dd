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
  it("draws the firm's monogram as an opaque square PNG of the icon's size, in its own colours", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    copyFileSync(path.join(import.meta.dirname, '..', 'public', 'logo.svg'), path.join(dir, 'logo.svg'));

    const file = await writeSiteIcon(dir);

    expect(path.basename(file)).toBe(SITE_ICON.file);
    const image = sharp(readFileSync(file));
    const meta = await image.metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', SITE_ICON.size, SITE_ICON.size]);
    // Opaque everywhere (a home screen shows no transparency): navy in the corners and in the disc,
    // the monogram's gold on its ring.
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const navy = [0x1a, 0x36, 0x5d];
    expect(pixel(0, 0)).toEqual(navy);
    expect(pixel(info.width - 1, info.height - 1)).toEqual(navy);
    const ring = pixel(Math.round(SITE_ICON.size / 2), Math.round((SITE_ICON.size * (32 - 28.5)) / 64));
    expect(ring[0]).toBeGreaterThan(150);
    expect(ring[0]).toBeGreaterThan(ring[2]! + 60);
  });

  it('fails with the missing logo named, writing nothing', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    await expect(writeSiteIcon(dir)).rejects.toThrow(/logo\.svg/);
  });
});
