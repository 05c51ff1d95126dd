// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initDisclaimer } from './disclaimer';
import { DISCLAIMER_KEY, OPEN_DISCLAIMER_SCRIPT } from '../components/layout/disclaimer-key';

function page() {
  document.body.innerHTML = `
    <a href="/">Home</a>
    <dialog id="disclaimer">
      <button data-disclaimer="leave">Disagree &amp; Leave</button>
      <button data-disclaimer="agree" autofocus>I Agree &amp; Continue</button>
    </dialog>`;
  const dialog = document.querySelector('dialog')!;
  // happy-dom's <dialog>: showModal and close as the browser's set `open`; showModal focuses the
  // autofocus control, as the browser's dialog focusing steps do.
  dialog.showModal = vi.fn(() => {
    dialog.setAttribute('open', '');
    dialog.querySelector<HTMLElement>('[autofocus]')?.focus();
  });
  dialog.close = vi.fn(() => dialog.removeAttribute('open'));
  return {
    dialog,
    agree: document.querySelector<HTMLButtonElement>('[data-disclaimer="agree"]')!,
    leave: document.querySelector<HTMLButtonElement>('[data-disclaimer="leave"]')!,
  };
}

/** Runs a frame's callback at once. */
const now = (run: () => void) => run();

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  } as Storage;
}

describe('the disclaimer', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('opens on a first visit with the focus on I Agree; agreeing stores the flag and closes it', () => {
    const { dialog, agree } = page();
    const storage = memoryStorage();
    initDisclaimer(document, { storage: () => storage, nextFrame: now });
    expect(dialog.showModal).toHaveBeenCalled();
    expect(document.activeElement).toBe(agree);
    agree.click();
    expect(storage.getItem('disclaimerAccepted')).toBe('true');
    expect(dialog.close).toHaveBeenCalled();
  });

  it('never opens for a visitor who has agreed', () => {
    const { dialog } = page();
    initDisclaimer(document, {
      storage: () => memoryStorage({ disclaimerAccepted: 'true' }),
      nextFrame: now,
    });
    expect(dialog.showModal).not.toHaveBeenCalled();
  });

  it('opens when storage is refused, and agreeing still closes it', () => {
    const { dialog, agree } = page();
    const refusing = () => {
      throw new Error('SecurityError');
    };
    initDisclaimer(document, { storage: refusing, nextFrame: now });
    expect(dialog.showModal).toHaveBeenCalled();
    agree.click();
    expect(dialog.close).toHaveBeenCalled();
  });

  it('Escape does not dismiss it; Tab cycles between its two buttons; Disagree leaves', () => {
    const { dialog, agree, leave } = page();
    const left = vi.fn();
    initDisclaimer(document, { storage: () => memoryStorage(), leave: left, nextFrame: now });
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    const tab = (shiftKey: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
      document.activeElement!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(tab(false)).toBe(true);
    expect(document.activeElement).toBe(leave);
    expect(tab(true)).toBe(true);
    expect(document.activeElement).toBe(agree);
    leave.click();
    expect(left).toHaveBeenCalled();
  });

  it('opens in the next frame, not in its own task', () => {
    const { dialog } = page();
    const frames: (() => void)[] = [];
    initDisclaimer(document, { storage: () => memoryStorage(), nextFrame: (run) => frames.push(run) });
    expect(dialog.showModal).not.toHaveBeenCalled();
    frames.shift()!();
    expect(dialog.showModal).toHaveBeenCalledTimes(1);
  });

  describe('the inline opener written after the page', () => {
    // The script as the browser runs it, with this test's storage and frames in place of the window's.
    const frames: (() => void)[] = [];
    const runOpener = (storage: Pick<Storage, 'getItem'>) =>
      new Function('localStorage', 'requestAnimationFrame', OPEN_DISCLAIMER_SCRIPT)(
        storage,
        (run: () => void) => frames.push(run),
      ) as void;
    const nextFrame = () => frames.splice(0).forEach((run) => run());

    it('opens the dialog in the next frame on a first visit, and the boot script then wires it without opening it again', () => {
      const { dialog, agree } = page();
      const storage = memoryStorage();
      runOpener(storage);
      initDisclaimer(document, { storage: () => storage, nextFrame: (run) => frames.push(run) });
      expect(dialog.showModal).not.toHaveBeenCalled();
      nextFrame();
      expect(dialog.showModal).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(agree);
      agree.click();
      expect(storage.getItem(DISCLAIMER_KEY)).toBe('true');
      expect(dialog.open).toBe(false);
    });

    it('leaves it closed for a visitor who agreed, and opens it when storage is refused', () => {
      const { dialog } = page();
      runOpener(memoryStorage({ [DISCLAIMER_KEY]: 'true' }));
      nextFrame();
      expect(dialog.showModal).not.toHaveBeenCalled();
      runOpener({
        getItem: () => {
          throw new Error('SecurityError');
        },
      });
      nextFrame();
      expect(dialog.showModal).toHaveBeenCalledTimes(1);
    });

    it('reads storage in the frame: a page prerendered before the visitor agreed elsewhere stays closed', () => {
      const { dialog } = page();
      const storage = memoryStorage();
      runOpener(storage);
      initDisclaimer(document, { storage: () => storage, nextFrame: (run) => frames.push(run) });
      storage.setItem(DISCLAIMER_KEY, 'true');
      nextFrame();
      expect(dialog.showModal).not.toHaveBeenCalled();
    });

    it('does nothing on a page without the dialog', () => {
      runOpener(memoryStorage());
      expect(() => nextFrame()).not.toThrow();
    });
  });
});
