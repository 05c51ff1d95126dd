// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoverMissingDetails, reportNotFound } from './page-state';

describe('page states', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/no-such-page');
  });
  afterEach(() => vi.useRealTimers());

  it('the 404 page names the address in the console, once', () => {
    document.body.innerHTML = '<div data-not-found></div>';
    const log = vi.fn();
    reportNotFound(document, log);
    expect(log).toHaveBeenCalledExactlyOnceWith(
      '404 Error: User attempted to access non-existent route:',
      '/no-such-page',
    );
    document.body.innerHTML = '<main></main>';
    reportNotFound(document, log);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('a page without the firm’s details asks again, with growing pauses, and loads again once it can be had', async () => {
    document.body.innerHTML = '<div data-site-missing></div>';
    const answers = [503, 503, 200];
    const fetch = vi.fn(async () => ({ ok: answers.shift() === 200 }) as Response);
    const reload = vi.fn();
    recoverMissingDetails(document, { delays: [100, 200, 400, 800], fetch, reload });
    await vi.advanceTimersByTimeAsync(100);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('a whole page asks nothing', async () => {
    document.body.innerHTML = '<main></main>';
    const fetch = vi.fn();
    recoverMissingDetails(document, { delays: [1], fetch });
    await vi.advanceTimersByTimeAsync(10);
    expect(fetch).not.toHaveBeenCalled();
  });
});
