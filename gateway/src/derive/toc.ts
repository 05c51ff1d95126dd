import type { TocEntry } from '../generated/resolvers.js';
import { forEachElement, removeNodes, type Element, type ParentNode } from './dom.js';
import { SITE_IDS } from './site-ids.js';
import { nodesToText } from './text.js';

export type { TocEntry };

const TOC_LEVELS: Record<string, number> = { h1: 1, h2: 2, h3: 3 };
const MAX_SLUG_LENGTH = 80;
export const EMPTY_SLUG = 'section';

/**
 * Anchor id from heading text: lower case, accents removed from Latin letters, letters of every script
 * (Devanagari included, with its vowel signs) and digits kept, everything else a single hyphen.
 */
export function slugify(text: string): string {
  const slug = (typeof text === 'string' ? text : '')
    .normalize('NFKD')
    // Latin/Greek/Cyrillic accents only: Devanagari vowel signs and viramas are combining marks too and
    // are part of the word.
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    // Apostrophes join a word ("don't" -> "dont"); zero-width joiners shape Devanagari conjuncts.
    .replace(/['’‘`]|\p{Cf}/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const chars = Array.from(slug);
  const capped =
    chars.length > MAX_SLUG_LENGTH ? chars.slice(0, MAX_SLUG_LENGTH).join('').replace(/-+$/, '') : slug;
  return capped === '' ? EMPTY_SLUG : capped;
}

const EXCLUDED_TITLES = new Set(['mutual consent divorce', 'contested divorce']);

/**
 * brief §2: headings that start with a number ("1. File the petition", "10 tips") or with "Step N", and
 * the headings "Mutual Consent Divorce" and "Contested Divorce", stay out of the table of contents.
 */
export function isExcludedFromToc(text: string): boolean {
  const t = text.trim();
  if (t === '') return true;
  if (/^\p{Nd}/u.test(t)) return true;
  if (/^step\s*\p{Nd}/iu.test(t)) return true;
  return EXCLUDED_TITLES.has(t.replace(/\s+/g, ' ').toLowerCase());
}

const HEADING = /^h[1-6]$/;

/** The ids `#` links in the body point to ("#where-to-apply", a footnote's "#{uuid}"). */
function fragmentTargets(root: ParentNode): Set<string> {
  const targets = new Set<string>();
  forEachElement(root, (el) => {
    const href = el.name === 'a' ? el.attribs.href : undefined;
    if (href === undefined || !href.startsWith('#') || href.length < 2) return;
    try {
      targets.add(decodeURIComponent(href.slice(1)));
    } catch {
      targets.add(href.slice(1));
    }
  });
  return targets;
}

function isEmptyHeading(heading: Element, text: string): boolean {
  if (text.trim() !== '') return false;
  let hasImage = false;
  forEachElement(heading, (el) => {
    if (el.name === 'img') hasImage = true;
  });
  return !hasImage;
}

/**
 * Settles the body's ids and returns the table-of-contents entries in document order. Mutates the tree.
 * - An editor's id (the sanitiser keeps only the anchor shape) stays on a heading, where other pages
 *   may link to it, and on any element a `#` link in the body points to: footnotes and their back
 *   links, a hand-made list of jumps. Others go. The first use of an id wins, and the site's own ids
 *   (SITE_IDS) are never the body's.
 * - Every other h1-h3 gets an id from its text, unique in the page.
 * - A heading with neither text nor image is removed: a screen reader would announce an empty heading.
 */
export function assignHeadingIds(root: ParentNode): TocEntry[] {
  const targets = fragmentTargets(root);
  const used = new Set<string>(SITE_IDS);
  const headings: Array<{ heading: Element; text: string }> = [];
  const empty: Element[] = [];
  forEachElement(root, (el) => {
    const isHeading = HEADING.test(el.name);
    const text = isHeading ? nodesToText(el.children) : '';
    if (isHeading && isEmptyHeading(el, text)) {
      empty.push(el);
      return;
    }
    const id = el.attribs.id;
    if (id !== undefined) {
      if (id !== '' && !used.has(id) && (isHeading || targets.has(id))) used.add(id);
      else el.attribs = withoutId(el.attribs);
    }
    if (TOC_LEVELS[el.name] !== undefined) headings.push({ heading: el, text });
  });
  // One pass per parent: a body of 100 000 empty headings stays linear.
  removeNodes(empty);
  const toc: TocEntry[] = [];
  // Next suffix to try per base id, so a body with thousands of equal headings stays linear.
  const nextSuffix = new Map<string, number>();
  for (const { heading, text } of headings) {
    let id = heading.attribs.id;
    if (id === undefined) {
      const base = slugify(text);
      id = base;
      let n = nextSuffix.get(base) ?? 1;
      while (used.has(id)) id = `${base}-${n++}`;
      nextSuffix.set(base, n);
      used.add(id);
      heading.attribs = { id, ...heading.attribs };
    }
    if (!isExcludedFromToc(text)) toc.push({ id, text, level: TOC_LEVELS[heading.name] as number });
  }
  return toc;
}

function withoutId(attribs: Record<string, string>): Record<string, string> {
  const { id: _id, ...rest } = attribs;
  return rest;
}
