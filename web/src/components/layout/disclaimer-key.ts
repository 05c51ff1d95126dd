/** localStorage key of the visitor's agreement to the disclaimer; the value is 'true' (brief §4). */
export const DISCLAIMER_KEY = 'disclaimerAccepted';

/** The disclaimer <dialog>'s id, which the opener below and the boot script find it by. */
export const DISCLAIMER_ID = 'disclaimer';

/**
 * The inline script written right after the closed dialog, at the top of the body: on a first visit
 * it opens the dialog before the browser has parsed the page behind it. Opened later (by the boot
 * module, which runs once the whole page is parsed and laid out), `showModal` makes every element of
 * the page inert at once and the browser computes the style of the whole page a second time: on a
 * low-tier phone a main-thread task of about a quarter of a second, on every first visit. Opened
 * here, the page arrives already inert and its first style computation is its only one. Storage
 * refused (private browsing) counts as not agreed, as in web/src/boot/disclaimer.ts, which wires
 * the buttons and opens the dialog itself if this did not run.
 */
export const OPEN_DISCLAIMER_SCRIPT =
  `(function(){try{if(localStorage.getItem(${JSON.stringify(DISCLAIMER_KEY)})==='true')return}catch(e){}` +
  `var d=document.getElementById(${JSON.stringify(DISCLAIMER_ID)});` +
  `if(d&&!d.open&&typeof d.showModal==='function')d.showModal()})()`;
