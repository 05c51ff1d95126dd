import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUILD_INPUTS, BUILD_OUTPUTS, buildIfStale, buildIsStale } from './build-freshness.mjs';

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
  for (const output of BUILD_OUTPUTS) write(output, past + 60);
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

  it('builds the web bundles and both compiled servers', () => {
    expect(BUILD_OUTPUTS).toEqual([
      'web/dist/client/.vite/manifest.json',
      'web/dist/server/entry-server.js',
      'gateway/dist/main.js',
      'web/dist/node/main.server.js',
    ]);
  });

  it.each(BUILD_OUTPUTS)('is true when %s is missing', (rel) => {
    const root = checkout();
    rmSync(path.join(root, rel));
    expect(buildIsStale(root)).toBe(true);
  });

  it('is true when one part was built before a change and the others after it', () => {
    const root = checkout();
    const now = Date.now() / 1000;
    touch(root, 'gateway/src/server.ts');
    // The web build ran after the change, the compiled gateway (an hour old) did not.
    for (const output of BUILD_OUTPUTS.filter((o) => o !== 'gateway/dist/main.js'))
      utimesSync(path.join(root, output), now + 60, now + 60);
    expect(buildIsStale(root)).toBe(true);
  });

  it.each([
    'web/src/routes/home/HomeRoute.tsx',
    'web/vite.config.ts',
    'web/build/chakra-theme-data.ts',
    'gateway/src/enquiry/rules.ts',
    'web/server/app.server.ts',
    'packages/content-model/src/index.ts',
    'scripts/server-bundle.mjs',
    'scripts/server-web.vite.config.mjs',
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

describe('buildIfStale', () => {
  /** Gives the checkout an `npm run build` that counts its runs in builds.txt and writes the outputs. */
  function withBuild(root: string, exitCode = 0) {
    const build = [
      "const fs = require('node:fs');",
      "fs.appendFileSync('builds.txt', 'x');",
      `for (const f of ${JSON.stringify(BUILD_OUTPUTS)}) fs.writeFileSync(f, 'built');`,
      `process.exit(${exitCode});`,
    ].join('\n');
    writeFileSync(path.join(root, 'build.cjs'), build);
    writeFileSync(
      path.join(root, 'package.json'),
      JSON.stringify({ private: true, scripts: { build: 'node build.cjs' } }),
    );
    // package.json is a build input: as old as the rest.
    const past = Date.now() / 1000 - 3600;
    utimesSync(path.join(root, 'package.json'), past, past);
  }
  const builds = (root: string) => readFileSync(path.join(root, 'builds.txt'), 'utf8');
  const quiet = { log: () => {} };

  it('builds a stale checkout once, then leaves the fresh build alone', () => {
    const root = checkout();
    withBuild(root);
    touch(root, 'web/server/app.server.ts');
    expect(buildIfStale(root, quiet)).toBe(true);
    expect(builds(root)).toBe('x');
    expect(buildIfStale(root, quiet)).toBe(false);
    expect(builds(root)).toBe('x');
  });

  it('stops with the exit status of a failed build', () => {
    const root = checkout();
    withBuild(root, 3);
    rmSync(path.join(root, 'gateway/dist/main.js'));
    expect(() => buildIfStale(root, quiet)).toThrow('npm run build failed (3)');
  });
});
