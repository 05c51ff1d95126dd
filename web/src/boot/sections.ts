// /about/, /practice-areas/, /testimonials/ and /contact-us/ are the home page opened at one of its
// sections (brief §2): the server marks which (data-open-at on the page), and the page opens there.
// Images above the section that arrive later would push it down: until the page settles, the section
// is put back whenever the layout changes; the visitor scrolling, touching or pressing a key ends that.

/** The sticky header's height budget (brief §9): where a section's top should land. */
export const OFFSET_PX = 96;
export const SETTLE_MS = 2500;
const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

export function keepAligned(target: HTMLElement, settleMs = SETTLE_MS): () => void {
  const win = target.ownerDocument.defaultView!;
  let done = false;
  const realign = () => {
    if (done) return;
    const drift = target.getBoundingClientRect().top - OFFSET_PX;
    if (Math.abs(drift) > 2) win.scrollTo({ top: win.scrollY + drift, behavior: 'instant' });
  };
  const observer =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => win.requestAnimationFrame(realign));
  const stop = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(timer);
    for (const type of USER_INPUT) win.removeEventListener(type, stop);
  };
  observer?.observe(target.ownerDocument.body);
  const timer = setTimeout(() => {
    realign();
    stop();
  }, settleMs);
  for (const type of USER_INPUT) win.addEventListener(type, stop, { passive: true, once: true });
  realign();
  return stop;
}

export function initSections(doc: Document): (() => void) | undefined {
  const win = doc.defaultView!;
  const id = doc.querySelector<HTMLElement>('[data-open-at]')?.dataset.openAt;
  // A #fragment, or a position the browser restored (reload, Back), is the browser's to keep.
  if (!id || win.location.hash || win.scrollY > 0) return undefined;
  const target = doc.getElementById(id);
  return target ? keepAligned(target) : undefined;
}
