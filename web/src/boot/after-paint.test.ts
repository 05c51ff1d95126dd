// @vitest-environment happy-dom
// When the islands' code may start: once the page has loaded and painted (two frames after the first
// contentful paint), at most LATEST_START_MS after the page started, or at once on a tap or a key.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_START_MS, afterPaint, inTurn } from './islands';

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

describe('afterPaint', () => {
  let paint: PaintCallback | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
    paint = undefined;
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          constructor(cb: PaintCallback) {
            paint = cb;
          }
          observe() {}
          disconnect() {}
        },
        { supportedEntryTypes: ['paint'] },
      ),
    );
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(
      (cb) => setTimeout(() => cb(0), 16) as never,
    );
    vi.spyOn(performance, 'now').mockReturnValue(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const loaded = () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
  };

  it('waits for the first contentful paint, then two frames', async () => {
    loaded();
    const run = vi.fn();
    afterPaint(document)(run);
    await vi.advanceTimersByTimeAsync(100);
    expect(run).not.toHaveBeenCalled();
    paint!({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
    await vi.advanceTimersByTimeAsync(40);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never waits past LATEST_START_MS: an image that never arrives holds nothing back', async () => {
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    const run = vi.fn();
    afterPaint(document)(run);
    await vi.advanceTimersByTimeAsync(LATEST_START_MS - 1);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a tap or a key before then starts at once', () => {
    Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });
    const run = vi.fn();
    afterPaint(document)(run);
    window.dispatchEvent(new Event('pointerdown'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('stops listening for taps and keys once it has run: later taps call no script', () => {
    const added: string[] = [];
    const removed: string[] = [];
    vi.spyOn(window, 'addEventListener').mockImplementation((type) => void added.push(type));
    vi.spyOn(window, 'removeEventListener').mockImplementation((type) => void removed.push(type));
    const whenPainted = afterPaint(document);
    whenPainted(() => {});
    expect(added).toEqual(expect.arrayContaining(['pointerdown', 'keydown']));
    vi.advanceTimersByTime(LATEST_START_MS);
    expect(removed.sort()).toEqual(['keydown', 'pointerdown']);
  });
});

describe('inTurn', () => {
  it('runs each step in a task of its own, in order, and a failing step does not stop the rest', () => {
    const tasks: (() => void)[] = [];
    const ran: string[] = [];
    inTurn(
      [
        () => ran.push('a'),
        () => {
          throw new Error('broken');
        },
        () => ran.push('c'),
      ],
      (run) => tasks.push(run),
    );
    expect(ran).toEqual([]);
    tasks.shift()!();
    expect(ran).toEqual(['a']);
    expect(() => tasks.shift()!()).toThrow('broken');
    expect(ran).toEqual(['a']);
    tasks.shift()!();
    expect(ran).toEqual(['a', 'c']);
    expect(tasks).toEqual([]);
  });
});
