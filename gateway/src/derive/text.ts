import { decodeHTML } from 'entities';
import { isTag, parseHtml, type AnyNode } from './dom.js';

/**
 * Decodes every HTML entity WordPress emits (named, decimal, hex, and the legacy forms without a
 * semicolon such as `&amp`), including the Windows-1252 remapping browsers apply to `&#150;`.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Half of a surrogate pair is not text: encodeURIComponent throws on it. Replaced by U+FFFD. */
export function toWellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, '\ufffd');
}

/** True when the string holds half of a surrogate pair (no valid Unicode text does). */
export function hasLoneSurrogate(s: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(s);
}

export function decodeEntities(s: string): string {
  if (typeof s !== 'string') return '';
  return s.includes('&') ? decodeHTML(s) : s;
}

/** Collapses every run of whitespace (including no-break and other Unicode spaces) to one space. */
export function collapseWhitespace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

// Elements whose content is never reading text.
const NON_TEXT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'title',
  'textarea',
  'select',
  'head',
]);

// Phrasing elements: words on either side of them belong together ("<b>Bail</b>able" is one word).
// Every other element separates words.
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'big',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'time',
  'tt',
  'u',
  'var',
  'wbr',
]);

const BOUNDARY = Symbol('boundary');

/** Plain text of already-parsed nodes; see {@link htmlToText}. */
export function nodesToText(nodes: readonly AnyNode[]): string {
  const parts: string[] = [];
  const stack: (AnyNode | typeof BOUNDARY)[] = [];
  for (let i = nodes.length - 1; i >= 0; i--) stack.push(nodes[i] as AnyNode);
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode | typeof BOUNDARY;
    if (node === BOUNDARY) {
      parts.push(' ');
    } else if (node.type === 'text') {
      parts.push(node.data);
    } else if (isTag(node)) {
      if (NON_TEXT.has(node.name)) continue;
      if (!INLINE.has(node.name)) {
        parts.push(' ');
        stack.push(BOUNDARY);
      }
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    } else if (node.type === 'root') {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as AnyNode);
    }
  }
  return collapseWhitespace(parts.join(''));
}

/**
 * Plain text of an HTML fragment: tags removed, entities decoded, block boundaries and `<br>` turned
 * into spaces, whitespace collapsed, and the content of script/style (and similar) elements dropped.
 * Anything but a string (a field WordPress left out or filled oddly) has none.
 */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string' || html === '') return '';
  if (!html.includes('<') && !html.includes('&')) return collapseWhitespace(html);
  return nodesToText(parseHtml(html).children);
}

/** What a post or page without a title is called: a link, a heading and a tab title need words. */
export const UNTITLED = 'Untitled';

/** A post's or page's rendered title as plain text; WordPress lets an editor publish none. */
export function titleText(renderedTitle: string): string {
  return htmlToText(renderedTitle) || UNTITLED;
}

/** Words in plain text: whitespace-separated tokens containing at least one letter or digit. */
export function countWords(text: string): number {
  if (typeof text !== 'string') return 0;
  let count = 0;
  for (const match of text.matchAll(/\S+/g)) {
    if (/[\p{L}\p{N}]/u.test(match[0])) count++;
  }
  return count;
}
