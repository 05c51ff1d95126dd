// URL checks shared by the sanitiser, media, SEO, banner and site derivations.

export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/**
 * Returns the URL as a browser would read it when its scheme is one of `schemes` or it is relative,
 * otherwise null. Browsers drop leading/trailing control characters and spaces and every tab/newline
 * inside a URL ("java\tscript:"), and read "/\" like "//", so the check runs on that normalised form.
 * Protocol-relative URLs ("//host") are refused: they are not needed for content and hide the scheme.
 */
export function safeUrl(raw: unknown, schemes: readonly string[] = LINK_SCHEMES): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const value = raw.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (value === '') return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  if (/^[\\/][\\/]/.test(value)) return null;
  const scheme = /^([^/?#\\]*?):/.exec(value);
  if (scheme) {
    const name = (scheme[1] as string).toLowerCase();
    if (!/^[a-z][a-z0-9+.-]*$/.test(name) || !schemes.includes(name)) return null;
  }
  return value;
}

/** True for an absolute http(s) URL with a host. */
export function isAbsoluteHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (!/^https?:\/\/[^/\s]/i.test(value)) return false;
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * True for a path that someone could read as another host: "//host" and "/\host" are protocol-relative
 * to a browser, and "/%2Fhost" or "/%5Chost" (encoded once or more) become that once a server or
 * router decodes the path, e.g. to redirect it. Such a path must never be written as a site link.
 */
export function readsAsOtherHost(path: string): boolean {
  return /^\/(?:[/\\]|%(?:25)*(?:2f|5c))/i.test(path);
}

/** A path on this site ("/images/a.jpg"), not a protocol-relative URL. */
export function isSiteRelativePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![\\/])/.test(value) && !/[\s\\]/.test(value);
}

/**
 * An image URL that is safe to put anywhere, including a CSS `url()`: absolute http(s) or
 * site-relative, and free of quotes, parentheses, backslashes, angle brackets and whitespace.
 */
export function safeImageUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || /["'()\\<>\s`]/.test(value)) return null;
  if (isSiteRelativePath(value) || isAbsoluteHttpUrl(value)) return value;
  return null;
}
