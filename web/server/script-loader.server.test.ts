import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptLoader } from './html.server';

const ASSETS = { entry: '/assets/entry-1.js', preload: ['/assets/shared-1.js'], css: [], modules: {} };

/**
 * Runs the loader's inline script in a sandbox whose event loop the test drives step by step:
 * the load event, animation frames, timers and paint-timing entries happen when the test says so.
 */
function sandbox(opts: { readyState?: string; paintTiming?: boolean } = {}) {
  const appended: string[] = [];
  const listeners = new Map<string, Array<(e: unknown) => void>>();
  const frames: Array<() => void> = [];
  const timers: Array<{ at: number; fn: () => void }> = [];
  const observers: Array<(list: { getEntriesByName(n: string): unknown[] }) => void> = [];
  let now = 0;
  const node = (kind: string) => {
    const el: Record<string, unknown> = {};
    return new Proxy(el, {
      set(target, key, value) {
        target[key as string] = value;
        if ((kind === 'script' && key === 'src') || (kind === 'link' && key === 'href'))
          appended.push(`${kind} ${String(value)}`);
        return true;
      },
    });
  };
  class FakeObserver {
    static supportedEntryTypes = opts.paintTiming === false ? ['navigation'] : ['paint', 'navigation'];
    constructor(private readonly cb: (list: { getEntriesByName(n: string): unknown[] }) => void) {}
    observe(o: { type: string }) {
      if (o.type === 'paint') observers.push(this.cb);
    }
    disconnect() {
      const i = observers.indexOf(this.cb);
      if (i >= 0) observers.splice(i, 1);
    }
  }
  const context = vm.createContext({
    document: {
      readyState: opts.readyState ?? 'interactive',
      documentElement: { dataset: {} },
      createElement: node,
      head: { appendChild() {} },
      body: { appendChild() {} },
      getElementById: () => null,
    },
    addEventListener(type: string, fn: (e: unknown) => void) {
      listeners.set(type, [...(listeners.get(type) ?? []), fn]);
    },
    requestAnimationFrame(fn: () => void) {
      frames.push(fn);
    },
    setTimeout(fn: () => void, ms: number) {
      timers.push({ at: now + ms, fn });
    },
    PerformanceObserver: FakeObserver,
  });
  vm.runInContext(scriptLoader({ assets: ASSETS }), context);
  const runTimers = () => {
    for (const t of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.fn();
    }
  };
  return {
    scripts: () => appended.filter((a) => a.startsWith('script ')),
    all: () => appended.slice(),
    fire: (type: string) => (listeners.get(type) ?? []).forEach((fn) => fn({})),
    /** One frame: the callbacks asked for before it, then the tasks queued for now. */
    frame: () => {
      frames.splice(0).forEach((fn) => fn());
      runTimers();
    },
    paint: (name: string) =>
      observers.slice().forEach((cb) => cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) })),
    advance: (ms: number) => {
      now += ms;
      runTimers();
    },
  };
}

describe('the page script loader', () => {
  it('starts the scripts only after the load event and the first contentful paint has been presented', () => {
    const page = sandbox();
    page.fire('load');
    page.frame();
    page.frame();
    // The frame after load has been drawn, but the browser has not reported the paint: on a busy
    // phone it is still on its way to the screen.
    expect(page.scripts()).toEqual([]);
    page.paint('first-paint');
    page.frame();
    expect(page.scripts()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.scripts()).toEqual([]);
    // Then the frame after the load event's (an image the load waited for is painted there).
    page.frame();
    expect(page.scripts()).toEqual([]);
    page.frame();
    expect(page.scripts()).toEqual(['script /assets/entry-1.js']);
    // Once only, whatever follows.
    page.fire('pointerdown');
    page.advance(5_000);
    expect(page.scripts()).toHaveLength(1);
  });

  it('does not wait for a paint before the load event', () => {
    const page = sandbox();
    page.paint('first-contentful-paint');
    page.frame();
    expect(page.scripts()).toEqual([]);
    page.fire('load');
    // The paint entry is buffered: the observer hears of it when it starts observing.
    page.paint('first-contentful-paint');
    page.frame();
    page.frame();
    expect(page.scripts()).toEqual(['script /assets/entry-1.js']);
  });

  it('falls back to two frames after the load event where paint timing is missing', () => {
    const page = sandbox({ paintTiming: false });
    page.fire('load');
    page.frame();
    page.frame();
    expect(page.scripts()).toEqual(['script /assets/entry-1.js']);
  });

  it('starts them after 3 s when no paint is ever reported, and at once on a tap', () => {
    const late = sandbox();
    late.fire('load');
    late.frame();
    late.advance(2_999);
    expect(late.scripts()).toEqual([]);
    late.advance(1);
    expect(late.scripts()).toEqual(['script /assets/entry-1.js']);

    const tapped = sandbox();
    tapped.fire('pointerdown');
    expect(tapped.scripts()).toEqual(['script /assets/entry-1.js']);
  });

  it('on a page already loaded, waits for the paint too, then preloads the chunks with the entry', () => {
    const page = sandbox({ readyState: 'complete' });
    page.frame();
    expect(page.all()).toEqual([]);
    page.paint('first-contentful-paint');
    page.frame();
    page.frame();
    expect(page.all()).toEqual([
      'link /assets/entry-1.js',
      'link /assets/shared-1.js',
      'script /assets/entry-1.js',
    ]);
  });
});
