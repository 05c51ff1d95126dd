import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readAssets } from './assets.server';
import { PAGE_BOOT_FILE } from '../build/page-boot-file';
import { renderDocument } from './html.server';
import { routes, type RouteHandle } from '../src/routes';

const WEB_DIR = path.resolve(__dirname, '..');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const BOOT = '(function(){/* the page boot script */})();';

function withManifest(manifest: object, boot: string | null = BOOT): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (boot !== null) writeFileSync(path.join(dir, PAGE_BOOT_FILE), boot);
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
    // One script at the end of the body: the boot script, under the nonce, naming the page's scripts.
    const [, attributes, inline] = /<script (nonce="[^"]*"[^>]*)>(.*?)<\/script><\/body>/s.exec(html)!;
    expect(inline).toBe(BOOT);
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes!)?.[1];
    expect(attribute('nonce')).toBe('nonce-placeholder');
    expect(attribute('data-entry')).toBe('/assets/entry-client-1.js');
    expect(attribute('data-chunks')?.split(' ')).toEqual([
      '/assets/entry-client-1.js',
      '/assets/shared-1.js',
      '/assets/HomeRoute-1.js',
      '/assets/icon-1.js',
    ]);
  });

  it('refuses a build without its boot script, or one that would end its <script> element', () => {
    expect(() => readAssets(withManifest(MANIFEST, null))).toThrow(/No page boot script .*npm run build/);
    for (const markup of ['</script>', '</SCRIPT >', '<!--', '<script>']) {
      expect(() => readAssets(withManifest(MANIFEST, `(function(){var s="${markup}"})();`))).toThrow(
        /would end its inline <script> element/,
      );
    }
    expect(readAssets(withManifest(MANIFEST, 'if(a<b)c()')).boot).toBe('if(a<b)c()');
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
