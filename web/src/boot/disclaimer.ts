// The Bar Council disclaimer (brief §4): a native modal <dialog> the server renders closed on every
// page. On a first visit it opens (usually already opened by the inline script at the end of the
// body, OPEN_DISCLAIMER_SCRIPT); the browser traps focus and makes the page behind it inert. This
// wires its buttons and opens it if that script did not.
// Returning visitors (and crawlers, and browsers without JavaScript) never see it.
import { DISCLAIMER_ID, DISCLAIMER_KEY } from '../components/layout/disclaimer-key';

function agreed(storage: () => Storage): boolean {
  try {
    return storage().getItem(DISCLAIMER_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Keeps Tab and Shift+Tab cycling between the dialog's controls (a modal dialog lets Tab leave for the browser's UI). */
function trapFocus(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const focusable = [
    ...dialog.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])'),
  ];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = dialog.ownerDocument.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (!dialog.contains(active)) {
    event.preventDefault();
    first.focus();
  }
}

export function initDisclaimer(
  doc: Document,
  opts: { storage?: () => Storage; leave?: () => void; nextFrame?: (run: () => void) => void } = {},
): void {
  const storage = opts.storage ?? (() => doc.defaultView!.localStorage);
  const dialog = doc.getElementById(DISCLAIMER_ID);
  if (!(dialog instanceof HTMLDialogElement) || agreed(storage)) return;
  const agree = dialog.querySelector<HTMLElement>('[data-disclaimer="agree"]');
  const leave = dialog.querySelector<HTMLElement>('[data-disclaimer="leave"]');
  // Escape must not dismiss it without a choice.
  dialog.addEventListener('cancel', (event) => event.preventDefault());
  dialog.addEventListener('keydown', (event) => trapFocus(dialog, event));
  agree?.addEventListener('click', () => {
    try {
      storage().setItem(DISCLAIMER_KEY, 'true');
    } catch {
      // Private browsing may refuse storage; the visitor still agreed for this page view.
    }
    dialog.close();
  });
  leave?.addEventListener('click', opts.leave ?? (() => doc.defaultView!.location.assign('about:blank')));
  // The focus goes to I Agree by its autofocus attribute: focusing it here would make the browser
  // lay the whole page out inside this script's task. Opened, if the inline opener has not, in the
  // next frame as that opener does, where the frame's own style and layout are done anyway.
  const nextFrame = opts.nextFrame ?? ((run) => doc.defaultView!.requestAnimationFrame(run));
  nextFrame(() => {
    if (!dialog.open && !agreed(storage)) dialog.showModal();
  });
}
