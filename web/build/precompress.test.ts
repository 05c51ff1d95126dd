import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressFiles } from './precompress';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressFiles', () => {
  it('writes a brotli and a gzip copy beside each compressible file worth it, and nothing else', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const script = `export const x = ${JSON.stringify('a'.repeat(2000))};\n`;
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'assets', 'app-1.js'), script);
    writeFileSync(path.join(dir, 'assets', 'tiny.css'), 'a{}');
    writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(4096, 7));
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ pad: 'b'.repeat(2000) }));

    expect(precompressFiles(dir)).toBe(1);
    const br = readFileSync(path.join(dir, 'assets', 'app-1.js.br'));
    const gz = readFileSync(path.join(dir, 'assets', 'app-1.js.gz'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(zlib.gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    for (const skipped of [
      'assets/tiny.css.br',
      'photo.jpg.br',
      '.vite/manifest.json.br',
      'assets/app-1.js.br.br',
    ]) {
      expect(existsSync(path.join(dir, skipped)), skipped).toBe(false);
    }
  });
});
