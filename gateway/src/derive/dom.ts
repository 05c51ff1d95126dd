import { parseDocument } from 'htmlparser2';
import {
  isTag,
  isText,
  type AnyNode,
  type ChildNode,
  type Document,
  type Element,
  type ParentNode,
} from 'domhandler';
import render from 'dom-serializer';
import { escapeText } from 'entities';

/** Parses an HTML fragment (entities decoded in text and attribute values). */
export function parseHtml(html: string): Document {
  return parseDocument(html, { decodeEntities: true });
}

// Elements whose text is written out raw, as dom-serializer and browsers do.
const RAW_TEXT_PARENTS = new Set([
  'style',
  'script',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'noscript',
]);

// `& < >` and no-break spaces in text (entities' escapeText), and `"` as well in attribute values.
function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

/**
 * HTML serialisation that keeps Devanagari and typographic punctuation literal and escapes
 * `& < > "` and no-break spaces. Unlike dom-serializer's own "utf8" mode it also escapes `<` and `>`
 * inside attribute values (as the HTML standard's serialiser does since 2025), so no attribute value
 * can ever read as markup to a later parser. Empty attribute values are written out (`alt=""`).
 */
export function serializeHtml(nodes: readonly AnyNode[]): string {
  const texts: [ChildNode & { data: string }, string][] = [];
  const elements: [Element, Record<string, string>][] = [];
  const stack: AnyNode[] = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop() as AnyNode;
    if (isText(node)) {
      const parent = node.parent;
      if (!(parent && isTag(parent) && RAW_TEXT_PARENTS.has(parent.name))) {
        texts.push([node, node.data]);
        node.data = escapeText(node.data);
      }
    } else if (isTag(node)) {
      elements.push([node, node.attribs]);
      node.attribs = Object.fromEntries(
        Object.entries(node.attribs).map(([k, v]) => [k, escapeAttribute(v ?? '')]),
      );
      for (const child of node.children) stack.push(child);
    } else if (node.type === 'root') {
      for (const child of node.children) stack.push(child);
    }
  }
  try {
    // Everything is escaped above; dom-serializer only lays out the structure.
    return render(nodes as AnyNode[], { encodeEntities: false, emptyAttrs: true });
  } finally {
    for (const [node, data] of texts) node.data = data;
    for (const [el, attribs] of elements) el.attribs = attribs;
  }
}

/**
 * Visits every element in document order. Iterative on purpose: unsanitised WordPress bodies can be
 * nested deeply enough to overflow the call stack of a recursive walk.
 */
export function forEachElement(root: ParentNode, visit: (el: Element) => void): void {
  const stack: ChildNode[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) stack.push(root.children[i] as ChildNode);
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (!isTag(node)) continue;
    visit(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ChildNode);
  }
}

/** Replaces the children of `parent`, keeping the sibling and parent links domhandler maintains. */
export function setChildren(parent: ParentNode, children: ChildNode[]): void {
  parent.children = children;
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as ChildNode;
    child.parent = parent;
    child.prev = i > 0 ? (children[i - 1] as ChildNode) : null;
    child.next = i < children.length - 1 ? (children[i + 1] as ChildNode) : null;
  }
}

/** Takes the nodes out of the tree, rewriting each parent's children once. */
export function removeNodes(nodes: readonly ChildNode[]): void {
  const gone = new Set(nodes);
  for (const parent of new Set(nodes.map((n) => n.parent))) {
    if (parent)
      setChildren(
        parent,
        parent.children.filter((c) => !gone.has(c)),
      );
  }
}

export { isTag, isText };
export type { AnyNode, ChildNode, Document, Element, ParentNode };
