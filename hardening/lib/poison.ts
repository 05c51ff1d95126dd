// A poisoned copy of the content snapshot: every field the site renders carries a hostile value
// (markup, script URLs, attribute and CSS breakouts), as a compromised editor account or plugin could
// write them into WordPress. Identity fields (slug, dates, status) stay intact so every page still exists.
import { wordpressLinkPayloads, XSS_PAYLOADS } from '../../gateway/test/fixtures/xss.js';
import type { ContentSnapshot } from '../../gateway/src/sources/embedded/source.js';

/** Text contexts beyond element content: attributes, <title>, JSON in <script>, templates, CSS. */
export const TEXT_PAYLOADS: readonly string[] = [
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '</style><script>alert(1)</script>',
  '<!--<script>alert(1)</script>',
  ']]><script>alert(1)</script>',
  '\u2028alert(1)\u2029',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '" onfocus="alert(1)" autofocus x="',
  "<svg/onload=console.log('XSS-EXECUTED')>",
  "<img src=x onerror=console.log('XSS-EXECUTED')>",
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '\\u003cscript\\u003ealert(1)\\u003c/script\\u003e',
];

/** Values for fields that hold a URL (links, images, canonical, Open Graph). */
export const URL_PAYLOADS: readonly string[] = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '"><script>alert(1)</script>',
  "x' onerror='alert(1)",
  '/x.jpg" onerror="alert(1)',
  '/wp-content/uploads/x.jpg?"><svg onload=alert(1)>',
];

/** Values for colour fields, which end up in CSS. */
export const CSS_PAYLOADS: readonly string[] = [
  'red;background:url(javascript:alert(1))',
  '#fff" onmouseover="alert(1)',
  'expression(alert(1))',
  '</style><script>alert(1)</script>',
  'url("javascript:alert(1)")',
  'red}body{background:url(//evil.example/x.png)}',
  '#1a365d;behavior:url(x.htc)',
];

/**
 * Links to the WordPress host that must not become protocol-relative when the gateway makes them
 * site links. The fake WordPress listens on 127.0.0.1, and the gateway knows its links by host name.
 */
export const WORDPRESS_LINK_PAYLOADS: readonly string[] = wordpressLinkPayloads('http://127.0.0.1');

const OPACITY_PAYLOADS = ['50" onload="alert(1)', '1e999', '-50', 'NaN', '<script>alert(1)</script>'];

const SKIP = new Set([
  'slug',
  'status',
  'type',
  'date',
  'date_gmt',
  'modified',
  'modified_gmt',
  'template',
  'format',
  'comment_status',
  'ping_status',
  'taxonomy',
  'media_type',
  'mime_type',
  'file',
  'og_locale',
  'og_type',
  'twitter_card',
  'article_published_time',
  'article_modified_time',
]);
const SKIP_UNDER = new Set(['guid', 'robots', 'image_meta']);
const URL_KEYS = new Set([
  'link',
  'source_url',
  'url',
  'canonical',
  'og_url',
  'twitter_image',
  'yoast_seo_canonical',
  'yoast_seo_og_image',
  'yoast_seo_twitter_image',
  'banner_background_image',
]);
const CSS_KEYS = new Set(['banner_background_color', 'banner_text_color']);

export interface Poisoned {
  snapshot: ContentSnapshot;
  /** Fields that received a payload, as collection.path (e.g. posts.title.rendered). */
  fields: Set<string>;
  /** Distinct payloads planted. */
  payloads: Set<string>;
  /** Values planted in total. */
  planted: number;
}

/**
 * Every rendered string field gets a payload; the markup payloads (the sanitiser corpus plus the
 * context breakouts above) go round-robin so each one lands somewhere, most of them several times.
 */
export function poisonSnapshot(snapshot: ContentSnapshot): Poisoned {
  const markup = [...XSS_PAYLOADS, ...TEXT_PAYLOADS];
  const counters = { markup: 0, url: 0, css: 0, opacity: 0, link: 0 };
  const fields = new Set<string>();
  const payloads = new Set<string>();
  let planted = 0;
  const next = (list: readonly string[], key: keyof typeof counters) => {
    const value = list[counters[key] % list.length] as string;
    counters[key] += 1;
    payloads.add(value);
    planted += 1;
    return value;
  };

  function walk(value: unknown, key: string, trail: string[], collection: string): unknown {
    if (Array.isArray(value)) return value.map((v) => walk(v, key, trail, collection));
    if (value && typeof value === 'object') {
      if (SKIP_UNDER.has(key)) return value;
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([k, v]) => [
          k,
          walk(v, k, [...trail, k], collection),
        ]),
      );
    }
    if (typeof value !== 'string' || SKIP.has(key)) return value;
    fields.add(`${collection}.${trail.join('.')}`);
    if (URL_KEYS.has(key)) return next(URL_PAYLOADS, 'url');
    if (CSS_KEYS.has(key)) return next(CSS_PAYLOADS, 'css');
    if (key === 'banner_overlay_opacity') return next(OPACITY_PAYLOADS, 'opacity');
    if (key === 'rendered' && trail[trail.length - 2] === 'content') {
      // The body keeps its own text and headings (the table of contents still has work to do).
      const markupPart = `${next(markup, 'markup')}<h2>${next(markup, 'markup')}</h2>${next(markup, 'markup')}`;
      return `${value}${markupPart}<p>${next(WORDPRESS_LINK_PAYLOADS, 'link')}</p>`;
    }
    const payload = next(markup, 'markup');
    // Keep a little of the real text, so the page can still be told apart from the others.
    return value.trim() === '' ? payload : `${value.slice(0, 40)} ${payload}`;
  }

  const out = {} as Record<string, unknown[]>;
  for (const [collection, items] of Object.entries(snapshot)) {
    out[collection] = (items as unknown[]).map((item) => walk(item, '', [], collection));
  }
  return { snapshot: out as unknown as ContentSnapshot, fields, payloads, planted };
}
