// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TAP_SLOP_PX, initMenu } from './menu';

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

  /** A finger on the button: touches down at (x, y) and lifts at (x + dx, y). */
  function touch(button: Element, opts: { dx?: number; cancelable?: boolean; cancelled?: boolean } = {}) {
    const at = (x: number) => new Touch({ identifier: 7, target: button, clientX: x, clientY: 20 });
    button.dispatchEvent(
      new TouchEvent('touchstart', {
        bubbles: true,
        cancelable: true,
        touches: [at(10)],
        changedTouches: [at(10)],
      }),
    );
    if (opts.cancelled)
      button.dispatchEvent(new TouchEvent('touchcancel', { bubbles: true, changedTouches: [at(10)] }));
    const end = new TouchEvent('touchend', {
      bubbles: true,
      cancelable: opts.cancelable ?? true,
      touches: [],
      changedTouches: [at(10 + (opts.dx ?? 0))],
    });
    button.dispatchEvent(end);
    return end;
  }

  it('opens on a tap as the finger lifts, and cancels the touch so that no click follows', () => {
    const { button, menu } = page();
    const opened = vi.fn();
    initMenu(document, opened);
    const end = touch(button, { dx: TAP_SLOP_PX });
    expect(end.defaultPrevented).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hasAttribute('data-open')).toBe(true);
    expect(opened).toHaveBeenCalledWith(menu);
    touch(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hasAttribute('data-open')).toBe(false);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('leaves to the browser a finger that moved, a cancelled touch and a scroll', () => {
    const { button, menu } = page();
    initMenu(document);
    const cases = [{ dx: TAP_SLOP_PX + 1 }, { cancelled: true }, { cancelable: false }];
    for (const c of cases) {
      const end = touch(button, c);
      expect(end.defaultPrevented, JSON.stringify(c)).toBe(false);
      expect(menu.hasAttribute('data-open'), JSON.stringify(c)).toBe(false);
    }
    // A second finger makes it a gesture, not a tap.
    const at = (id: number) => new Touch({ identifier: id, target: button, clientX: 10, clientY: 20 });
    button.dispatchEvent(
      new TouchEvent('touchstart', { bubbles: true, touches: [at(1), at(2)], changedTouches: [at(2)] }),
    );
    button.dispatchEvent(
      new TouchEvent('touchend', { bubbles: true, cancelable: true, changedTouches: [at(2)] }),
    );
    expect(menu.hasAttribute('data-open')).toBe(false);
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
