// What the /wp-admin helper tells the firm's staff after a failed connection check: the few ways a
// firm's own WordPress refuses the site, each with the setting to look at. Anything else gets the
// brief's general advice.
import { UpstreamError } from '../sources/rest.js';

export const CHECK_ADVICE = 'Please check your WordPress setup and ensure the REST API is accessible.';

export const LOGIN_ADVICE =
  'WordPress answers its REST API only to logged-in users, so the site cannot read its content: a security plugin or setting restricts the API. Allow reading it without logging in; the site reads only what any visitor of WordPress may see.';
export const FIREWALL_ADVICE =
  "WordPress, or a firewall in front of it, refused the site's requests: allow the site's server to read /wp-json/ (the security plugin, web application firewall or hosting rules that block it).";
export const PLUGIN_ADVICE =
  "WordPress has no practice areas route: install and activate the site's companion plugin, lawfirm-companion, which registers practice areas (docs/deploying.md).";
export const ADDRESS_ADVICE =
  "Nothing answers at the REST API's address: WORDPRESS_URL must be WordPress's own address (its home page, without /wp-json).";
export const UNREACHABLE_ADVICE =
  "The site's server could not reach WordPress: check WORDPRESS_URL, and that WordPress is running and reachable from that server.";
export const SLOW_ADVICE =
  "WordPress did not answer in time: it may be overloaded, or a firewall may be holding back the requests of the site's server.";
export const FOREIGN_ADVICE =
  "WordPress's answer was not the REST API's JSON: a plugin, page cache or proxy in front of WordPress may be answering /wp-json/ addresses with pages of its own.";

/** The first part of the message: what failed, with WordPress's own error code when it sent one. */
export function failureReason(error: unknown): string {
  if (!(error instanceof UpstreamError)) return 'unexpected error';
  return error.code ? `${error.message} (${error.code})` : error.message;
}

/** What to look at after `error`, the failure of the connection check. */
export function connectionAdvice(error: unknown): string {
  if (!(error instanceof UpstreamError)) return CHECK_ADVICE;
  const { kind, status, code } = error;
  switch (kind) {
    case 'http':
      if (status === 401) return LOGIN_ADVICE;
      // WordPress's own refusals carry a rest_ code; a firewall's page carries none.
      if (status === 403) return code?.startsWith('rest_') ? LOGIN_ADVICE : FIREWALL_ADVICE;
      if (status === 404) return code === 'rest_no_route' ? PLUGIN_ADVICE : ADDRESS_ADVICE;
      return CHECK_ADVICE;
    case 'network':
      return UNREACHABLE_ADVICE;
    case 'timeout':
      return SLOW_ADVICE;
    case 'malformed':
    case 'shape':
      return FOREIGN_ADVICE;
    default:
      return CHECK_ADVICE;
  }
}
