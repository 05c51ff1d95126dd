import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, buildIsStale } from './build-freshness.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A checkout with one file per build input, all older than a finished build. */
function checkout(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'build-freshness-'));
  dirs.push(root);
  const write = (rel: string, when: number) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, when, when);
  };
  const past = Date.now() / 1000 - 3600;
  for (const input of BUILD_INPUTS) write(/\.[a-z]+$/.test(input) ? input : `${input}/file.ts`, past);
  write('web/src/gql/graphql.ts', past);
  write('web/dist/client/.vite/manifest.json', past + 60);
  write('web/dist/server/entry-server.js', past + 60);
  // Folders count too (a file added or removed changes its folder): date them with their files.
  const age = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) age(path.join(dir, entry.name));
    utimesSync(dir, past, past);
  };
  age(root);
  return root;
}

function touch(root: string, rel: string) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'changed');
}

describe('buildIsStale', () => {
  it('is false for a build newer than everything it is made from', () => {
    expect(buildIsStale(checkout())).toBe(false);
  });

  it('is true when the build is missing', () => {
    const root = checkout();
    rmSync(path.join(root, 'web/dist/server/entry-server.js'));
    expect(buildIsStale(root)).toBe(true);
  });

  it.each([
    'web/src/routes/home/HomeRoute.tsx',
    'web/vite.config.ts',
    'web/build/chakra-theme-data.ts',
    'gateway/src/enquiry/rules.ts',
    'package-lock.json',
  ])('is true after a change to %s', (rel) => {
    const root = checkout();
    touch(root, rel);
    expect(buildIsStale(root)).toBe(true);
  });

  it('ignores generated and installed folders', () => {
    const root = checkout();
    touch(root, 'web/src/gql/graphql.ts');
    touch(root, 'web/dist/client/assets/x.js');
    expect(buildIsStale(root)).toBe(false);
  });
});
