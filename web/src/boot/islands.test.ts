// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initIslands, readIslandsConfig, type IslandsConfig } from './islands';

const CONFIG: IslandsConfig = {
  entry: '/assets/islands-1.js',
  chunks: { '*': ['/assets/react-1.js'], 'wp-connection': ['/assets/ConnectionStatus-1.js'] },
};

function island(name: string, load: 'page' | 'visible') {
  return `<div data-island="${name}" data-load="${load}" style="display:contents"><div data-island-root style="display:contents"><section><button>Refresh</button></section></div></div>`;
}

describe('islands', () => {
  let observed: Element[];
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  beforeEach(() => {
    document.head.innerHTML = '';
    observed = [];
    report = undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          report = cb;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the config the server wrote', () => {
    document.body.innerHTML = `<script type="application/json" id="islands-config">${JSON.stringify(CONFIG)}</script>`;
    expect(readIslandsConfig(document)).toEqual(CONFIG);
  });

  it('an island of the page starts once the page has painted, with its chunks preloaded', async () => {
    document.body.innerHTML = island('wp-connection', 'page');
    const hydrateIsland = vi.fn(async () => undefined);
    const importer = vi.fn(async () => ({ hydrateIsland }));
    let painted!: () => void;
    const done = initIslands(document, CONFIG, (run) => (painted = run), importer);
    expect(importer).not.toHaveBeenCalled();
    painted();
    await done;
    expect(importer).toHaveBeenCalledWith('/assets/islands-1.js');
    expect(hydrateIsland).toHaveBeenCalledWith(document.querySelector('[data-island]'));
    expect(
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    ).toEqual(['/assets/islands-1.js', '/assets/react-1.js', '/assets/ConnectionStatus-1.js']);
  });

  it('a "visible" island waits until it comes near, watching what it renders (its wrappers have no box)', async () => {
    document.body.innerHTML = island('contact-form', 'visible');
    const hydrateIsland = vi.fn(async () => undefined);
    await initIslands(
      document,
      CONFIG,
      () => undefined,
      async () => ({ hydrateIsland }),
    );
    expect(observed).toEqual([document.querySelector('section')]);
    expect(hydrateIsland).not.toHaveBeenCalled();
    report!([{ isIntersecting: true }]);
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledTimes(1));
  });

  it('a failed download leaves the HTML, and a touch inside the island tries again', async () => {
    document.body.innerHTML = island('contact-form', 'visible');
    const hydrateIsland = vi.fn(async () => undefined);
    const importer = vi
      .fn<(url: string) => Promise<{ hydrateIsland: typeof hydrateIsland }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ hydrateIsland });
    await initIslands(document, CONFIG, () => undefined, importer);
    report!([{ isIntersecting: true }]);
    await vi.waitFor(() => expect(importer).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(hydrateIsland).toHaveBeenCalledTimes(1));
  });

  it('a page without islands, or without config, starts nothing', async () => {
    document.body.innerHTML = '<main></main>';
    const importer = vi.fn();
    await initIslands(document, CONFIG, (run) => run(), importer);
    document.body.innerHTML = island('contact-form', 'page');
    await initIslands(document, null, (run) => run(), importer);
    expect(importer).not.toHaveBeenCalled();
  });
});
