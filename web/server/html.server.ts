import { randomBytes } from 'node:crypto';
import { PRINT_CSS } from './print-css.server';
import { escapeHtml } from '@site/server-kit';
import { HTML_LANG, OG_LOCALE, type Lang } from '@site/content-model';
import type { HeadData } from '../src/entry-server';
import type { Alternates } from '../src/i18n/alternates';
import { ISLAND_MODULES, jsonForScript } from '../src/islands/island-markup';
import { OPEN_DISCLAIMER_SCRIPT } from '../src/components/layout/disclaimer-key';
import { SITE_ICON } from '../src/app/site-icon';
import { devanagariFontTags, type DevanagariFontFiles } from './devanagari-font.server';

/**
 * What a render writes where the nonce goes; each response puts its own nonce there. It is new for
 * every render and never sent, so text the page shows (a search, a post, a title) cannot contain it:
 * a fixed placeholder in a search box would be filled with the response's real nonce too.
 */
export function newNoncePlaceholder(): string {
  return `__CSP_NONCE_${randomBytes(16).toString('hex')}__`;
}

export interface Assets {
  /** The boot module's code (web/src/boot/boot.ts), written into every page. */
  boot: string;
  /** The islands' entry URL, e.g. /assets/islands-abc.js */
  entry: string;
  /** Chunks the islands' entry imports, preloaded with it so they download in parallel. */
  preload: string[];
  css: string[];
  /** Per lazily loaded source module (Vite manifest key): its chunk and the chunks it imports. */
  modules?: Record<string, string[]>;
  /** The Devanagari font's files, for pages that show Devanagari (devanagari-font.server.ts). */
  devanagariFont?: DevanagariFontFiles;
}

export interface DocumentParts {
  head: HeadData | null;
  styles: string;
  html: string;
  assets: Assets;
  siteName: string;
  /** Absolute URL of the image shared when a page names none (og:image is required by Open Graph). */
  defaultImage?: string;
  /** The render's nonce placeholder (newNoncePlaceholder), written into the nonce attributes. */
  nonce: string;
  /** The page's language (brief §10); English when unset. */
  lang?: Lang;
  /** The page's address in each language, for hreflang; none on an English-only page. */
  alternates?: Alternates | null;
  /** The site's public origin, which hreflang links are absolute in. */
  origin?: string;
}

function meta(attr: 'name' | 'property', key: string, value: string | null | undefined): string {
  return value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
}

/**
 * What the boot module needs to start the page's islands (web/src/boot/islands.ts): the islands'
 * entry and, per island on the page, the chunks to preload with it. Null for a page without islands.
 */
export function islandsConfig(
  html: string,
  assets: Assets,
): { entry: string; chunks: Record<string, string[]> } | null {
  const names = [...new Set([...html.matchAll(/ data-island="([\w-]+)"/g)].map((m) => m[1]!))];
  if (names.length === 0) return null;
  const chunks: Record<string, string[]> = { '*': assets.preload };
  for (const name of names) {
    const module = ISLAND_MODULES[name];
    if (module) chunks[name] = assets.modules?.[module] ?? [];
  }
  return { entry: assets.entry, chunks };
}

/**
 * The page's speculation rules: a link to another page of the site that the visitor hovers or starts
 * to tap is prerendered (moderate eagerness), so the page is there when the tap ends. Not the files
 * (feeds, images, scripts), not /wp-admin. Only address patterns: a selector would make the browser
 * compute the style of every link to match it. (The links that open a new tab lead off the site.)
 * The boot module adds
 * prefetches of the likely next pages once the page has loaded (web/src/boot/speculation.ts).
 */
export const SPECULATION_RULES = {
  prerender: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          {
            not: {
              href_matches: [
                '/wp-admin',
                '/wp-admin/*',
                '/graphql',
                '/purge',
                '/assets/*',
                '/images/*',
                '/wp-content/*',
                '/*.xml',
                '/*.txt',
                '/*.ico',
                '/*.svg',
              ],
            },
          },
        ],
      },
      eagerness: 'moderate',
    },
  ],
} as const;

/**
 * hreflang links: the page in each language, and English as the default for other readers
 * (brief §10). Absolute, as search engines require.
 */
export function hreflangLinks(alternates: Alternates | null | undefined, origin: string | undefined): string {
  if (!alternates || !origin) return '';
  const link = (hreflang: string, path: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(new URL(path, origin).href)}">`;
  return (
    (Object.keys(HTML_LANG) as Lang[]).map((lang) => link(HTML_LANG[lang], alternates[lang])).join('') +
    link('x-default', alternates.en)
  );
}

/** The whole HTML document of a server render. The nonce stays a placeholder so the page can be cached. */
export function renderDocument(parts: DocumentParts): string {
  const named = parts.head ?? { title: parts.siteName, description: '' };
  const head = { ...named, ogImage: named.ogImage || parts.defaultImage || null };
  const n = parts.nonce;
  const lang = parts.lang ?? 'en';
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="csp-nonce" content="${n}">`,
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    hreflangLinks(parts.alternates, parts.origin),
    meta('property', 'og:site_name', parts.siteName),
    meta('property', 'og:locale', OG_LOCALE[lang]),
    meta('property', 'og:type', head.ogType ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.ogImage),
    meta('name', 'twitter:card', head.ogImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.twitterTitle ?? head.title),
    meta('name', 'twitter:description', head.twitterDescription ?? head.description),
    meta('name', 'twitter:image', head.twitterImage ?? head.ogImage),
    '<meta name="theme-color" content="#1a365d">',
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    // The tab's icon is favicon.ico, and the home screen's a PNG: no SVG icon (src/app/site-icon.ts says why).
    `<link rel="apple-touch-icon" sizes="${SITE_ICON.size}x${SITE_ICON.size}" href="/${SITE_ICON.file}">`,
    '<link rel="alternate" type="application/rss+xml" title="Blog" href="/feed.xml">',
    ...parts.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    devanagariFontTags(parts.html, parts.assets.devanagariFont, n, lang),
    parts.styles,
    `<style media="print" nonce="${n}">${PRINT_CSS}</style>`,
    `<script type="application/ld+json" id="jsonld" nonce="${n}">${jsonForScript(head.jsonLd ?? [])}</script>`,
    `<script type="speculationrules" nonce="${n}">${jsonForScript(SPECULATION_RULES)}</script>`,
  ];
  const islands = islandsConfig(parts.html, parts.assets);
  return (
    '<!doctype html>' +
    `<html lang="${HTML_LANG[lang]}"><head>${tags.filter(Boolean).join('')}</head>` +
    `<body><div id="root">${parts.html}</div>` +
    // Opens the disclaimer on a first visit, once the page behind it is parsed (disclaimer-key.ts).
    `<script nonce="${n}">${OPEN_DISCLAIMER_SCRIPT}</script>` +
    (islands
      ? `<script type="application/json" id="islands-config" nonce="${n}">${jsonForScript(islands)}</script>`
      : '') +
    // The boot module (web/src/boot/boot.ts): the page's own behaviours, and the start of its islands.
    `<script type="module" nonce="${n}">${parts.assets.boot}</script>` +
    '</body></html>'
  );
}
