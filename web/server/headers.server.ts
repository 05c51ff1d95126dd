import { randomBytes } from 'node:crypto';

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Security headers for every response. Scripts and emotion's <style> elements run only with the
 * per-response nonce; style attributes are allowed because they cannot run code.
 */
export function securityHeaders(opts: {
  nonce?: string;
  hsts: boolean;
  imgOrigins: string[];
}): Record<string, string> {
  const nonce = opts.nonce ? ` 'nonce-${opts.nonce}'` : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${nonce}`,
    `style-src 'self'${nonce}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: ${opts.imgOrigins.join(' ')}`.trim(),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (opts.hsts) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
