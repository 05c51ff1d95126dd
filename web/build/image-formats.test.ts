import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeImageFormats } from './image-formats';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A photograph-like picture: a gradient with noise, which JPEG keeps at a realistic size. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 7) % 251) ^ (i % width);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

describe('encodeImageFormats', () => {
  it('writes a smaller AVIF and WebP beside each photograph, of the same size in pixels, and nothing else', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'image-formats-'));
    mkdirSync(path.join(dir, 'people'));
    writeFileSync(path.join(dir, 'hero.jpg'), await photo(320, 180));
    writeFileSync(path.join(dir, 'people', 'a.jpg'), await photo(96, 96));
    writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

    const written = (await encodeImageFormats(dir)).map((f) => path.relative(dir, f)).sort();
    for (const file of written) {
      const original = file.replace(/\.(avif|webp)$/, '');
      const meta = await sharp(readFileSync(path.join(dir, file))).metadata();
      expect([file, meta.format === 'heif' ? 'avif' : meta.format]).toEqual([
        file,
        path.extname(file).slice(1),
      ]);
      expect([meta.width, meta.height]).toEqual([
        original.startsWith('hero') ? 320 : 96,
        original.startsWith('hero') ? 180 : 96,
      ]);
      expect(statSync(path.join(dir, file)).size).toBeLessThan(statSync(path.join(dir, original)).size);
    }
    expect(written).toContain('hero.jpg.avif');
    expect(written).toContain('hero.jpg.webp');
    expect(existsSync(path.join(dir, 'logo.svg.avif'))).toBe(false);
  });

  it('writes no copy that would be larger than its original', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'image-formats-'));
    // A 1×1 PNG: about 70 bytes, which no AVIF container undercuts.
    writeFileSync(
      path.join(dir, 'dot.png'),
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    expect(await encodeImageFormats(dir)).not.toContain(path.join(dir, 'dot.png.avif'));
  });
});
