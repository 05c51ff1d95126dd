// Embedded players and frames in WordPress HTML become plain links. The sanitiser cannot keep an
// <iframe>, <video> or <audio> (foreign documents, third-party scripts, megabytes on a phone
// network), but dropping them silently loses what the editor put there: "watch our partner explain
// bail" with nothing under it. A link keeps the content one tap away and costs the page nothing.
import { isAbsoluteHttpUrl, safeUrl } from './url.js';

/** What a visitor gets instead of an embedded player or frame. */
export interface EmbedLink {
  href: string;
  text: string;
}

export type EmbedKind = 'iframe' | 'video' | 'audio';

const MAX_TITLE_CHARS = 150;

interface Provider {
  name: string;
  /** The page to watch on, from the player's address; null when the address is not a player's. */
  watchUrl(url: URL): string | null;
}

const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

const PROVIDERS: Array<[RegExp, Provider]> = [
  [
    /^(?:www\.|m\.)?youtube(?:-nocookie)?\.com$/,
    {
      name: 'YouTube',
      watchUrl(url) {
        const embedded = /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1];
        const id = embedded ?? (url.pathname === '/watch' ? url.searchParams.get('v') : null);
        return id && YOUTUBE_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
      },
    },
  ],
  [
    /^youtu\.be$/,
    {
      name: 'YouTube',
      watchUrl(url) {
        const id = url.pathname.slice(1);
        return YOUTUBE_ID.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
      },
    },
  ],
  [
    /^(?:player\.|www\.)?vimeo\.com$/,
    {
      name: 'Vimeo',
      watchUrl(url) {
        const id = /^\/(?:video\/)?(\d+)/.exec(url.pathname)?.[1];
        return id && VIMEO_ID.test(id) ? `https://vimeo.com/${id}` : null;
      },
    },
  ],
];

function providerOf(url: URL): Provider | undefined {
  const host = url.hostname.toLowerCase();
  return PROVIDERS.find(([pattern]) => pattern.test(host))?.[1];
}

function absoluteHttp(raw: string | undefined): URL | null {
  const safe = safeUrl(raw);
  return isAbsoluteHttpUrl(safe) ? new URL(safe) : null;
}

function cleanTitle(raw: string | undefined): string {
  const title = (raw ?? '').replace(/\s+/g, ' ').trim();
  return title.length > MAX_TITLE_CHARS ? `${title.slice(0, MAX_TITLE_CHARS - 1).trimEnd()}…` : title;
}

/**
 * The link that replaces an embedded frame or media element, from its attributes; null when it has no
 * absolute http(s) address to link to (it is then dropped, as before). A YouTube or Vimeo player
 * links to the video's own page; a video or audio file links to the file.
 */
export function embedLink(kind: EmbedKind, attribs: Record<string, string | undefined>): EmbedLink | null {
  const url = absoluteHttp(attribs.src);
  if (!url) return null;
  const title = cleanTitle(attribs.title);
  if (kind === 'video')
    return { href: url.href, text: title ? `Watch the video: ${title}` : 'Watch the video' };
  if (kind === 'audio')
    return { href: url.href, text: title ? `Listen to the recording: ${title}` : 'Listen to the recording' };
  const provider = providerOf(url);
  const watch = provider?.watchUrl(url);
  if (provider && watch)
    return {
      href: watch,
      text: title ? `Watch on ${provider.name}: ${title}` : `Watch the video on ${provider.name}`,
    };
  const host = url.hostname.replace(/^www\./, '');
  return { href: url.href, text: title ? `${title} (on ${host})` : `Open the embedded content on ${host}` };
}

/**
 * WordPress writes the bare address in an embed block's wrapper when it could not fetch the player
 * (the provider was unreachable, or it is not one WordPress knows): the link for that address, with
 * the provider's wording for a known video page and the address itself as text otherwise.
 */
export function bareEmbedLink(text: string): EmbedLink | null {
  const trimmed = text.trim();
  if (/\s/.test(trimmed)) return null;
  const url = absoluteHttp(trimmed);
  if (!url) return null;
  const provider = providerOf(url);
  const watch = provider?.watchUrl(url);
  if (provider && watch) return { href: watch, text: `Watch the video on ${provider.name}` };
  return { href: url.href, text: trimmed };
}
