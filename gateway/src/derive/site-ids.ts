/**
 * Ids the site's own markup gives elements on the pages that show WordPress HTML (posts, content
 * pages, practice pages). A body must not take one: the skip link, a section's label or the phone
 * menu would then find the body's element, and an id must be unique in a page. The browser suite
 * (e2e/tests/pages.test.ts, "site ids") checks this list against the rendered pages.
 */
export const SITE_IDS: readonly string[] = [
  'root',
  'main',
  'jsonld',
  'mobile-menu',
  'toc-title',
  'recent-title',
  'footer-quick-links',
  'footer-practice-links',
  'disclaimer',
  'disclaimer-title',
  'disclaimer-body',
  'page-services',
  'page-why',
  'practice-title',
  'practice-services-title',
  'practice-why-title',
  'practice-cta-title',
];
