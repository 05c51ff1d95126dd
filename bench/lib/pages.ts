// The pages the bench measures: the home page, the blog list, a post and a practice page, then the
// Hindi home page and the post written in Hindi, which carry the site's Devanagari font (brief §10:
// the budgets hold on Hindi pages too). A module of its own, so the browser parts need not load the
// servers' code to name them. Parts that take one page by its index rely on this order.
export const PAGES = [
  '/',
  '/blog/',
  '/blog/how-to-file-for-divorce-in-india',
  '/practice-areas/family-law/',
  '/hi/',
  '/hi/blog/bail-after-arrest-guide-hindi',
];
