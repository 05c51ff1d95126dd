import { forEachElement, parseHtml, removeNodes, type Element } from './dom.js';
import { collapseWhitespace, nodesToText } from './text.js';
import { stripShortcodeText } from './shortcodes.js';

export const DEFAULT_EXCERPT_LENGTH = 150;
export const MAX_EXCERPT_LENGTH = 1000;
export const ELLIPSIS = '...';

/** Excerpt lengths are clamped to 1..1000; anything that is not a finite number means the default. */
export function clampExcerptLength(length: unknown): number {
  const n =
    typeof length === 'number' && Number.isFinite(length) ? Math.floor(length) : DEFAULT_EXCERPT_LENGTH;
  return Math.min(MAX_EXCERPT_LENGTH, Math.max(1, n));
}

// What may not end a shortened text: it would read as a broken sentence before the '...'.
// Closing brackets, closing quotes and '%' stay (they complete what precedes them).
const TRAILING_JUNK = /[\s.,;:!?\-‐‑–—…·•([{"'“‘«/\\|&*_+=~^]+$/u;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Cuts at `max` code units without splitting a surrogate pair. */
function hardCut(text: string, max: number): string {
  return isHighSurrogate(text.charCodeAt(max - 1)) ? text.slice(0, max - 1) : text.slice(0, max);
}

/**
 * Shortens plain text to at most `length` characters at the last word boundary, without trailing
 * punctuation, and appends '...'. Text that already fits is returned unchanged.
 */
export function truncateText(text: string, length: number = DEFAULT_EXCERPT_LENGTH): string {
  if (typeof text !== 'string') return '';
  const max = clampExcerptLength(length);
  if (text.length <= max) return text;
  let cut: string;
  if (/\s/.test(text.charAt(max))) {
    cut = text.slice(0, max);
  } else {
    const head = text.slice(0, max);
    const lastSpace = head.search(/\s\S*$/);
    cut = lastSpace > 0 ? head.slice(0, lastSpace) : hardCut(text, max);
  }
  cut = cut.replace(TRAILING_JUNK, '');
  if (cut === '') {
    // A single over-long token of punctuation: cut it hard rather than return only '...'.
    cut = hardCut(text, max).trimEnd();
  }
  return cut + ELLIPSIS;
}

// WordPress appends `excerpt_more` (" [&hellip;]" by default, "[...]" in some themes) to automatic
// excerpts.
const MORE_MARKER = /\s*\[\s*(?:…|\.\.\.)\s*\]\s*$/u;
const MORE_LINK_TEXT = /^\s*(?:continue reading|read more)\b/i;

function isMoreLink(el: Element): boolean {
  if (el.name !== 'a') return false;
  const classes = (el.attribs.class ?? '').split(/\s+/);
  if (classes.includes('more-link') || classes.includes('read-more')) return true;
  return MORE_LINK_TEXT.test(nodesToText(el.children));
}

/** Plain text of a WordPress excerpt or body with its "Continue reading" links removed. */
function excerptSource(html: string): { text: string; truncatedUpstream: boolean } {
  const doc = parseHtml(html);
  const moreLinks: Element[] = [];
  forEachElement(doc, (el) => {
    if (isMoreLink(el)) moreLinks.push(el);
  });
  removeNodes(moreLinks);
  // Shortcodes no plugin answered are left in WordPress's own excerpts as typed (shortcodes.ts).
  const text = collapseWhitespace(stripShortcodeText(nodesToText(doc.children)));
  const stripped = text.replace(MORE_MARKER, '');
  return { text: stripped, truncatedUpstream: stripped !== text };
}

/**
 * Plain-text excerpt (brief §9: 150 characters then '...' by default; cards ask for 120). Longer text is
 * cut at the last word boundary at or before `length`. When WordPress already shortened the text (its
 * " [&hellip;]" marker), the marker is replaced by the same '...' so the reader still sees the cut.
 */
export function makeExcerpt(html: string, length: number = DEFAULT_EXCERPT_LENGTH): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  const { text, truncatedUpstream } = excerptSource(html);
  const max = clampExcerptLength(length);
  if (text.length > max) return truncateText(text, max);
  if (!truncatedUpstream || text === '') return text;
  const trimmed = text.replace(TRAILING_JUNK, '');
  return trimmed === '' ? '' : trimmed + ELLIPSIS;
}
