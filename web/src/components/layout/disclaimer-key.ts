/** localStorage key of the visitor's agreement to the disclaimer; the value is 'true' (brief §4). */
export const DISCLAIMER_KEY = 'disclaimerAccepted';

/** The disclaimer <dialog>'s id, which the opener below and the boot script find it by. */
export const DISCLAIMER_ID = 'disclaimer';

/**
 * The inline script written at the end of the body, after the page: on a first visit it opens the
 * dialog as a modal at the start of the next frame (before the frame is painted, so the page is never
 * shown without it once parsed). `showModal` makes the page inert and computes the style and layout
 * of the page; in the frame that is the page's first and only computation, done in the task that
 * paints it. Written right after the dialog (until 2026-11-27), it laid out a page parsed only to its
 * top, the browser painted that, and then parsed, styled and laid out the rest in tasks after the
 * first paint: on a low-tier phone 0.2-0.75 s in which a tap on I Agree waited (Lighthouse's total
 * blocking time; docs/decisions/0015). Opened by the script itself at the end of the body, the same
 * computation ran in the task that parsed the page, which Lighthouse's model of a slow phone then
 * often placed after the first paint. A script in the head marking a first visit for the page's
 * styles did no better: its first read of local storage took long enough that the browser paused
 * parsing after it and painted an empty page. The cost: on a slow network, a first visit can show the
 * top of the page for the moment before the rest arrives and the dialog opens. Storage is read in
 * the frame: a page prerendered before the visitor agreed elsewhere opens it only if they still have
 * not. Storage refused (private browsing) counts as not agreed, as in web/src/boot/disclaimer.ts,
 * which wires the buttons and opens the dialog itself if this did not.
 */
export const OPEN_DISCLAIMER_SCRIPT =
  `requestAnimationFrame(function(){try{if(localStorage.getItem(${JSON.stringify(DISCLAIMER_KEY)})==='true')return}catch(e){}` +
  `var d=document.getElementById(${JSON.stringify(DISCLAIMER_ID)});` +
  `if(d&&!d.open&&typeof d.showModal==='function')d.showModal()})`;
