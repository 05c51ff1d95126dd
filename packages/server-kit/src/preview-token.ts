// Preview links: WordPress's Preview button sends an editor to {site}/preview/{type}/{id}?token=...
// The companion plugin signs the token with the secret both sides share (PREVIEW_SECRET on the site,
// LAWFIRM_PREVIEW_SECRET in wp-config.php); the web server and the gateway both verify it here.
//
//   payload   = "v1:{type}:{id}:{user}:{exp}"            (exp: Unix seconds)
//   signature = base64url, no padding, of HMAC-SHA256(secret, payload)
//   token     = "{type}.{id}.{user}.{exp}.{signature}"
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PREVIEW_TYPES = ['post', 'page', 'practice_area'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** A token is good for at most this long after it is signed... */
export const PREVIEW_TOKEN_MAX_LIFETIME_S = 600;
/** ...give or take this much difference between WordPress's clock and ours. */
export const PREVIEW_TOKEN_CLOCK_SKEW_S = 30;
/** Shortest secret accepted (both servers' configuration refuse a shorter PREVIEW_SECRET). */
export const PREVIEW_SECRET_MIN_LENGTH = 32;

export interface PreviewClaims {
  type: PreviewType;
  id: number;
  /** The WordPress user who asked for the preview. */
  user: number;
  /** Unix seconds. */
  exp: number;
}

export type PreviewRefusal = 'no-secret' | 'malformed' | 'signature' | 'expired' | 'too-long' | 'mismatch';

export type PreviewVerdict = { ok: true; claims: PreviewClaims } | { ok: false; reason: PreviewRefusal };

export function isPreviewType(value: unknown): value is PreviewType {
  return typeof value === 'string' && (PREVIEW_TYPES as readonly string[]).includes(value);
}

function payloadOf(claims: PreviewClaims): string {
  return `v1:${claims.type}:${claims.id}:${claims.user}:${claims.exp}`;
}

function mac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload, 'utf8').digest();
}

/** The token the companion plugin writes for these claims (tests and tools sign with this). */
export function signPreviewToken(secret: string, claims: PreviewClaims): string {
  const signature = mac(secret, payloadOf(claims)).toString('base64url');
  return `${claims.type}.${claims.id}.${claims.user}.${claims.exp}.${signature}`;
}

/** Positive whole numbers as the plugin writes them: digits, no sign, no leading zero. */
const ID = /^[1-9][0-9]{0,15}$/;
const USER = /^(0|[1-9][0-9]{0,15})$/;
const EXP = /^[1-9][0-9]{0,11}$/;
/**
 * 32 bytes in base64url without padding, spelled canonically: the 43rd character carries four bits
 * and two unused ones, which must be zero. Decoders ignore those two bits, so without this check
 * four spellings of one signature would pass, and a token could be altered and still be good.
 */
const SIGNATURE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;
const MAX_TOKEN_LENGTH = 200;

const refused = (reason: PreviewRefusal): PreviewVerdict => ({ ok: false, reason });

/**
 * Whether `token` lets its holder see the draft `expected` names now (`nowMs`, clock milliseconds).
 * The signature is compared in constant time; a token for another item, or with a lifetime longer
 * than PREVIEW_TOKEN_MAX_LIFETIME_S (plus the skew), is refused even when its signature is good.
 */
export function verifyPreviewToken(
  secret: string | null | undefined,
  token: unknown,
  expected: { type: string; id: number | string },
  nowMs: number,
): PreviewVerdict {
  if (!secret) return refused('no-secret');
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return refused('malformed');
  const parts = token.split('.');
  if (parts.length !== 5) return refused('malformed');
  const [type, id, user, exp, signature] = parts as [string, string, string, string, string];
  if (
    !isPreviewType(type) ||
    !ID.test(id) ||
    !USER.test(user) ||
    !EXP.test(exp) ||
    !SIGNATURE.test(signature)
  ) {
    return refused('malformed');
  }
  const claims: PreviewClaims = { type, id: Number(id), user: Number(user), exp: Number(exp) };
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(secret, payloadOf(claims));
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return refused('signature');
  const now = Math.floor(nowMs / 1000);
  if (claims.exp <= now) return refused('expired');
  if (claims.exp > now + PREVIEW_TOKEN_MAX_LIFETIME_S + PREVIEW_TOKEN_CLOCK_SKEW_S)
    return refused('too-long');
  if (claims.type !== expected.type || String(claims.id) !== String(expected.id)) return refused('mismatch');
  return { ok: true, claims };
}
