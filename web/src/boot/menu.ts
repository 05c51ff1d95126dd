// The phone menu: its button opens and closes it. The server renders it closed; without JavaScript
// the same links are in the footer. Opening it also tells the browser where the visitor is likely to
// go next (speculation.ts).
import { MENU_LABEL_ATTRS, MOBILE_MENU } from '../components/layout/navigation';

/** The attribute that shows the menu (the header's CSS displays the menu when it is present). */
export const OPEN_ATTR = 'data-open';

export function setMenuOpen(button: Element, menu: HTMLElement, open: boolean): void {
  button.setAttribute('aria-expanded', String(open));
  // The labels in the page's language, as the header wrote them (English when absent).
  const label = open
    ? (button.getAttribute(MENU_LABEL_ATTRS.close) ?? MOBILE_MENU.closeLabel)
    : (button.getAttribute(MENU_LABEL_ATTRS.open) ?? MOBILE_MENU.openLabel);
  button.setAttribute('aria-label', label);
  menu.toggleAttribute(OPEN_ATTR, open);
}

/**
 * One listener on the document: the button works as soon as this runs. `onOpen` is told each time
 * the menu opens, with the menu's element.
 */
export function initMenu(doc: Document, onOpen: (menu: HTMLElement) => void = () => {}): void {
  doc.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest(`[aria-controls="${MOBILE_MENU.id}"]`);
    const menu = doc.getElementById(MOBILE_MENU.id);
    if (!button || !menu) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    setMenuOpen(button, menu, open);
    if (open) onOpen(menu);
  });
  // A page restored from the back/forward cache comes back as it was left: a menu left open by a
  // tap on one of its links is closed again.
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const menu = doc.getElementById(MOBILE_MENU.id);
    const button = doc.querySelector(`[aria-controls="${MOBILE_MENU.id}"]`);
    if (menu && button) setMenuOpen(button, menu, false);
  });
}
