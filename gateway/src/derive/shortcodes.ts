// WordPress leaves a shortcode as it was typed when no plugin answers it: a firm that switches off
// the plugins its old theme needed (a form plugin, a page builder) sends `[contact-form-7 id="5"]`
// or `[et_pb_text]...[/et_pb_text]` to the site as text. Such codes are taken out of the body's text;
// a contact form's becomes a link to the site's own contact form (forms.ts), as a rendered one does.
import { Element as DomElement, Text as DomText } from 'domhandler';
import { isTag, isText, setChildren, type ChildNode, type Document, type Element } from './dom.js';
import { CONTACT_FORM_MARK } from './forms.js';

/**
 * `[name attr="value" ...]`, `[name/]` or `[/name]`, its quotes straight or as WordPress's
 * wptexturize curls them in a shortcode it did not run (`id=”5″`). What counts as a shortcode is narrower than
 * WordPress's syntax (isShortcode), so that "[sic]", "[2018] 3 SCC 22" or "[emphasis added]" in a
 * judgment's quote stay.
 */
const SHORTCODE =
  /\[(\/)?([a-z][a-z0-9_-]*)((?:\s+[a-z_][\w-]*\s*=\s*(?:"[^"[\]]*"|'[^'[\]]*'|[“”″][^[\]“”″]*[“”″]|[‘’′][^[\]‘’′]*[‘’′]|[^\s[\]"'“”″‘’′]+))*)\s*\/?\]/gi;

/** Shortcodes of WordPress itself and of the common plugins that take no attribute. */
const BARE_NAMES = new Set([
  'gallery',
  'caption',
  'embed',
  'audio',
  'video',
  'playlist',
  'wpforms',
  'fluentform',
]);

/** The form plugins' shortcodes: Contact Form 7, WPForms, Gravity Forms, Ninja Forms, Formidable... */
const CONTACT_FORM_CODES = new Set([
  'contact-form-7',
  'contact-form',
  'wpforms',
  'gravityform',
  'gravityforms',
  'ninja_form',
  'ninja_forms',
  'formidable',
  'fluentform',
  'forminator_form',
  'everest_form',
  'caldera_form',
  'ws_form',
]);

function isShortcode(closing: boolean, name: string, attributes: string): boolean {
  return closing || attributes.trim() !== '' || /[-_]/.test(name) || BARE_NAMES.has(name.toLowerCase());
}

/** Where text is shown as written: a shortcode there is an example, not a leftover. */
const AS_WRITTEN = new Set(['code', 'pre', 'kbd', 'samp']);

/**
 * Takes shortcodes out of the body's text, a contact form's replaced by the mark linkContactForms
 * turns into a link; a paragraph left empty by it goes. Mutates the tree.
 */
export function removeShortcodes(doc: Document): void {
  const emptied: Element[] = [];
  const visit = (parent: Document | Element, inLink: boolean) => {
    let changed = false;
    const out: ChildNode[] = [];
    for (const child of parent.children) {
      if (isTag(child)) {
        if (!AS_WRITTEN.has(child.name)) visit(child, inLink || child.name === 'a');
        out.push(child);
        continue;
      }
      if (!isText(child) || !child.data.includes('[')) {
        out.push(child);
        continue;
      }
      const pieces = splitShortcodes(child.data, !inLink);
      if (pieces === null) {
        out.push(child);
        continue;
      }
      changed = true;
      out.push(...pieces);
    }
    if (!changed) return;
    setChildren(parent, out);
    if (isTag(parent) && parent.name === 'p' && out.every((c) => isText(c) && c.data.trim() === ''))
      emptied.push(parent);
  };
  visit(doc, false);
  for (const p of emptied) {
    const parent = p.parent;
    if (parent)
      setChildren(
        parent,
        parent.children.filter((c) => c !== p),
      );
  }
}

/** The text's pieces without its shortcodes (a contact form's as a mark), or null when it has none. */
function splitShortcodes(text: string, marks: boolean): ChildNode[] | null {
  const pieces: ChildNode[] = [];
  let last = 0;
  let found = false;
  for (const match of text.matchAll(SHORTCODE)) {
    const [whole, closing, name = '', attributes = ''] = match;
    if (!isShortcode(closing !== undefined, name, attributes)) continue;
    found = true;
    const before = text.slice(last, match.index);
    if (before !== '') pieces.push(new DomText(before));
    last = match.index + whole.length;
    if (marks && closing === undefined && CONTACT_FORM_CODES.has(name.toLowerCase()))
      pieces.push(new DomElement('a', { [CONTACT_FORM_MARK]: '' }));
  }
  if (!found) return null;
  const after = text.slice(last);
  if (after !== '') pieces.push(new DomText(after));
  return pieces;
}

/** Plain text without its shortcodes (an excerpt WordPress cut from a body that had them). */
export function stripShortcodeText(text: string): string {
  return text.replace(SHORTCODE, (whole, closing: string | undefined, name: string, attributes: string) =>
    isShortcode(closing !== undefined, name, attributes) ? '' : whole,
  );
}
