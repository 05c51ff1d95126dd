import { randomBytes } from 'node:crypto';
import type { HeadData } from '../src/entry-server';
import { MOBILE_MENU } from '../src/components/layout/navigation';

/**
 * What a render writes where the nonce goes; each response puts its own nonce there. It is new for
 * every render and never sent, so text the page shows (a search, a post, a title) cannot contain it:
 * a fixed placeholder in a search box would be filled with the response's real nonce too.
 */
export function newNoncePlaceholder(): string {
  return `__CSP_NONCE_${randomBytes(16).toString('hex')}__`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
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
 * The page's JavaScript starts downloading once the page has loaded and painted (or after 3 s at
 * most): on a slow phone network the hero image and the text the visitor came for get the whole connection,
 * and the scripts (which only add in-page navigation and a few controls to an already complete
 * page) follow. The entry and the chunks of the rendered route are fetched in parallel. A tap or a
 * key press before then starts them at once: the visitor wants the page to respond.
 *
 * "Painted" is the browser's first-contentful-paint entry, which arrives once the frame is on the
 * screen; a frame after the load event is not enough: on a busy phone the first frame can reach the
 * screen tens of milliseconds after it was drawn. Lab tools that simulate a slow phone (Lighthouse,
 * PageSpeed Insights) count every request started before the first paint as one the paint waited for:
 * 210 KiB of scripts started 40 ms too early moved a post's simulated LCP from 0.9 s to 2.3 s. Then one
 * more frame, two animation frames: an image the load event waited for is painted after the first
 * contentful paint, in the frame after load. Browsers without paint timing wait for those frames only.
 * The loader holds no '<': the hostile-content suite (hardening/xss.test.ts) tells it by its shape.
 *
 * Until the app has taken over (`<html data-hydrated>`), the phone menu's button opens and closes the
 * menu from here (the menu's inline display and the button's aria-expanded and label); the header
 * adopts that state when it hydrates (MOBILE_MENU in web/src/components/layout/navigation.ts).
 */
export function scriptLoader(parts: Pick<DocumentParts, 'assets' | 'modules'>): string {
  const chunks = [
    ...new Set([
      parts.assets.entry,
      ...parts.assets.preload,
      ...(parts.modules ?? []).flatMap((m) => parts.assets.modules?.[m] ?? []),
    ]),
  ];
  return (
    `(function(c,e){var d=0,n=${jsonForScript(MOBILE_MENU)};function go(){if(d)return;d=1;` +
    `c.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.src=e;document.body.appendChild(s)}` +
    `function later(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
    `function painted(){try{var P=PerformanceObserver;if(P.supportedEntryTypes.indexOf('paint')===-1)throw 0;` +
    `var o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();later()}});` +
    `o.observe({type:'paint',buffered:true})}catch(x){later()}}` +
    `setTimeout(go,3000);if(document.readyState==='complete')painted();else addEventListener('load',painted);` +
    `['pointerdown','keydown'].forEach(function(t){addEventListener(t,go,{once:true,passive:true,capture:true})});` +
    `addEventListener('click',function(v){if(document.documentElement.dataset.hydrated)return;` +
    `var b=v.target&&v.target.closest&&v.target.closest('[aria-controls="'+n.id+'"]'),m=document.getElementById(n.id);` +
    `if(!b||!m)return;var o=b.getAttribute('aria-expanded')!=='true';b.setAttribute('aria-expanded',String(o));` +
    `b.setAttribute('aria-label',o?n.closeLabel:n.openLabel);m.style.display=o?'flex':'none'})})` +
    `(${jsonForScript(chunks)},${jsonForScript(parts.assets.entry)})`
  );
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
    `<script nonce="${n}">${scriptLoader(parts)}</script>` +
    '</body></html>'
  );
}
