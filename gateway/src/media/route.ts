// GET /media/{token}/{width}: a WordPress image re-encoded for the browser asking (address.ts). The
// address names its original, so the answer never changes: cached for a year, immutable, with an
// ETag for revalidation, and `Vary: Accept` as the format depends on it. Without an image to show, a
// redirect to the site's default image: never a broken picture, and not cached when a later request
// may have the real one.
import { DEFAULT_IMAGE } from '@site/content-model';
import { etagMatches } from '@site/server-kit';
import type { FastifyInstance } from 'fastify';
import { readMediaPath } from './address.js';
import type { MediaService } from './service.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function mediaRoutes(media: MediaService) {
  return async function routes(app: FastifyInstance) {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      // A wildcard: the token is longer than the router's limit for a parameter.
      url: '/media/*',
      handler: async (request, reply) => {
        const [token = '', width = '', ...rest] = request.params['*'].split('/');
        const address = rest.length === 0 ? readMediaPath(token, width) : null;
        if (!address) {
          return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found\n');
        }
        const answer = await media.variant(address.sourceUrl, address.width, request.headers.accept);
        reply.header('vary', 'accept');
        if (answer.kind === 'fallback') {
          return reply
            .code(302)
            .header('cache-control', answer.retry ? 'no-store' : 'public, max-age=3600')
            .header('location', DEFAULT_IMAGE.url)
            .send();
        }
        reply.header('cache-control', IMMUTABLE).header('etag', answer.etag);
        if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
        return reply.header('content-type', answer.contentType).send(answer.bytes);
      },
    });
  };
}
