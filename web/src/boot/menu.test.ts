// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initMenu } from './menu';

function page() {
  document.body.innerHTML = `
    <header>
      <button aria-controls="mobile-menu" aria-expanded="false" aria-label="Open menu"><svg></svg></button>
      <nav id="mobile-menu"><a href="/blog">Blog</a><a href="/about/">About</a></nav>
    </header>`;
  return {
    button: document.querySelector('button')!,
    menu: document.getElementById('mobile-menu')!,
  };
}

describe('the phone menu', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('opens and closes on the button, with aria-expanded, the label and data-open', () => {
    const { button, menu } = page();
    const opened = vi.fn();
    initMenu(document, opened);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    expect(menu.hasAttribute('data-open')).toBe(true);
    expect(opened).toHaveBeenCalledWith(menu);
    // A tap on the icon inside the button counts as a tap on the button.
    button.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Open menu');
    expect(menu.hasAttribute('data-open')).toBe(false);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('closes again when the page comes back from the back/forward cache', () => {
    const { button, menu } = page();
    initMenu(document);
    button.click();
    const event = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(event, 'persisted', { value: true });
    window.dispatchEvent(event);
    expect(menu.hasAttribute('data-open')).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
