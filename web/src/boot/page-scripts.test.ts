// @vitest-environment happy-dom
// When the page's scripts start: the test drives the page's life step by step (the load event,
// animation frames, timers, paint-timing entries), with fake timers and a paint observer it feeds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCRIPTS_AT_THE_LATEST_MS, scriptStarter, startWhenPainted } from './page-scripts';

// happy-dom runs no scripts: the entry module the page adds counts as loaded, not as an error.
const happyDOM = (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM;
happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }) => void;

/** The paint observers the page has started, and what entries the browser would report. */
const observers = new Set<PaintCallback>();

class FakePaintObserver {
  static supportedEntryTypes = ['paint', 'navigation'];
  constructor(private readonly callback: PaintCallback) {}
  observe(options: { type: string; buffered?: boolean }) {
    if (options.type === 'paint') observers.add(this.callback);
  }
  disconnect() {
    observers.delete(this.callback);
  }
}

/** The browser reports a paint entry to every observer. */
function paint(name: string) {
  for (const callback of [...observers])
    callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
}

let readyState: DocumentReadyState;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  readyState = 'interactive';
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observers.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const load = () => {
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
};
/** One frame: the callbacks asked for before it, then the tasks they queued (due a tick later). */
const frame = () => {
  vi.advanceTimersToNextFrame();
  vi.advanceTimersByTime(1);
};

describe('startWhenPainted', () => {
  it('starts the scripts once the page has loaded and its first contentful paint is on screen, then two frames', () => {
    const start = vi.fn();
    startWhenPainted(window, start);
    load();
    frame();
    frame();
    // The frame after load has been drawn, but the browser has not reported the paint: on a busy
    // phone it is still on its way to the screen.
    expect(start).not.toHaveBeenCalled();
    paint('first-paint');
    frame();
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(observers.size).toBe(0);
    expect(start).not.toHaveBeenCalled();
    // Then the frame after the load event's (an image the load waited for is painted there).
    frame();
    expect(start).not.toHaveBeenCalled();
    frame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a paint before the load event', () => {
    const start = vi.fn();
    startWhenPainted(window, start);
    paint('first-contentful-paint');
    frame();
    frame();
    expect(observers.size).toBe(0);
    expect(start).not.toHaveBeenCalled();
    load();
    // The paint entry is buffered: the observer hears of it when it starts observing.
    expect(observers.size).toBe(1);
    paint('first-contentful-paint');
    frame();
    frame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded, waits for the paint too', () => {
    readyState = 'complete';
    const start = vi.fn();
    startWhenPainted(window, start);
    frame();
    frame();
    expect(start).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    frame();
    frame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('falls back to two frames after the load event where paint timing is missing', () => {
    for (const observer of [undefined, { supportedEntryTypes: ['navigation'] }]) {
      vi.stubGlobal('PerformanceObserver', observer);
      const start = vi.fn();
      startWhenPainted(window, start);
      load();
      frame();
      expect(start).not.toHaveBeenCalled();
      frame();
      expect(start).toHaveBeenCalledTimes(1);
    }
  });

  it('falls back to two frames where the browser refuses to observe paints', () => {
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakePaintObserver {
        override observe(): void {
          throw new TypeError('not supported');
        }
      },
    );
    const start = vi.fn();
    startWhenPainted(window, start);
    load();
    frame();
    frame();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts them after 3 s when the page never loads', () => {
    const start = vi.fn();
    startWhenPainted(window, start);
    vi.advanceTimersByTime(SCRIPTS_AT_THE_LATEST_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerdown', 'keydown'])('starts them at once on %s', (type) => {
    const start = vi.fn();
    startWhenPainted(window, start);
    window.dispatchEvent(new Event(type));
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('scriptStarter', () => {
  it('preloads the chunks and adds the entry module, once however often it is called', () => {
    const start = scriptStarter(document, {
      entry: '/assets/entry-1.js',
      chunks: ['/assets/entry-1.js', '/assets/shared-1.js'],
    });
    expect(document.querySelectorAll('script, link')).toHaveLength(0);
    start();
    start();
    const preloads = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('href')]);
    expect(preloads).toEqual([
      ['modulepreload', '/assets/entry-1.js'],
      ['modulepreload', '/assets/shared-1.js'],
    ]);
    const scripts = [...document.body.querySelectorAll('script')].map((s) => [s.type, s.getAttribute('src')]);
    expect(scripts).toEqual([['module', '/assets/entry-1.js']]);
  });
});
