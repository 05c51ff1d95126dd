// @vitest-environment happy-dom
// The page boot script as the build makes it, run the way a browser runs it: a classic inline script
// at the end of the page, reading its own element.
import vm from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MOBILE_MENU } from '../src/components/layout/navigation';
import { buildPageBoot, pageBoot } from './page-boot';
import { PAGE_BOOT_FILE } from './page-boot-file';

// happy-dom runs no scripts: the entry module the page adds counts as loaded, not as an error.
const happyDOM = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM;
happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

let code: string;
beforeAll(async () => {
  code = await buildPageBoot();
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the built page boot script', () => {
  it('is one classic script: no imports or exports, nothing that would end its <script> element', () => {
    expect(() => new vm.Script(code)).not.toThrow();
    expect(code).not.toMatch(/<\/script|<!--|<script/i);
    // It carries the menu's id and labels, not the rest of the navigation or the site's modules.
    expect(code).toContain(MOBILE_MENU.closeLabel);
    expect(code).not.toContain('Practice Areas');
    // Small enough to inline into every page.
    expect(code.length).toBeLessThan(2_500);
  });

  it('runs the phone menu at once and starts the scripts named on its element after the page', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    // A browser without paint timing: two frames after the load event.
    vi.stubGlobal('PerformanceObserver', undefined);
    document.body.innerHTML = `
      <button aria-expanded="false" aria-controls="${MOBILE_MENU.id}"></button>
      <nav id="${MOBILE_MENU.id}"></nav>
      <script data-entry="/assets/entry-1.js" data-chunks="/assets/entry-1.js /assets/route-1.js"></script>`;
    const element = document.querySelector('script')!;
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => element });
    try {
      new Function(code)();
    } finally {
      Reflect.deleteProperty(document, 'currentScript');
    }

    document.querySelector('button')!.click();
    expect(document.getElementById(MOBILE_MENU.id)!.style.display).toBe('flex');

    window.dispatchEvent(new Event('load'));
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    const added = [...document.querySelectorAll('link[rel=modulepreload], script[type=module]')];
    expect(added.map((e) => e.getAttribute('href') ?? `module ${e.getAttribute('src')}`)).toEqual([
      '/assets/entry-1.js',
      '/assets/route-1.js',
      'module /assets/entry-1.js',
    ]);
  });
});

describe('pageBoot (the build plugin)', () => {
  type Hooks = {
    configResolved(config: unknown): void;
    buildStart(): void;
    generateBundle(this: { emitFile(file: unknown): void }): Promise<void>;
  };
  const run = async (ssr: boolean) => {
    const plugin = pageBoot() as unknown as Hooks;
    const emitted: Array<{ fileName: string; source: string }> = [];
    plugin.configResolved({ build: { ssr } });
    plugin.buildStart();
    await plugin.generateBundle.call({
      emitFile: (file) => emitted.push(file as { fileName: string; source: string }),
    });
    return emitted;
  };

  it('writes the script beside the browser build’s manifest, where the server reads it', async () => {
    const emitted = await run(false);
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.fileName).toBe(PAGE_BOOT_FILE);
    expect(emitted[0]!.source).toBe(code);
  }, 60_000);

  it('leaves the server build alone', async () => {
    expect(await run(true)).toEqual([]);
  });
});
