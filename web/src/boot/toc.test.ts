// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { elementForHash, initToc } from './toc';

describe('the table of contents', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <nav data-toc><ol><li><a href="#bail%20rules">Bail rules</a></li><li><a href="#missing">Missing</a></li></ol></nav>
      <article><h2 id="bail rules">Bail rules</h2></article>`;
    history.replaceState(null, '', '/blog/post');
  });

  it('finds the element a hash names, decoded', () => {
    expect(elementForHash(document, '#bail%20rules')?.tagName).toBe('H2');
    expect(elementForHash(document, '#%E0%A4')).toBeNull();
    expect(elementForHash(document, '#')).toBeNull();
  });

  it('a tap scrolls to the heading, replaces the hash and moves the focus there', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    initToc(document);
    const link = document.querySelector<HTMLAnchorElement>('a[href="#bail%20rules"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(scrollTo).toHaveBeenCalled();
    expect(location.hash).toBe('#bail%20rules');
    const heading = document.getElementById('bail rules')!;
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.activeElement).toBe(heading);
  });

  it('leaves a link to nothing, and a modified click, to the browser', () => {
    initToc(document);
    const missing = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a[href="#missing"]')!.dispatchEvent(missing);
    expect(missing.defaultPrevented).toBe(false);
    const withCtrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    document.querySelector('a[href="#bail%20rules"]')!.dispatchEvent(withCtrl);
    expect(withCtrl.defaultPrevented).toBe(false);
  });
});
