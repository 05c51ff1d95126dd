// @vitest-environment happy-dom
// The phone menu before the app has loaded: the header's server HTML, clicked.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_MENU } from '../components/layout/navigation';
import { adoptMenuState, openMenuBeforeHydration } from './phone-menu';

/** The parts of the header's server HTML the menu needs (web/src/components/layout/Header.tsx). */
const HEADER = `
  <header>
    <a href="/">Home</a>
    <button type="button" aria-expanded="false" aria-controls="${MOBILE_MENU.id}" aria-label="${MOBILE_MENU.openLabel}">
      <svg data-icon="open"></svg><svg data-icon="close"></svg>
    </button>
    <nav id="${MOBILE_MENU.id}" aria-label="Mobile"><a href="/contact-us/">Contact</a></nav>
  </header>`;

const button = () => document.querySelector<HTMLButtonElement>(`[aria-controls="${MOBILE_MENU.id}"]`)!;
const menu = () => document.getElementById(MOBILE_MENU.id)!;
const state = () => ({
  expanded: button().getAttribute('aria-expanded'),
  label: button().getAttribute('aria-label'),
  display: menu().style.display,
});

// One listener for the whole file, as a page has one boot script.
beforeAll(() => openMenuBeforeHydration(window));

afterEach(() => {
  document.body.innerHTML = '';
  delete document.documentElement.dataset.hydrated;
});

describe('openMenuBeforeHydration', () => {
  it('opens and closes the menu from its button, or anything inside it, until the app has loaded', () => {
    document.body.innerHTML = HEADER;
    button()
      .querySelector('svg')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(state()).toEqual({ expanded: 'true', label: MOBILE_MENU.closeLabel, display: 'flex' });
    button().click();
    expect(state()).toEqual({ expanded: 'false', label: MOBILE_MENU.openLabel, display: 'none' });
  });

  it('leaves clicks elsewhere, and pages without the menu, alone', () => {
    document.body.innerHTML = HEADER;
    document.querySelector('a')!.addEventListener('click', (e) => e.preventDefault());
    document.querySelector('a')!.click();
    expect(state()).toEqual({ expanded: 'false', label: MOBILE_MENU.openLabel, display: '' });
    menu().remove();
    button().click();
    expect(button().getAttribute('aria-expanded')).toBe('false');
  });

  it('does nothing once the app has taken over', () => {
    document.body.innerHTML = HEADER;
    document.documentElement.dataset.hydrated = 'true';
    button().click();
    expect(state()).toEqual({ expanded: 'false', label: MOBILE_MENU.openLabel, display: '' });
  });
});

describe('adoptMenuState', () => {
  it('tells the header how the visitor left the menu and hands its display back', () => {
    document.body.innerHTML = HEADER;
    expect(adoptMenuState(document)).toBeNull();
    button().click();
    expect(adoptMenuState(document)).toBe(true);
    expect(menu().getAttribute('style')).toBeFalsy();
    // The button still says the menu is open: the next click closes it.
    button().click();
    expect(menu().style.display).toBe('none');
    expect(adoptMenuState(document)).toBe(false);
    expect(menu().style.display).toBe('');
  });

  it('knows no state on a page without the menu', () => {
    expect(adoptMenuState(document)).toBeNull();
  });
});
