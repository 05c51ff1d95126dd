// The gateway's pure derivations: no I/O, same input -> same output.
export * from './text.js';
export * from './reading-time.js';
export * from './excerpt.js';
export * from './sanitize.js';
export * from './toc.js';
export * from './content.js';
export * from './date.js';
export * from './media.js';
export * from './seo.js';
export * from './banner.js';
export * from './practice-areas.js';
export * from './site.js';
export * from './url.js';
export type * from './types.js';
