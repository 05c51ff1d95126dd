// Security headers of the gateway's own responses. Its answers are JSON that no browser should run,
// frame or sniff: `default-src 'none'` forbids every script (stricter than any nonce). The sandbox
// page (development, or GRAPHQL_SANDBOX=true) runs its bundled scripts under a per-response nonce.
import { randomBytes } from 'node:crypto';

const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

function common(hsts: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': PERMISSIONS,
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-site',
    ...(hsts ? { 'strict-transport-security': HSTS_VALUE } : {}),
  };
}

export function apiSecurityHeaders(hsts: boolean): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ...common(hsts),
  };
}

/**
 * The page a browser gets at /graphql when the sandbox is off: the API's policy, plus its one
 * stylesheet under this response's nonce. No script, image, font or connection is allowed.
 */
export function landingSecurityHeaders(hsts: boolean, nonce: string): Record<string, string> {
  return {
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
    ...common(hsts),
  };
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The self-hosted GraphiQL: its own scripts and workers only; the editor injects styles at run time. */
export function sandboxSecurityHeaders(hsts: boolean, nonce = newNonce()): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self' data:",
      "worker-src 'self' blob:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    ...common(hsts),
  };
}
