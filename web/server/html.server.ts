import { randomBytes } from 'node:crypto';
import { escapeHtml } from '@site/server-kit';
import type { HeadData } from '../src/entry-server';
import { pageScriptsAttributes } from '../src/boot/page-boot';
import type { PageScripts } from '../src/boot/page-scripts';

/**
 * What a render writes where the nonce goes; each response puts its own nonce there. It is new for
 * every render and never sent, so text the page shows (a search, a post, a title) cannot contain it:
 * a fixed placeholder in a search box would be filled with the response's real nonce too.
 */
export function newNoncePlaceholder(): string {
  return `__CSP_NONCE_${randomBytes(16).toString('hex')}__`;
}

/** JSON inside <script>: no '<' may survive, or a string could close the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface Assets {
  /** Entry script URL, e.g. /assets/entry-client-abc.js */
  entry: string;
  /** Chunks the entry imports, preloaded so they download in parallel. */
  preload: string[];
  css: string[];
  /** Per lazily loaded source module (Vite manifest key): its chunk and the chunks it imports. */
  modules?: Record<string, string[]>;
  /**
   * The page boot script's code (web/src/boot, built beside the manifest), inlined at the end of
   * every page's <body>: it starts the scripts above and runs the phone menu until they have taken
   * over. readAssets always reads it; a page rendered without it has no scripts.
   */
  boot?: string;
}

export interface DocumentParts {
  head: HeadData | null;
  styles: string;
  html: string;
  assets: Assets;
  /** Route modules the page rendered with: their chunks are preloaded so hydration does not wait on a chain. */
  modules?: string[];
  siteName: string;
  /** Absolute URL of the image shared when a page names none (og:image is required by Open Graph). */
  defaultImage?: string;
  /** The render's nonce placeholder (newNoncePlaceholder), written into the nonce attributes. */
  nonce: string;
}

function meta(attr: 'name' | 'property', key: string, value: string | null | undefined): string {
  return value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : '';
}

/**
 * The page's scripts, for its boot script (web/src/boot): the entry module, and the chunks to preload
 * with it (the entry's static imports and the chunks of the route modules the page rendered with),
 * so the rendered route does not wait on a chain of imports. The boot script starts them once the
 * page has loaded and painted (web/src/boot/page-scripts.ts): the HTML itself names no module script
 * and no modulepreload, which would compete with the page's images on a slow connection.
 */
function pageScripts(parts: Pick<DocumentParts, 'assets' | 'modules'>): PageScripts {
  const chunks = [
    ...new Set([
      parts.assets.entry,
      ...parts.assets.preload,
      ...(parts.modules ?? []).flatMap((m) => parts.assets.modules?.[m] ?? []),
    ]),
  ];
  return { entry: parts.assets.entry, chunks };
}

/** The boot script's element: its code inlined (under the response's nonce), its data as attributes. */
function bootScript(parts: DocumentParts): string {
  const attributes = Object.entries(pageScriptsAttributes(pageScripts(parts)))
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<script nonce="${parts.nonce}"${attributes}>${parts.assets.boot ?? ''}</script>`;
}

/** The whole HTML document of a server render. The nonce stays a placeholder so the page can be cached. */
export function renderDocument(parts: DocumentParts): string {
  const named = parts.head ?? { title: parts.siteName, description: '' };
  const head = { ...named, ogImage: named.ogImage || parts.defaultImage || null };
  const n = parts.nonce;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="csp-nonce" content="${n}">`,
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    meta('property', 'og:site_name', parts.siteName),
    meta('property', 'og:locale', 'en_IN'),
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
    '<link rel="icon" href="/logo.svg" type="image/svg+xml">',
    '<link rel="alternate" type="application/rss+xml" title="Blog" href="/feed.xml">',
    ...parts.assets.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    parts.styles,
    `<script type="application/ld+json" id="jsonld" nonce="${n}">${jsonForScript(head.jsonLd ?? [])}</script>`,
  ];
  return (
    '<!doctype html>' +
    `<html lang="en-IN"><head>${tags.filter(Boolean).join('')}</head>` +
    `<body><div id="root">${parts.html}</div>` +
    bootScript(parts) +
    '</body></html>'
  );
}
