import { describe, expect, it } from 'vitest';
import { UpstreamError, wordpressApiError } from '../sources/rest.js';
import {
  ADDRESS_ADVICE,
  CHECK_ADVICE,
  FIREWALL_ADVICE,
  FOREIGN_ADVICE,
  LOGIN_ADVICE,
  PLUGIN_ADVICE,
  SLOW_ADVICE,
  UNREACHABLE_ADVICE,
  connectionAdvice,
  failureReason,
} from './connection-advice.js';

const failure = (kind: UpstreamError['kind'], message = 'x') =>
  new UpstreamError(message, { kind, path: '/practice_areas' });

describe('connectionAdvice', () => {
  it.each([
    [wordpressApiError(401, '/practice_areas', 'rest_not_logged_in'), LOGIN_ADVICE],
    [wordpressApiError(401, '/practice_areas', null), LOGIN_ADVICE],
    [wordpressApiError(403, '/practice_areas', 'rest_cannot_access'), LOGIN_ADVICE],
    [wordpressApiError(403, '/practice_areas', null), FIREWALL_ADVICE],
    [wordpressApiError(403, '/practice_areas', 'blocked'), FIREWALL_ADVICE],
    [wordpressApiError(404, '/practice_areas', 'rest_no_route'), PLUGIN_ADVICE],
    [wordpressApiError(404, '/practice_areas', null), ADDRESS_ADVICE],
    [wordpressApiError(500, '/practice_areas', 'internal_server_error'), CHECK_ADVICE],
    [wordpressApiError(503, '/practice_areas', null), CHECK_ADVICE],
    [failure('network'), UNREACHABLE_ADVICE],
    [failure('timeout'), SLOW_ADVICE],
    [failure('malformed'), FOREIGN_ADVICE],
    [failure('shape'), FOREIGN_ADVICE],
    [failure('too-large'), CHECK_ADVICE],
    [failure('circuit-open'), CHECK_ADVICE],
    [new Error('boom'), CHECK_ADVICE],
    ['not an error', CHECK_ADVICE],
  ])('%s → its advice', (error, advice) => {
    expect(connectionAdvice(error)).toBe(advice);
  });
});

describe('failureReason', () => {
  it("names WordPress's own error code when it sent one", () => {
    expect(failureReason(wordpressApiError(401, '/practice_areas', 'rest_not_logged_in'))).toBe(
      'WordPress API error: 401 (rest_not_logged_in)',
    );
    expect(failureReason(wordpressApiError(503, '/practice_areas', null))).toBe('WordPress API error: 503');
    expect(failureReason(new Error('secret detail'))).toBe('unexpected error');
  });
});
