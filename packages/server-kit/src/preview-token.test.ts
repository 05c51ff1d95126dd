import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PREVIEW_TOKEN_CLOCK_SKEW_S,
  PREVIEW_TOKEN_MAX_LIFETIME_S,
  signPreviewToken,
  verifyPreviewToken,
  type PreviewClaims,
} from './preview-token.js';

const SECRET = 'a-preview-secret-of-at-least-32-characters';
const NOW_S = 1_780_000_000;
const NOW_MS = NOW_S * 1000 + 250;
const CLAIMS: PreviewClaims = { type: 'post', id: 199, user: 1, exp: NOW_S + 300 };
const TARGET = { type: 'post', id: 199 };

/** The token as the plugin builds it, written out from the format rather than through signPreviewToken. */
function pluginToken(secret: string, type: string, id: string, user: string, exp: string): string {
  const payload = `v1:${type}:${id}:${user}:${exp}`;
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${type}.${id}.${user}.${exp}.${signature}`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same token with the two bits its signature's last character does not use set: it decodes to the same bytes. */
function withUnusedBitsSet(token: string): string {
  const last = token.at(-1)!;
  return token.slice(0, -1) + BASE64URL[BASE64URL.indexOf(last) | 3];
}

/** The token with one of its five parts replaced, the signature kept. */
function withPart(token: string, index: number, value: string): string {
  const parts = token.split('.');
  parts[index] = value;
  return parts.join('.');
}

describe('verifyPreviewToken', () => {
  it('accepts a token signed as the plugin signs it, for the item it names', () => {
    const token = pluginToken(SECRET, 'post', '199', '1', String(NOW_S + 300));
    expect(token).toBe(signPreviewToken(SECRET, CLAIMS));
    expect(token.split('.')[4]).not.toMatch(/[=+/]/);
    expect(verifyPreviewToken(SECRET, token, TARGET, NOW_MS)).toEqual({ ok: true, claims: CLAIMS });
    expect(verifyPreviewToken(SECRET, token, { type: 'post', id: '199' }, NOW_MS).ok).toBe(true);
  });

  it('accepts pages and practice areas', () => {
    for (const type of ['page', 'practice_area'] as const) {
      const token = signPreviewToken(SECRET, { ...CLAIMS, type, id: 42 });
      expect(verifyPreviewToken(SECRET, token, { type, id: 42 }, NOW_MS).ok).toBe(true);
    }
  });

  it('refuses a tampered signature', () => {
    const token = signPreviewToken(SECRET, CLAIMS);
    const sig = token.split('.')[4]!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyPreviewToken(SECRET, withPart(token, 4, flipped), TARGET, NOW_MS)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('refuses a token signed with another secret', () => {
    const token = signPreviewToken(`${SECRET}-other`, CLAIMS);
    expect(verifyPreviewToken(SECRET, token, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([
    ['type', 0, 'page'],
    ['id', 1, '200'],
    ['user', 2, '2'],
    ['exp', 3, String(NOW_S + 400)],
  ])('refuses a token whose %s was changed after signing', (_name, index, value) => {
    const token = withPart(signPreviewToken(SECRET, CLAIMS), index, value);
    const target = index <= 1 ? { type: token.split('.')[0]!, id: Number(token.split('.')[1]) } : TARGET;
    expect(verifyPreviewToken(SECRET, token, target, NOW_MS)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses an expired token, and one expiring this second', () => {
    const expired = signPreviewToken(SECRET, { ...CLAIMS, exp: NOW_S - 1 });
    expect(verifyPreviewToken(SECRET, expired, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'expired' });
    const now = signPreviewToken(SECRET, { ...CLAIMS, exp: NOW_S });
    expect(verifyPreviewToken(SECRET, now, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token good for longer than ten minutes (plus the clock skew)', () => {
    const limit = NOW_S + PREVIEW_TOKEN_MAX_LIFETIME_S + PREVIEW_TOKEN_CLOCK_SKEW_S;
    const atLimit = signPreviewToken(SECRET, { ...CLAIMS, exp: limit });
    expect(verifyPreviewToken(SECRET, atLimit, TARGET, NOW_MS).ok).toBe(true);
    const beyond = signPreviewToken(SECRET, { ...CLAIMS, exp: limit + 1 });
    expect(verifyPreviewToken(SECRET, beyond, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('refuses a good token for another item than the address names', () => {
    const token = signPreviewToken(SECRET, CLAIMS);
    expect(verifyPreviewToken(SECRET, token, { type: 'post', id: 200 }, NOW_MS)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyPreviewToken(SECRET, token, { type: 'page', id: 199 }, NOW_MS)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['missing', undefined],
    ['four parts', 'post.199.1.1780000300'],
    ['six parts', `${signPreviewToken(SECRET, CLAIMS)}.x`],
    ['unknown type', pluginToken(SECRET, 'attachment', '199', '1', String(NOW_S + 300))],
    ['id zero', pluginToken(SECRET, 'post', '0', '1', String(NOW_S + 300))],
    ['negative id', pluginToken(SECRET, 'post', '-199', '1', String(NOW_S + 300))],
    ['leading zero', pluginToken(SECRET, 'post', '0199', '1', String(NOW_S + 300))],
    ['fractional exp', pluginToken(SECRET, 'post', '199', '1', `${NOW_S + 300}.5`)],
    ['hex exp', pluginToken(SECRET, 'post', '199', '1', '0x6a000000')],
    ['padded signature', `${signPreviewToken(SECRET, CLAIMS)}=`],
    ['short signature', signPreviewToken(SECRET, CLAIMS).slice(0, -2)],
    ['signature with its unused last bits set', withUnusedBitsSet(signPreviewToken(SECRET, CLAIMS))],
    ['very long', 'a'.repeat(10_000)],
  ])('refuses a malformed token (%s)', (_name, token) => {
    expect(verifyPreviewToken(SECRET, token, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses every token when no secret is set', () => {
    const token = signPreviewToken(SECRET, CLAIMS);
    for (const secret of [null, undefined, '']) {
      expect(verifyPreviewToken(secret, token, TARGET, NOW_MS)).toEqual({ ok: false, reason: 'no-secret' });
    }
  });
});
