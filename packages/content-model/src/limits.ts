// Bounds that the gateway enforces and the website keeps to, so that nothing the website sends is
// refused for its length.

/** Longest free-text search the gateway takes (`posts(search:)`); the blog's search box stops here. */
export const SEARCH_MAX_LENGTH = 200;

/** WordPress's post_name column is varchar(200): no slug is longer (non-ASCII ones percent-encoded). */
export const SLUG_MAX_LENGTH = 200;

/** The most posts one `posts(first:)` answers with; the sitemap reads every post in pages of this many. */
export const POSTS_MAX_FIRST = 100;
