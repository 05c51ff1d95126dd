import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAssets } from './assets.server';
import { renderDocument } from './html.server';
import { routes, type RouteHandle } from '../src/routes';

const WEB_DIR = path.resolve(__dirname, '..');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function withManifest(manifest: object): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const MANIFEST = {
  'src/entry-client.tsx': {
    file: 'assets/entry-client-1.js',
    isEntry: true,
    imports: ['_shared-1.js'],
    dynamicImports: ['src/routes/home/HomeRoute.tsx'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_icon-1.js': { file: 'assets/icon-1.js', imports: ['_shared-1.js', 'src/entry-client.tsx'] },
  'src/routes/home/HomeRoute.tsx': {
    file: 'assets/HomeRoute-1.js',
    isDynamicEntry: true,
    imports: ['src/entry-client.tsx', '_shared-1.js', '_icon-1.js'],
  },
};

describe('readAssets', () => {
  it('maps each lazily loaded module to its chunk and the imports the entry does not bring', () => {
    const assets = readAssets(withManifest(MANIFEST));
    expect(assets.entry).toBe('/assets/entry-client-1.js');
    expect(assets.preload).toEqual(['/assets/shared-1.js']);
    expect(assets.modules).toEqual({
      'src/routes/home/HomeRoute.tsx': ['/assets/HomeRoute-1.js', '/assets/icon-1.js'],
    });
  });

  it('loads the entry after the page, with the rendered route chunks preloaded once each', () => {
    const assets = readAssets(withManifest(MANIFEST));
    const html = renderDocument({
      head: null,
      styles: '',
      html: '',
      assets,
      modules: ['src/routes/home/HomeRoute.tsx', 'src/routes/home/HomeRoute.tsx', 'src/unknown.tsx'],
      siteName: 'Site',
      nonce: 'nonce-placeholder',
    });
    // No script or preload in the markup competes with the page's images for a slow connection.
    expect(html).not.toContain('modulepreload"');
    expect(html).not.toContain('type="module"');
    const loader = /<script nonce="[^"]+">(\(function\(c,e\).*?)<\/script>/s.exec(html)?.[1];
    expect(loader).toBeDefined();
    const [, chunks, entry] = /\)\((\[[^\]]*\]),("[^"]+")\)$/.exec(loader!)!;
    expect(JSON.parse(chunks!)).toEqual([
      '/assets/entry-client-1.js',
      '/assets/shared-1.js',
      '/assets/HomeRoute-1.js',
      '/assets/icon-1.js',
    ]);
    expect(JSON.parse(entry!)).toBe('/assets/entry-client-1.js');
  });
});

describe('route handles', () => {
  it('name source files that exist, so the manifest lookup finds them', () => {
    const modules = new Set<string>();
    const visit = (list: typeof routes) =>
      list.forEach((r) => {
        const module = (r.handle as RouteHandle | undefined)?.module;
        if (module) modules.add(module);
        if (r.children) visit(r.children);
      });
    visit(routes);
    expect(modules.size).toBeGreaterThanOrEqual(8);
    for (const module of modules) expect(existsSync(path.join(WEB_DIR, module)), module).toBe(true);
  });
});
