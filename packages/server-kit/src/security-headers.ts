// The security headers of both servers' responses (docs/security.md, "Headers"). The site's pages
// run their scripts and emotion's styles only under a per-response nonce. The gateway's answers are
// JSON that no browser should run, frame or sniff: `default-src 'none'` forbids every script
// (stricter than any nonce); its page about the API and its GraphiQL sandbox carry policies of their
// own. Names are lower case, as Fastify keeps them.
import { randomBytes } from 'node:crypto';

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export type HeaderSet = Record<string, string>;

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** How both pages' policies end: only their own origin to fetch from, post to or be framed by. */
const PAGE_POLICY_END = [
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

function common(hsts: boolean): HeaderSet {
  return {
    'x-content-type-options': 'nosniff',
    'permissions-policy': PERMISSIONS,
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };
}

/** The site: scripts and `<style>` elements only with the nonce; style attributes cannot run code. */
export function siteSecurityHeaders(options: {
  nonce?: string;
  hsts: boolean;
  imgOrigins: string[];
}): HeaderSet {
  const nonce = options.nonce ? ` 'nonce-${options.nonce}'` : '';
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self'${nonce}`,
      `style-src 'self'${nonce}`,
      "style-src-attr 'unsafe-inline'",
      `img-src 'self' data: ${options.imgOrigins.join(' ')}`.trim(),
      "font-src 'self'",
      ...PAGE_POLICY_END,
    ].join('; '),
    ...common(options.hsts),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

function gatewayCommon(hsts: boolean): HeaderSet {
  return { ...common(hsts), 'referrer-policy': 'no-referrer', 'cross-origin-resource-policy': 'same-site' };
}

/** How the gateway's policies end: nothing may frame its answers, be their base or take a form. */
const API_POLICY_END = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The gateway's JSON answers and errors. */
export function apiSecurityHeaders(hsts: boolean): HeaderSet {
  return { 'content-security-policy': `default-src 'none'; ${API_POLICY_END}`, ...gatewayCommon(hsts) };
}

/**
 * The page a browser gets at the gateway's /graphql when the sandbox is off: the API's policy, plus
 * its one stylesheet under this response's nonce. No script, image, font or connection is allowed.
 */
export function landingSecurityHeaders(hsts: boolean, nonce: string): HeaderSet {
  return {
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; ${API_POLICY_END}`,
    ...gatewayCommon(hsts),
  };
}

/** The self-hosted GraphiQL: its own scripts and workers only; the editor injects styles at run time. */
export function sandboxSecurityHeaders(hsts: boolean, nonce = newNonce()): HeaderSet {
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      ...PAGE_POLICY_END,
    ].join('; '),
    ...gatewayCommon(hsts),
  };
}
