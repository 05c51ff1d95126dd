// The phone menu: its button opens and closes it. The server renders it closed; without JavaScript
// the same links are in the footer. Opening it also tells the browser where the visitor is likely to
// go next (speculation.ts).
import { MENU_LABEL_ATTRS, MOBILE_MENU } from '../components/layout/navigation';

/** The attribute that shows the menu (the header's CSS makes the laid-out menu visible when it is present). */
export const OPEN_ATTR = 'data-open';

/** A finger that moved further than this (CSS px) between touching and lifting was not tapping. */
export const TAP_SLOP_PX = 10;

const BUTTON = `[aria-controls="${MOBILE_MENU.id}"]`;

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
 * Runs `act` when a finger taps `el`, as the finger lifts, and cancels the touch's end, which stops
 * the browser's compatibility mouse events and the click that would follow. Those are what a tap
 * otherwise waits for on a phone: the browser's gesture detection, the pressed state, a hover and
 * the button's focus, each a style update of the page (on a low-tier phone 30-50 ms before the click
 * arrived). A touch that moved, was cancelled or became a scroll (its end no longer cancelable) is
 * left to the browser. Mouse, keyboard and assistive technology still come as a click.
 */
function onTap(el: Element, act: () => void): void {
  let start: { id: number; x: number; y: number } | null = null;
  el.addEventListener(
    'touchstart',
    (event) => {
      const e = event as TouchEvent;
      const touch = e.changedTouches[0];
      start =
        e.touches.length === 1 && touch ? { id: touch.identifier, x: touch.clientX, y: touch.clientY } : null;
    },
    { passive: true },
  );
  el.addEventListener('touchcancel', () => (start = null), { passive: true });
  el.addEventListener(
    'touchend',
    (event) => {
      const e = event as TouchEvent;
      const from = start;
      start = null;
      if (!from || !e.cancelable) return;
      const touch = [...e.changedTouches].find((t) => t.identifier === from.id);
      if (!touch || Math.hypot(touch.clientX - from.x, touch.clientY - from.y) > TAP_SLOP_PX) return;
      e.preventDefault();
      act();
    },
    { passive: false },
  );
}

/**
 * The button works as soon as this runs: a click anywhere on it (one listener on the document), or a
 * finger's tap (onTap). `onOpen` is told each time the menu opens, with the menu's element.
 */
export function initMenu(doc: Document, onOpen: (menu: HTMLElement) => void = () => {}): void {
  const toggle = (button: Element) => {
    const menu = doc.getElementById(MOBILE_MENU.id);
    if (!menu) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    setMenuOpen(button, menu, open);
    if (open) onOpen(menu);
  };
  doc.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTON) : null;
    if (button) toggle(button);
  });
  // The header is the server's and stays: its button is there now. Touch listeners on the button
  // alone leave the rest of the page's touches to the compositor.
  for (const button of doc.querySelectorAll(BUTTON)) onTap(button, () => toggle(button));
  // A page restored from the back/forward cache comes back as it was left: a menu left open by a
  // tap on one of its links is closed again.
  doc.defaultView?.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const menu = doc.getElementById(MOBILE_MENU.id);
    const button = doc.querySelector(BUTTON);
    if (menu && button) setMenuOpen(button, menu, false);
  });
}
