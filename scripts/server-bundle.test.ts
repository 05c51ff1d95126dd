import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVERS, keepModuleLocations, type ServerBuildConfig } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const transformOf = (outDir: string) => keepModuleLocations(outDir).transform;

/** Runs `code` as the module `id` would run once compiled into a bundle in `outDir`. */
async function asBundled(code: string, id: string, outDir: string): Promise<Record<string, unknown>> {
  const result = transformOf(outDir)(code, id);
  mkdirSync(outDir, { recursive: true });
  const bundle = path.join(outDir, 'bundle.mjs');
  writeFileSync(bundle, result?.code ?? code);
  return { ...((await import(pathToFileURL(bundle).href)) as Record<string, unknown>) };
}

describe('keepModuleLocations', () => {
  it("gives a module compiled into the bundle its own source's import.meta.url, dirname and filename", async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
    dirs.push(tmp);
    const source = path.join(tmp, 'gateway', 'src', 'security', 'armor.ts');
    const mod = await asBundled(
      'export const url = import.meta.url;\n' +
        'export const dir = import.meta.dirname;\n' +
        'export const file = import.meta.filename;\n',
      source,
      path.join(tmp, 'gateway', 'dist'),
    );
    expect(mod).toEqual({
      url: pathToFileURL(source).href,
      dir: path.dirname(source),
      file: source,
    });
  });

  it('resolves a folder next to the sources as the sources do, wherever the bundle is', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'server-bundle-'));
    dirs.push(tmp);
    const code =
      "import path from 'node:path';\nimport { fileURLToPath } from 'node:url';\n" +
      "export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');\n";
    const source = path.join(tmp, 'web', 'server', 'config.server.ts');
    // The web server's bundle sits one folder deeper than its sources.
    const mod = await asBundled(code, source, path.join(tmp, 'web', 'dist', 'node'));
    expect(mod.repoRoot).toBe(tmp);
  });

  it('leaves installed packages and modules without import.meta alone', () => {
    const transform = transformOf('/repo/gateway/dist');
    expect(transform('export const u = import.meta.url;', '/repo/node_modules/x/index.js')).toBeNull();
    expect(transform('export const a = 1;', '/repo/gateway/src/a.ts')).toBeNull();
    expect(transform('export const u = import.meta.url;', '\0virtual:module')).toBeNull();
  });
});

describe('the two server builds', () => {
  it.each(['gateway', 'web'] as const)(
    'compiles %s from its entry point to the one file npm start and the image run',
    async (name) => {
      const config = (await import(`./server-${name}.vite.config.mjs`)).default as ServerBuildConfig;
      const { build } = config;
      expect(config.root).toBe(path.join(root, SERVERS[name].workspace));
      expect(build.ssr).toBe(path.join(root, SERVERS[name].source));
      expect(path.join(build.outDir, build.rolldownOptions.output.entryFileNames)).toBe(
        path.join(root, SERVERS[name].compiled),
      );
      expect(build.rolldownOptions.output.codeSplitting).toBe(false);
    },
  );
});
