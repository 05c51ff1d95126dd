// A form in a WordPress body is a plugin's (Contact Form 7, WPForms, Gravity Forms...): it posts to
// WordPress and needs the plugin's scripts, so it cannot work on this site, and its fields are never
// kept (sanitize.ts). Left to the sanitiser, its labels would stay behind with nothing to fill in.
// A contact form becomes a link to the site's own contact form; any other form goes whole.
import { detectLanguage, HOME_ALIASES, homeAliasCopy } from '@site/content-model';
import { Element as DomElement, Text as DomText } from 'domhandler';
import {
  forEachElement,
  isTag,
  parseHtml,
  removeNodes,
  serializeHtml,
  setChildren,
  type ChildNode,
  type Document,
  type Element,
} from './dom.js';
import { nodesToText } from './text.js';

/** The mark a contact form leaves for linkContactForms; it can do nothing but make such a link. */
export const CONTACT_FORM_MARK = 'data-contact-form';

/**
 * The classes and ids the form plugins give a contact form: Contact Form 7, WPForms, Gravity Forms,
 * Formidable, Fluent Forms, Elementor, Forminator, Everest Forms, WS Form, Ninja Forms.
 */
const CONTACT_FORM_NAMES =
  /^(?:wpcf7-form|wpforms-form|gform_\d+|frm-show-form|frm-fluent-form|fluent_form_\d+|elementor-form|forminator-custom-form|everest-form|wsf-form|nf-form-layout)$/;

/** True for the <form> of a contact-form plugin, by its class or id. */
export function isContactForm(attribs: Record<string, string | undefined>): boolean {
  const names = `${attribs.class ?? ''} ${attribs.id ?? ''}`.split(/\s+/);
  return names.some((name) => CONTACT_FORM_NAMES.test(name));
}

/** The boxes the plugins put around their forms (Contact Form 7's holds its status lines). */
const PLUGIN_BOXES =
  /^(?:wpcf7|wpforms-container|gform_wrapper|frm_forms|fluentform|everest-forms|nf-form-cont|forminator-ui)$/;

/** The form with the plugin's box around it, when it is in one (a few levels up at most). */
function pluginBox(form: Element): Element {
  let whole = form;
  let node = form.parent;
  for (let level = 0; level < 3 && node && isTag(node); level++, node = node.parent) {
    if ((node.attribs.class ?? '').split(/\s+/).some((name) => PLUGIN_BOXES.test(name))) whole = node;
  }
  return whole;
}

/** A form any visitor would take for a way to write to the firm: a plugin's, or one with a message box. */
function looksLikeContactForm(form: Element): boolean {
  if (isContactForm(form.attribs)) return true;
  let hasMessageBox = false;
  forEachElement(form, (el) => {
    if (el.name === 'textarea') hasMessageBox = true;
  });
  return hasMessageBox;
}

/**
 * The body with each form replaced before it is sanitised: a contact form by its mark (an empty
 * link, linkContactForms), any other form by nothing. A body without a form is returned as it is.
 */
export function replaceForms(html: string): string {
  if (!/<form/i.test(html)) return html;
  const doc = parseHtml(html);
  // The outermost forms: a form inside one goes with it.
  const forms: Element[] = [];
  const stack: ChildNode[] = [...doc.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (!isTag(node)) continue;
    if (node.name === 'form') forms.push(node);
    else stack.push(...node.children);
  }
  if (forms.length === 0) return html;
  const gone: Element[] = [];
  for (const form of forms) {
    // With the plugin's box around it: its status lines and hidden notes go too.
    const whole = pluginBox(form);
    if (!looksLikeContactForm(form)) {
      gone.push(whole);
      continue;
    }
    whole.name = 'a';
    whole.attribs = { [CONTACT_FORM_MARK]: '' };
    setChildren(whole, []);
  }
  removeNodes(gone);
  return serializeHtml(doc.children);
}

/** The link's text, in the body's language: the title of the site's own contact form. */
const LINK_TEXT = { en: 'Send Us a Message', hi: 'हमें संदेश भेजें' } as const;

/**
 * Each contact form's mark (replaceForms) becomes a paragraph with a link to the site's contact
 * form, in the language of the body's text. Mutates the tree.
 */
export function linkContactForms(doc: Document): void {
  const marks: Element[] = [];
  forEachElement(doc, (el) => {
    if (el.name === 'a' && el.attribs[CONTACT_FORM_MARK] !== undefined) marks.push(el);
  });
  if (marks.length === 0) return;
  const lang = detectLanguage(nodesToText(doc.children));
  const href = homeAliasCopy(HOME_ALIASES['contact-us']!, lang).path;
  for (const mark of marks) {
    mark.attribs = { href };
    setChildren(mark, [new DomText(LINK_TEXT[lang])]);
    // A form stood as a block of its own; its link does too, unless it already sits in a paragraph.
    const parent = mark.parent;
    if (parent && 'name' in parent && parent.name === 'p') continue;
    const paragraph = new DomElement('p', {});
    const siblings = parent?.children ?? doc.children;
    const index = siblings.indexOf(mark);
    setChildren(paragraph, [mark]);
    siblings[index] = paragraph;
    setChildren(parent ?? doc, siblings);
  }
}
