import { isTag, isText, type ChildNode, type ParentNode } from './dom.js';

/**
 * Letters of the scripts written right to left: Hebrew, Arabic (Urdu, Persian, Kashmiri, Sindhi),
 * Syriac, Thaana, N'Ko and the rest of the block up to Arabic Extended, and their presentation forms.
 */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** True when a text has a letter of a right-to-left script. */
export function hasRightToLeft(text: string): boolean {
  return RTL_LETTER.test(text);
}

/**
 * The blocks whose text runs as paragraphs, the lists and tables that hold them, and the boxes around
 * those (a table's scrolling box, a figure, a group of blocks): a box takes the direction of its first
 * letter, so a table narrower than the column sits at the side it starts from.
 */
const BLOCKS = new Set(
  'div figure details summary p h1 h2 h3 h4 h5 h6 ul ol li dl dt dd blockquote figcaption caption table tr td th pre'.split(
    ' ',
  ),
);

type Direction = 'ltr' | 'rtl';

/** The direction of a text by its first letter, as a browser sets `dir="auto"`; null with none. */
export function firstLetterDirection(text: string): Direction | null {
  const letter = /\p{L}/u.exec(text);
  if (!letter) return null;
  return RTL_LETTER.test(letter[0]) ? 'rtl' : 'ltr';
}

/** firstLetterDirection of an element's text, read only as far as its first letter. */
function firstLetterDirectionIn(el: ParentNode): Direction | null {
  const stack: ChildNode[] = [...el.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node)) {
      const direction = firstLetterDirection(node.data);
      if (direction) return direction;
    } else if (isTag(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return null;
}

/**
 * A body with Urdu (or any right-to-left script) in it: each block whose first letter runs the
 * other way from the block around it gets that direction (`dir`), so an Urdu paragraph reads from
 * the right, its full stop and question mark at its end, an Urdu list has its bullets and an Urdu
 * table its first column on the right, and an English line inside either reads from the left again.
 * Set here rather than left to `dir="auto"`: a list or table set to auto takes its direction only
 * from text outside its items and cells that have a `dir` of their own, so it would stay left to
 * right. What the editor set is kept. A body without any such letter is left untouched. Mutates the
 * tree; `text` is the body's text, to test once.
 */
export function setTextDirections(root: ParentNode, text: string): void {
  if (!hasRightToLeft(text)) return;
  const visit = (parent: ParentNode, around: Direction) => {
    for (const child of parent.children) {
      if (!isTag(child)) continue;
      const given = child.attribs.dir;
      let own: Direction = around;
      if (given === 'ltr' || given === 'rtl') own = given;
      else if (given === 'auto') own = firstLetterDirectionIn(child) ?? around;
      else if (BLOCKS.has(child.name)) {
        own = firstLetterDirectionIn(child) ?? around;
        if (own !== around) child.attribs = { ...child.attribs, dir: own };
      }
      visit(child, own);
    }
  };
  // The body sits in a page in English or Hindi: left to right.
  visit(root, 'ltr');
}
