// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFSET_PX, initSections } from './sections';

describe('section addresses', () => {
  beforeEach(() => {
    document.body.innerHTML = `<section id="contact"></section><span hidden data-open-at="contact"></span>`;
    history.replaceState(null, '', '/contact-us/');
    window.scrollTo(0, 0);
  });

  it('opens the page at the section the server names, and stops on the visitor’s first touch', () => {
    const section = document.getElementById('contact')!;
    let top = 2000;
    section.getBoundingClientRect = () => ({ top }) as DOMRect;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {
      top = OFFSET_PX;
    });
    const stop = initSections(document);
    expect(stop).toBeTypeOf('function');
    expect(scrollTo).toHaveBeenCalledWith({ top: 2000 - OFFSET_PX, behavior: 'instant' });
    window.dispatchEvent(new Event('touchstart'));
    scrollTo.mockClear();
    top = 500;
    stop!();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a #fragment to the browser', () => {
    history.replaceState(null, '', '/contact-us/#office');
    expect(initSections(document)).toBeUndefined();
  });
});
