// Connection: the live WordPress health check of the /wp-admin helper (brief §7: practice_areas with
// per_page=1), never cached and never retried, so it shows what WordPress does right now.
import type { GatewayContext } from '../context.js';
import type { Connection, QueryResolvers } from '../generated/resolvers.js';
import { connectionAdvice, failureReason } from './connection-advice.js';
import { restUrl, usesPlainAddresses } from '../sources/wordpress/rest-address.js';
import { warnThrottled } from '../log-throttle.js';

export const CONNECTED_MESSAGE = 'Connected to WordPress';
export const EMBEDDED_MESSAGE =
  'Serving the embedded content snapshot bundled with the site (WORDPRESS_URL is not set), so there is no WordPress to connect to.';
const PLAIN_ADVICE =
  'Its REST API answers at ?rest_route= only (plain permalinks): choose Settings › Permalinks › Post name in WordPress so its own addresses redirect to this site.';

export const connectionQueries: Pick<QueryResolvers<GatewayContext>, 'connection'> = {
  connection: async (_parent, _args, ctx): Promise<Connection> => {
    const wordpressUrl = ctx.config.wordpressUrl;
    if (!wordpressUrl) {
      return {
        status: 'EMBEDDED',
        source: 'EMBEDDED',
        endpoint: null,
        adminUrl: null,
        practiceAreasEndpoint: null,
        pagesEndpoint: null,
        latencyMs: null,
        checkedAt: new Date().toISOString(),
        message: EMBEDDED_MESSAGE,
      };
    }
    const started = performance.now();
    let status: Connection['status'] = 'CONNECTED';
    let message = CONNECTED_MESSAGE;
    try {
      await ctx.upstreamApi.checkConnection();
    } catch (error) {
      status = 'ERROR';
      const advice = connectionAdvice(error);
      message = `Connection failed: ${failureReason(error)}. ${advice}`;
      warnThrottled(ctx, { err: failureReason(error), advice }, 'WordPress connection check failed');
    }
    // After the check: it is what finds a WordPress that answers only at ?rest_route=.
    const endpoint = restUrl(wordpressUrl, '/wp/v2');
    if (status === 'CONNECTED' && usesPlainAddresses(wordpressUrl)) message = `${message}. ${PLAIN_ADVICE}`;
    return {
      status,
      source: 'WORDPRESS',
      endpoint,
      adminUrl: `${wordpressUrl}/wp-admin/`,
      practiceAreasEndpoint: `${endpoint}/practice_areas`,
      pagesEndpoint: `${endpoint}/pages`,
      latencyMs: Math.round(performance.now() - started),
      checkedAt: new Date().toISOString(),
      message,
    };
  },
};
