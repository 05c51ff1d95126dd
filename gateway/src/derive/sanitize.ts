import { siteImage } from './media.js';
import sanitizeHtml from 'sanitize-html';
import { isTag, isText, parseHtml, setChildren, type ChildNode, type Document, type Element } from './dom.js';
import { IMAGE_SCHEMES, LINK_SCHEMES, readsAsOtherHost, safeUrl } from './url.js';
import { bareEmbedLink, embedLink, type EmbedKind } from './embeds.js';
import { CONTACT_FORM_MARK, linkContactForms, replaceForms } from './forms.js';
import { removeShortcodes } from './shortcodes.js';
import { Element as DomElement, Text as DomText } from 'domhandler';

export interface SanitizeOptions {
  /**
   * Host names that belong to the firm (the public site, the WordPress host). Absolute links to them
   * are internal; links to any other host get rel="nofollow noopener noreferrer".
   */
  internalHosts?: readonly string[];
  /**
   * Hosts whose page links are the site's own content (the WordPress host, whose permalinks are
   * /{slug}/): such links become site-relative so a visitor stays on the public site. Links to
   * uploads, the admin and the API stay absolute: those live on WordPress.
   */
  contentHosts?: readonly string[];
  /**
   * Hosts (`host[:port]`, as Originals.hosts gives them) that hold WordPress's media: a CDN named in
   * MEDIA_HOSTS, or WordPress's own public address when the gateway reaches it by another. Images on
   * them, whatever their path, are WordPress's and go through /media; other hosts' stay as they are.
   */
  mediaHosts?: readonly string[];
  /**
   * WordPress's public origin (its REST index's `url` once the gateway has asked, else the address it
   * reaches WordPress at); none with the embedded snapshot. A body's root-relative link to one of
   * WordPress's own files (`/wp-content/uploads/form.pdf`) resolves against it: on the public site
   * that address is not there. Without it such links stay as they are (the snapshot's uploads are
   * served by the web server).
   */
  wordpressOrigin?: string | null;
  /**
   * Not about sanitising: false tells prepareContent (derive/content.ts) to keep no copy of what it
   * derives. Drafts shown in a preview are never kept anywhere.
   */
  memo?: boolean;
}

/** Paths under one of `names`, at WordPress's root or in the folder it is installed in (`/cms/wp-admin/`). */
const wordpressPaths = (names: readonly string[]) => new RegExp(`^(\\/[^/]+)?\\/(${names.join('|')})(\\/|$)`);
/** WordPress's own files and endpoints. */
const WORDPRESS_FILES = [
  'wp-content',
  'wp-admin',
  'wp-json',
  'wp-includes',
  'wp-login\\.php',
  'xmlrpc\\.php',
];
const WORDPRESS_FILE_PATHS = wordpressPaths(WORDPRESS_FILES);
/** WordPress's own addresses: its files, and its feed (which the public site answers for it). */
const WORDPRESS_ONLY_PATHS = wordpressPaths([...WORDPRESS_FILES, 'feed']);
/** An upload of a WordPress installed in a folder (`/cms/wp-content/uploads/…`). */
const FOLDER_UPLOAD = /^\/[^/]+\/wp-content\/uploads\//;

/**
 * An absolute link to a content host, made site-relative; anything else unchanged. A path that would
 * read as another host once relative ("http://wp.example//evil.example/x" -> "//evil.example/x")
 * stays absolute, on the content host it names.
 */
export function siteRelativeLink(
  href: string,
  contentHosts: Set<string>,
  wordpressOrigin: string | null = null,
): string {
  if (wordpressOrigin !== null && /^\/(?![/\\])/.test(href)) {
    // Root-relative: WordPress's own file, on WordPress; any other path is the site's.
    const url = URL.parse(href, wordpressOrigin);
    return url && url.origin === wordpressOrigin && WORDPRESS_FILE_PATHS.test(url.pathname) ? url.href : href;
  }
  if (contentHosts.size === 0 || !/^https?:/i.test(href)) return href;
  const url = URL.parse(href);
  if (!url || !contentHosts.has(url.hostname.toLowerCase()) || WORDPRESS_ONLY_PATHS.test(url.pathname))
    return href;
  const relative = `${url.pathname}${url.search}${url.hash}`;
  return readsAsOtherHost(relative) ? url.href : relative;
}

/** An article's column is at most about 720 px wide; a phone's is the screen. */
const BODY_IMAGE_SIZES = '(min-width: 48em) 720px, 100vw';

/**
 * The upload an image shows, as a site-relative path when it is on a content host (the gateway's
 * /media fetches it from WordPress, or reads it from the snapshot); null for any other image.
 */
function uploadOf(src: string, contentHosts: Set<string>, mediaHosts: Set<string>): string | null {
  if (src.startsWith('/wp-content/uploads/')) return src;
  if (!/^https?:/i.test(src)) return null;
  const url = URL.parse(src);
  if (!url) return null;
  if (mediaHosts.has(url.host.toLowerCase())) return url.href;
  if (!contentHosts.has(url.hostname.toLowerCase())) return null;
  if (url.pathname.startsWith('/wp-content/uploads/')) return `${url.pathname}${url.search}`;
  // Its address as it is: a path would be read from WordPress's root (media/originals.ts).
  if (FOLDER_UPLOAD.test(url.pathname)) return url.href;
  return null;
}

/** Elements a blog body may contain. Everything else is removed (its text kept, see NON_TEXT_TAGS). */
export const ALLOWED_TAGS: readonly string[] = [
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'q',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'del',
  'ins',
  'small',
  'code',
  'pre',
  'br',
  'hr',
  'span',
  'sub',
  'sup',
  'mark',
  'cite',
  'abbr',
  'details',
  'summary',
];
const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);

/**
 * Disallowed elements whose content goes with them: executable or foreign content (script, svg, math),
 * raw-text elements whose parsing differs between parsers (the root of mutation XSS), embedded
 * documents and form controls.
 */
const NON_TEXT_TAGS = [
  'script',
  'style',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'option',
  'button',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'title',
  'head',
  'base',
  'meta',
  'link',
  'video',
  'audio',
  'canvas',
  'map',
];
const NON_TEXT_TAG_SET = new Set(NON_TEXT_TAGS);

/** `class` survives only with WordPress block, colour/size and alignment names. */
export const CLASS_PATTERNS: readonly RegExp[] = [/^wp-block-[\w-]+$/, /^has-[\w-]+$/, /^align[\w-]+$/];

/** Returns the value to keep (possibly normalised) or null to drop the attribute. */
type AttributeCheck = (value: string) => string | null;

const anyText: AttributeCheck = (value) => (value.length <= 1000 ? value : null);
const matching =
  (pattern: RegExp): AttributeCheck =>
  (value) =>
    pattern.test(value.trim()) ? value.trim() : null;
const oneOf =
  (...values: string[]): AttributeCheck =>
  (value) => {
    const v = value.trim().toLowerCase();
    return values.includes(v) ? v : null;
  };
const boolean: AttributeCheck = () => '';
const positiveInt = matching(/^\d{1,5}$/);
const integer = matching(/^-?\d{1,6}$/);
const linkUrl: AttributeCheck = (value) => safeUrl(value, LINK_SCHEMES);
const webUrl: AttributeCheck = (value) => safeUrl(value, IMAGE_SCHEMES);

function srcset(value: string): string | null {
  const candidates = value
    .split(/,(?=\s)|,$/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (candidates.length === 0) return null;
  const out: string[] = [];
  for (const candidate of candidates) {
    const [url, ...descriptors] = candidate.split(/\s+/);
    const safe = webUrl(url ?? '');
    if (safe === null || descriptors.length > 1) return null;
    if (descriptors.length === 1 && !/^(?:\d+w|\d+(?:\.\d+)?x)$/.test(descriptors[0] as string)) return null;
    out.push([safe, ...descriptors].join(' '));
  }
  return out.join(', ');
}

/**
 * The ids an editor gives: the block editor's "HTML anchor" (letters, digits, '-' and '_') and the
 * UUIDs of footnotes. Nothing else: no '__proto__'-like or punctuated names a script might read as a
 * global. Which of them stay is settled with the headings (toc.ts): a heading's, and those the body
 * links to.
 */
export const ANCHOR_ID = /^[A-Za-z0-9][\w-]{0,99}$/;

const GLOBAL_ATTRIBUTES: Record<string, AttributeCheck> = {
  id: (value) => (ANCHOR_ID.test(value) ? value : null),
  title: anyText,
  lang: matching(/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i),
  dir: oneOf('ltr', 'rtl', 'auto'),
};

const TAG_ATTRIBUTES: Record<string, Record<string, AttributeCheck>> = {
  // aria-label: WordPress's footnote back links are a bare "↩︎" named by it.
  a: {
    href: linkUrl,
    target: oneOf('_blank'),
    rel: anyText,
    'aria-label': (value) => (value.trim() !== '' && value.length <= 200 ? value.trim() : null),
  },
  img: {
    src: webUrl,
    srcset,
    sizes: matching(/^[a-z0-9\s(),.:%+*/-]{1,500}$/i),
    alt: anyText,
    width: positiveInt,
    height: positiveInt,
    loading: oneOf('lazy', 'eager'),
    decoding: oneOf('async', 'sync', 'auto'),
  },
  ol: { start: integer, reversed: boolean, type: matching(/^[1aAiI]$/) },
  li: { value: integer },
  th: {
    colspan: positiveInt,
    rowspan: positiveInt,
    scope: oneOf('row', 'col', 'rowgroup', 'colgroup'),
    abbr: anyText,
  },
  td: { colspan: positiveInt, rowspan: positiveInt },
  col: { span: positiveInt },
  colgroup: { span: positiveInt },
  blockquote: { cite: webUrl },
  q: { cite: webUrl },
  del: { cite: webUrl },
  ins: { cite: webUrl },
  details: { open: boolean },
};

const EMBED_TEXT = 'data-embed-text';

/**
 * An embedded frame or player becomes a link to what it showed (embeds.ts); without an address to
 * link to it stays what it was, and is dropped with its content.
 */
const toEmbedLink =
  (kind: EmbedKind): sanitizeHtml.Transformer =>
  (tagName, attribs) => {
    const link = embedLink(kind, attribs);
    // The text rides in an attribute: the second pass (cleanChildren) replaces whatever the frame
    // held (fallback markup, even another frame) with it. Anyone may write this attribute on a link,
    // and all it can do is set that link's text.
    return link
      ? { tagName: 'a', attribs: { href: link.href, [EMBED_TEXT]: link.text } }
      : { tagName, attribs };
  };

const SANITIZE_HTML_OPTIONS: sanitizeHtml.IOptions = {
  transformTags: { iframe: toEmbedLink('iframe'), video: toEmbedLink('video'), audio: toEmbedLink('audio') },
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    '*': Object.keys(GLOBAL_ATTRIBUTES),
    ...Object.fromEntries(Object.entries(TAG_ATTRIBUTES).map(([tag, attrs]) => [tag, Object.keys(attrs)])),
    a: [...Object.keys(TAG_ATTRIBUTES.a ?? {}), EMBED_TEXT, CONTACT_FORM_MARK],
  },
  allowedClasses: { '*': [...CLASS_PATTERNS] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: NON_TEXT_TAGS,
  // Bounds the depth of the output so the recursive serialiser and the browser never see
  // pathological nesting from a malformed body.
  nestingLimit: 100,
  parseStyleAttributes: false,
};

const KEPT_REL_TOKENS = new Set([
  'nofollow',
  'noopener',
  'noreferrer',
  'sponsored',
  'ugc',
  'external',
  'license',
  'tag',
]);

function normaliseHosts(hosts: readonly string[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const host of hosts ?? []) {
    if (typeof host !== 'string' || host.trim() === '') continue;
    const value = host.trim().toLowerCase();
    // An unparsable host cannot match any link.
    const name = value.includes('://') ? URL.parse(value)?.hostname : value.split(/[/:]/)[0];
    if (name !== undefined) out.add(name);
  }
  return out;
}

function isExternal(href: string, internalHosts: Set<string>): boolean {
  if (!/^https?:/i.test(href)) return false;
  const url = URL.parse(href);
  return url === null || !internalHosts.has(url.hostname.toLowerCase());
}

function filterClasses(value: string): string | null {
  const kept = value.split(/\s+/).filter((name) => name !== '' && CLASS_PATTERNS.some((p) => p.test(name)));
  return kept.length > 0 ? [...new Set(kept)].join(' ') : null;
}

interface Context {
  internalHosts: Set<string>;
  contentHosts: Set<string>;
  mediaHosts: Set<string>;
  wordpressOrigin: string | null;
}

/** Applies the attribute allow-list and the link/image rules; false means "remove the element". */
function cleanElement(el: Element, ctx: Context): boolean {
  const specific = TAG_ATTRIBUTES[el.name] ?? {};
  const attribs: Record<string, string> = {};
  for (const [name, raw] of Object.entries(el.attribs)) {
    const value = raw ?? '';
    let kept: string | null;
    if (name === 'class') kept = filterClasses(value);
    else {
      const check = specific[name] ?? GLOBAL_ATTRIBUTES[name];
      kept = check ? check(value) : null;
    }
    if (kept !== null) attribs[name] = kept;
  }
  if (el.name === 'a') {
    if (attribs.href !== undefined)
      attribs.href = siteRelativeLink(attribs.href, ctx.contentHosts, ctx.wordpressOrigin);
    const rel = (attribs.rel ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter((token) => KEPT_REL_TOKENS.has(token));
    // Off the site: no window.opener and no Referer for the other site (as the site's own outbound
    // links), and no endorsement of a host an editor's link points at.
    if (attribs.href !== undefined && isExternal(attribs.href, ctx.internalHosts))
      rel.push('nofollow', 'noopener', 'noreferrer');
    if (attribs.target === '_blank') rel.push('noopener', 'noreferrer');
    delete attribs.rel;
    if (rel.length > 0) attribs.rel = [...new Set(rel)].join(' ');
  } else if (el.name === 'img') {
    if (!attribs.src) return false;
    const original = uploadOf(attribs.src, ctx.contentHosts, ctx.mediaHosts);
    if (original !== null) {
      // WordPress's own image, from the site's origin at the widths it serves; its renditions go.
      const image = siteImage(original, attribs.width ? Number(attribs.width) : null);
      attribs.src = image.url;
      if (image.srcSet) attribs.srcset = image.srcSet;
      else delete attribs.srcset;
      attribs.sizes ??= BODY_IMAGE_SIZES;
    }
    attribs.loading = attribs.loading === 'eager' ? 'eager' : 'lazy';
    attribs.decoding = 'async';
  }
  el.attribs = attribs;
  return true;
}

/**
 * Second line of defence after sanitize-html, on the parsed result: the same allow-list again, plus
 * the rules that need the final attribute values (rel on links, lazy images, images without a source).
 * Comments, processing instructions and CDATA never survive.
 */
function cleanChildren(parent: Document | Element, ctx: Context): void {
  if (isTag(parent) && isBareEmbedWrapper(parent)) linkBareEmbed(parent);
  const out: ChildNode[] = [];
  for (const child of parent.children) {
    if (isText(child)) {
      out.push(child);
    } else if (isTag(child)) {
      if (!ALLOWED_TAG_SET.has(child.name)) {
        if (NON_TEXT_TAG_SET.has(child.name)) continue;
        cleanChildren(child, ctx);
        for (const grandChild of child.children) out.push(grandChild);
      } else {
        const embedText = child.name === 'a' ? child.attribs[EMBED_TEXT] : undefined;
        const contactForm = child.name === 'a' && child.attribs[CONTACT_FORM_MARK] !== undefined;
        if (!cleanElement(child, ctx)) continue;
        if (embedText !== undefined) setChildren(child, [new DomText(embedText.slice(0, 300))]);
        if (contactForm) {
          // A contact form's place (forms.ts): an empty link, its address and text set at the end.
          child.attribs = { [CONTACT_FORM_MARK]: '' };
          setChildren(child, []);
        } else cleanChildren(child, ctx);
        out.push(child);
      }
    }
  }
  setChildren(parent, out);
}

function isBareEmbedWrapper(el: Element): boolean {
  return (
    el.name === 'div' &&
    (el.attribs.class ?? '').split(/\s+/).includes('wp-block-embed__wrapper') &&
    el.children.length > 0 &&
    el.children.every(isText)
  );
}

/** The address WordPress left in an embed block it could not fetch, made a link (embeds.ts). */
function linkBareEmbed(wrapper: Element): void {
  const link = bareEmbedLink(wrapper.children.map((c) => (isText(c) ? c.data : '')).join(''));
  if (!link) return;
  const anchor = new DomElement('a', { href: link.href });
  setChildren(anchor, [new DomText(link.text)]);
  setChildren(wrapper, [anchor]);
}

/** The origin of an http(s) address; null for anything else. */
function originOf(address: string | null | undefined): string | null {
  const url = typeof address === 'string' ? URL.parse(address) : null;
  return url && /^https?:$/.test(url.protocol) ? url.origin : null;
}

/**
 * Sanitises WordPress HTML for the blog, as a DOM for the callers that keep working on it (headings'
 * ids, word count): a strict allow-list of elements and attributes, only http/https/mailto/tel or
 * relative URLs (never protocol-relative), safe `rel` on new-tab and external links, lazy images,
 * `class` only with WordPress block names, ids only of the anchor shape (which of them stay, and the
 * headings' ids, are settled by assignHeadingIds), embedded frames and players as links.
 */
export function sanitizeToDocument(html: string, options: SanitizeOptions = {}): Document {
  const input = typeof html === 'string' ? replaceForms(html.replace(/\0/g, '\uFFFD')) : '';
  const doc = parseHtml(input === '' ? '' : sanitizeHtml(input, SANITIZE_HTML_OPTIONS));
  cleanChildren(doc, {
    internalHosts: normaliseHosts(options.internalHosts),
    contentHosts: normaliseHosts(options.contentHosts),
    mediaHosts: new Set(
      (options.mediaHosts ?? []).filter((h) => typeof h === 'string').map((h) => h.trim().toLowerCase()),
    ),
    wordpressOrigin: originOf(options.wordpressOrigin),
  });
  removeShortcodes(doc);
  linkContactForms(doc);
  return doc;
}
