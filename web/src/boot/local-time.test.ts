// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initLocalTimes } from './local-time';

describe('initLocalTimes', () => {
  it("writes a marked time in the reader's zone, and leaves unmarked or unreadable ones", () => {
    document.body.innerHTML =
      '<time id="a" datetime="2026-07-02T08:15:00.000Z" data-local-time>2 Jul 2026, 1:45 pm</time>' +
      '<time id="b" datetime="2026-07-02T08:15:00.000Z">as written</time>' +
      '<time id="c" datetime="not a date" data-local-time>kept</time>';
    initLocalTimes(document, 'en-GB', 'America/New_York');
    expect(document.getElementById('a')!.textContent).toBe('2 Jul 2026, 04:15');
    expect(document.getElementById('b')!.textContent).toBe('as written');
    expect(document.getElementById('c')!.textContent).toBe('kept');
  });

  it('makes no formatter on a page without one (its first one costs the phone a long task)', () => {
    document.body.innerHTML = '<time datetime="2026-07-02T08:15:00.000Z">2 Jul 2026</time>';
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    initLocalTimes(document, 'en-GB', 'America/New_York');
    expect(made).not.toHaveBeenCalled();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
});
