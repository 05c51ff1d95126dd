import { Element, type Document, type ParentNode } from 'domhandler';
import { nodesToText } from './text.js';

/**
 * Wraps each table in a focusable, labelled region. Prose lets wide tables scroll sideways on a
 * phone; a keyboard user can only scroll what can take focus (WCAG 2.1.1, axe
 * scrollable-region-focusable). The label is the table's caption, or its figure's caption, when it has one.
 */
export function wrapTables(doc: Document): void {
  const visit = (parent: ParentNode) => {
    parent.children.forEach((child, index) => {
      if (!(child instanceof Element)) return;
      if (child.name !== 'table') {
        visit(child);
        return;
      }
      const caption = child.children.find((c): c is Element => c instanceof Element && c.name === 'caption');
      // WordPress's table block captions the table in its figure's <figcaption>, not a <caption>.
      const figcaption =
        parent instanceof Element && parent.name === 'figure'
          ? parent.children.find((c): c is Element => c instanceof Element && c.name === 'figcaption')
          : undefined;
      const label =
        (caption ? nodesToText(caption.children).trim() : '') ||
        (figcaption ? nodesToText(figcaption.children).trim() : '') ||
        'Table';
      const wrapper = new Element('div', {
        class: 'table-scroll',
        role: 'region',
        tabindex: '0',
        'aria-label': label.slice(0, 120),
      });
      wrapper.children = [child];
      wrapper.parent = parent;
      wrapper.prev = child.prev;
      wrapper.next = child.next;
      if (child.prev) child.prev.next = wrapper;
      if (child.next) child.next.prev = wrapper;
      child.parent = wrapper;
      child.prev = null;
      child.next = null;
      parent.children[index] = wrapper;
    });
  };
  visit(doc);
}
