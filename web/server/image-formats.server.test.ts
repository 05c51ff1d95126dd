import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseImageCopy, readImageCopies } from './image-formats.server';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const COPIES = new Set(['hero.jpg.avif', 'hero.jpg.webp', 'people/a.png.webp']);
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('chooseImageCopy', () => {
  it('takes the first format the browser names that the build wrote', () => {
    expect(chooseImageCopy('hero.jpg', CHROME, COPIES)).toEqual({ negotiable: true, copy: 'hero.jpg.avif' });
    expect(chooseImageCopy('hero.jpg', 'image/webp,*/*', COPIES)).toEqual({
      negotiable: true,
      copy: 'hero.jpg.webp',
    });
    expect(chooseImageCopy('people/a.png', CHROME, COPIES)).toEqual({
      negotiable: true,
      copy: 'people/a.png.webp',
    });
  });

  it('sends the original to a browser that names neither (a wildcard is not a promise), or refuses one by q=0', () => {
    for (const accept of [undefined, '', '*/*', 'image/*', 'image/avif;q=0, image/webp;q=0.0'])
      expect(chooseImageCopy('hero.jpg', accept, COPIES), String(accept)).toEqual({
        negotiable: true,
        copy: null,
      });
  });

  it('leaves alone what has no copies or is no photograph', () => {
    for (const rel of ['about.jpg', 'logo.svg', 'hero.jpg.avif', 'hero.JPG'])
      expect(chooseImageCopy(rel, CHROME, COPIES), rel).toEqual({ negotiable: false, copy: null });
  });
});

describe('readImageCopies', () => {
  it('lists the copies below the folder with / separators, none for a folder that is not there', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'image-copies-'));
    mkdirSync(path.join(dir, 'people'));
    mkdirSync(path.join(dir, '.hidden'));
    for (const f of ['hero.jpg', 'hero.jpg.avif', 'people/a.png.webp', 'people/a.png', '.hidden/x.jpg.avif'])
      writeFileSync(path.join(dir, f), '');
    expect([...readImageCopies(dir)].sort()).toEqual(['hero.jpg.avif', 'people/a.png.webp']);
    expect(readImageCopies(path.join(dir, 'missing')).size).toBe(0);
  });
});
