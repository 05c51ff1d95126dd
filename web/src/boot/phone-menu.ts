import { MOBILE_MENU } from '../components/layout/navigation';

/**
 * The phone menu before the app has taken over. On a slow phone the header is on screen seconds
 * before its script, and the menu button is the way to every other page: until the app marks
 * `<html data-hydrated>`, a click on the button opens or closes the menu here, with the state the
 * header renders (the button's aria-expanded and label, the menu shown or not). The menu's display
 * is set inline; when the header hydrates it adopts that state (adoptMenuState) and takes over.
 */
export function openMenuBeforeHydration(win: Window): void {
  const doc = win.document;
  win.addEventListener('click', (event) => {
    if (doc.documentElement.dataset.hydrated) return;
    const target = event.target as Element | null;
    const button = target?.closest?.(`[aria-controls="${MOBILE_MENU.id}"]`);
    const menu = doc.getElementById(MOBILE_MENU.id);
    if (!button || !menu) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? MOBILE_MENU.closeLabel : MOBILE_MENU.openLabel);
    menu.style.display = open ? 'flex' : 'none';
  });
}

/**
 * For the header as it hydrates: whether the visitor left the menu open (true), closed (false) or
 * never touched it (null). The inline display is removed so the header's own styles decide again.
 */
export function adoptMenuState(doc: Document): boolean | null {
  const menu = doc.getElementById(MOBILE_MENU.id);
  if (!menu?.style.display) return null;
  const open = menu.style.display !== 'none';
  menu.style.removeProperty('display');
  return open;
}
