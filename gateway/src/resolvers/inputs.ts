// Arguments are bounded here, at the edge, before anything reaches WordPress.
import { SEARCH_MAX_LENGTH, SLUG_MAX_LENGTH } from '@site/content-model';
import { GraphQLError } from 'graphql';
import { hasLoneSurrogate, toWellFormed } from '../derive/text.js';

export function clampInt(
  value: number | null | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : fallback;
  return Math.min(max, Math.max(min, n));
}

/**
 * A slug worth asking WordPress about, or null when no post could have it: empty, longer than
 * WordPress stores, or containing characters sanitize_title never leaves in a slug (control
 * characters, whitespace, slashes, commas — a comma would even split one slug into two).
 */
export function boundedSlug(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const slug = raw.trim();
  if (slug === '' || slug.length > SLUG_MAX_LENGTH * 3) return null;
  // Half a surrogate pair is no character at all, so no slug.
  if (hasLoneSurrogate(slug)) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s/\\,?#&=]/u.test(slug)) return null;
  // Non-ASCII slugs are stored percent-encoded; it is that form that must fit in 200 characters.
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/u.test(decoded)) return null;
  if (encodeURIComponent(decoded).length > SLUG_MAX_LENGTH) return null;
  return slug;
}

export function badUserInput(message: string, argument: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', argument } });
}

/** Free-text search: control characters dropped, whitespace collapsed, at most 200 characters. */
export function boundedSearch(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex
  const withoutControls = toWellFormed(raw).replace(/[\u0000-\u001f\u007f]+/g, ' ');
  const cleaned = withoutControls.replace(/\s+/g, ' ').trim();
  if ([...cleaned].length > SEARCH_MAX_LENGTH) {
    throw badUserInput(`search must be at most ${SEARCH_MAX_LENGTH} characters`, 'search');
  }
  return cleaned === '' ? undefined : cleaned;
}
