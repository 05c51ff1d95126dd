// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFOCUS_KEY, initSearch, searchAddress } from './search';

function page(q = '', category = '') {
  document.body.innerHTML = `
    <form role="search" method="get" action="/blog" data-live-search>
      <input type="search" name="q" value="${q}">
      ${category ? `<input type="hidden" name="category" value="${category}">` : ''}
    </form>`;
  return document.querySelector<HTMLInputElement>('input[name="q"]')!;
}

describe('live search', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/blog');
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('builds the address the form would send, without empty fields', () => {
    page(' bail ', 'family-law');
    expect(searchAddress(document.querySelector('form')!)).toBe('/blog?q=bail&category=family-law');
    page('');
    expect(searchAddress(document.querySelector('form')!)).toBe('/blog');
  });

  it('asks for the results after a pause in typing, once', () => {
    const input = page();
    const go = vi.fn();
    initSearch(document, { pauseMs: 300, go });
    input.value = 'ba';
    input.dispatchEvent(new Event('input'));
    vi.advanceTimersByTime(200);
    input.value = 'bail';
    input.dispatchEvent(new Event('input'));
    vi.advanceTimersByTime(299);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledExactlyOnceWith('/blog?q=bail');
  });

  it('does nothing when the box says what the page shows, and the page of a typed search takes the focus back', () => {
    history.replaceState(null, '', '/blog?q=bail');
    sessionStorage.setItem(REFOCUS_KEY, '1');
    const input = page('bail');
    const go = vi.fn();
    initSearch(document, { pauseMs: 300, go });
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(4);
    expect(sessionStorage.getItem(REFOCUS_KEY)).toBeNull();
    input.value = 'bail ';
    input.dispatchEvent(new Event('input'));
    vi.advanceTimersByTime(1000);
    expect(go).not.toHaveBeenCalled();
  });
});
