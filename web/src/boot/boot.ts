// The page's own script, small and written into every page (with the response's CSP nonce): the
// behaviours that need no React (the phone menu, the disclaimer, image fallbacks, the table of
// contents, live search, the category row, section addresses), fetching ahead of the visitor, and
// the start of the page's islands (islands.ts). Links are plain links: the next page is a document
// the server's page cache answers, often already fetched or prerendered (speculation.ts).
import { initMenu } from './menu';
import { initDisclaimer } from './disclaimer';
import { initLanguage } from './language';
import { initImages } from './images';
import { initToc } from './toc';
import { initSearch } from './search';
import { initChips } from './chips';
import { initSections } from './sections';
import { initLocalTimes } from './local-time';
import { recoverMissingDetails, reportNotFound } from './page-state';
import { afterNextPaint, initSpeculation, prerenderLinksIn } from './speculation';
import { afterPaint, initIslands, inTurn, readIslandsConfig } from './islands';

const doc = document;
initLanguage(doc);
initDisclaimer(doc);
const whenPainted = afterPaint(doc);
// The rest, each behaviour in a task of its own: run together, the module's task took 7-13 ms on a
// fast machine, on a low-tier phone 100-200 ms after the page appeared in which a tap waited.
inTurn([
  () => initMenu(doc, (menu) => afterNextPaint(doc, () => prerenderLinksIn(doc, menu))),
  () => initImages(doc),
  () => initToc(doc),
  () => initSearch(doc),
  () => initChips(doc),
  () => initSections(doc),
  () => initLocalTimes(doc),
  () => reportNotFound(doc),
  () => recoverMissingDetails(doc),
  () => initSpeculation(doc, whenPainted),
  () =>
    void initIslands(doc, readIslandsConfig(doc), whenPainted).finally(() => {
      // The page's scripts have taken over: the browser tests wait for this mark.
      doc.documentElement.dataset.hydrated = 'true';
    }),
]);
