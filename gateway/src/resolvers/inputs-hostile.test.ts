// Inputs the fuzz run of the hardening suite found: half a surrogate pair made encodeURIComponent
// throw inside a resolver (an internal error instead of "no such post").
import { describe, expect, it } from 'vitest';
import { buildQueryString } from '../sources/rest.js';
import { boundedSearch, boundedSlug } from './inputs.js';

describe('lone surrogates', () => {
  it('are no slug', () => {
    expect(boundedSlug('abc\ud800')).toBeNull();
    expect(boundedSlug('\udfffabc')).toBeNull();
    expect(boundedSlug('emoji-👩‍⚖️')).toBe('emoji-👩‍⚖️');
  });

  it('become U+FFFD in a search', () => {
    expect(boundedSearch('bail\ud800 hearing')).toBe('bail\ufffd hearing');
  });

  it('never break a REST query string', () => {
    expect(buildQueryString({ search: 'a\udc00b', slug: ['x\ud800'] })).toBe(
      'search=a%EF%BF%BDb&slug=x%EF%BF%BD',
    );
  });
});
