// The pages the bench measures: the home page, the blog list, a post and a practice page. A module
// of its own, so the browser parts need not load the servers' code to name them.
export const PAGES = ['/', '/blog/', '/blog/how-to-file-for-divorce-in-india', '/practice-areas/family-law/'];
