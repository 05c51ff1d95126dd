import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BOOT_ENTRY, ISLANDS_ENTRY, readAssets } from './assets.server';
import { islandsConfig, renderDocument } from './html.server';
import { ISLAND_MODULES } from '../src/islands/island-markup';

const WEB_DIR = path.resolve(__dirname, '..');
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function withManifest(manifest: object, boot = 'console.log("boot")'): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'assets', 'boot-1.js'), `${boot}\n`);
  return dir;
}

const MANIFEST = {
  [BOOT_ENTRY]: { file: 'assets/boot-1.js', isEntry: true },
  [ISLANDS_ENTRY]: {
    file: 'assets/islands-1.js',
    isEntry: true,
    imports: ['_react-1.js'],
    dynamicImports: ['src/components/contact/ContactForm.tsx'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  'fonts/noto-sans-devanagari-400.woff2': { file: 'assets/noto-sans-devanagari-400-1.woff2' },
  'fonts/noto-sans-devanagari-600.woff2': { file: 'assets/noto-sans-devanagari-600-1.woff2' },
  'fonts/noto-sans-devanagari-ui.woff2': { file: 'assets/noto-sans-devanagari-ui-1.woff2' },
  '_rules-1.js': { file: 'assets/rules-1.js', imports: ['_react-1.js'] },
  'src/components/contact/ContactForm.tsx': {
    file: 'assets/ContactForm-1.js',
    isDynamicEntry: true,
    imports: [ISLANDS_ENTRY, '_react-1.js', '_rules-1.js'],
  },
};

describe('readAssets', () => {
  it('reads the boot code, the islands entry with its chunks, and each island module with what the entry does not bring', () => {
    const assets = readAssets(withManifest(MANIFEST));
    expect(assets.boot).toBe('console.log("boot")');
    expect(assets.entry).toBe('/assets/islands-1.js');
    expect(assets.preload).toEqual(['/assets/react-1.js']);
    expect(assets.modules).toEqual({
      'src/components/contact/ContactForm.tsx': ['/assets/ContactForm-1.js', '/assets/rules-1.js'],
    });
  });

  it('refuses a boot module that imports other chunks: it is written into each page whole', () => {
    const manifest = { ...MANIFEST, [BOOT_ENTRY]: { ...MANIFEST[BOOT_ENTRY], imports: ['_react-1.js'] } };
    expect(() => readAssets(withManifest(manifest))).toThrow(/imports other chunks/);
  });

  it('refuses a boot module that would end its inline <script> element', () => {
    for (const markup of ['</script>', '</SCRIPT >', '<!--', '<script>']) {
      expect(() => readAssets(withManifest(MANIFEST, `var s="${markup}"`))).toThrow(
        /would end its inline <script> element/,
      );
    }
    expect(readAssets(withManifest(MANIFEST, 'if(a<b)c()')).boot).toBe('if(a<b)c()');
  });
});

describe('renderDocument', () => {
  const render = (html: string) =>
    renderDocument({
      head: null,
      styles: '',
      html,
      assets: readAssets(withManifest(MANIFEST)),
      siteName: 'Site',
      nonce: 'NONCE',
    });

  it('writes the boot module and the speculation rules with the nonce, and no script file to fetch', () => {
    const html = render('<main><h1>Hi</h1></main>');
    expect(html).toContain('<script type="module" nonce="NONCE">console.log("boot")</script>');
    const rules = /<script type="speculationrules" nonce="NONCE">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(rules!).prerender[0].eagerness).toBe('moderate');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toContain('modulepreload');
    // No islands on the page: nothing tells the boot module about their code.
    expect(html).not.toContain('islands-config');
  });

  it('names the islands entry and the chunks of the islands on the page', () => {
    const html = render('<div data-island="contact-form" data-load="visible"></div>');
    const config = /<script type="application\/json" id="islands-config" nonce="NONCE">(.*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(JSON.parse(config!)).toEqual({
      entry: '/assets/islands-1.js',
      chunks: {
        '*': ['/assets/react-1.js'],
        'contact-form': ['/assets/ContactForm-1.js', '/assets/rules-1.js'],
      },
    });
  });

  it('names favicon.ico for the tab and a PNG for the home screen, and no SVG icon (Chromium builds a document to draw one)', () => {
    const icons = render('<main></main>').match(/<link rel="(?:icon|apple-touch-icon)"[^>]*>/g);
    expect(icons).toEqual([
      '<link rel="icon" href="/favicon.ico" sizes="32x32">',
      '<link rel="apple-touch-icon" sizes="180x180" href="/apple-touch-icon.png">',
    ]);
  });

  it('a page without islands has no islands config', () => {
    expect(islandsConfig('<p data-islander="x">', readAssets(withManifest(MANIFEST)))).toBeNull();
  });
});

describe('island modules', () => {
  it('name source files that exist, and the registry imports each of them', () => {
    const registry = readFileSync(path.join(WEB_DIR, 'src/islands/registry.ts'), 'utf8');
    for (const [name, module] of Object.entries(ISLAND_MODULES)) {
      expect(existsSync(path.join(WEB_DIR, module)), module).toBe(true);
      const imported = `import('../${module.replace(/^src\//, '').replace(/\.tsx?$/, '')}')`;
      expect(registry, name).toContain(`'${name}': () => ${imported}`);
    }
  });
});
