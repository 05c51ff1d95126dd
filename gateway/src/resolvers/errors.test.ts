import { describe, expect, it } from 'vitest';
import { wordpressApiError } from '../sources/rest.js';
import { errorSummary } from './errors.js';

describe('errorSummary', () => {
  it("keeps WordPress's own error code, which says why (rest_not_logged_in: a security plugin)", () => {
    expect(errorSummary(wordpressApiError(401, '/posts', 'rest_not_logged_in'))).toEqual({
      message: 'WordPress API error: 401',
      name: 'UpstreamError',
      code: 'rest_not_logged_in',
    });
    expect(errorSummary(wordpressApiError(503, '/posts', null))).toEqual({
      message: 'WordPress API error: 503',
      name: 'UpstreamError',
    });
    expect(errorSummary('text')).toEqual({ message: 'text' });
  });
});
