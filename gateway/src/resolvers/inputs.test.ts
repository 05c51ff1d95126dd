import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { boundedSearch, boundedSlug, clampInt } from './inputs.js';

describe('clampInt', () => {
  it('clamps into range, truncates, and uses the fallback for non-numbers', () => {
    expect(clampInt(100000, 10, 1, 100)).toBe(100);
    expect(clampInt(0, 10, 1, 100)).toBe(1);
    expect(clampInt(-7, 10, 1, 100)).toBe(1);
    expect(clampInt(5.9, 10, 1, 100)).toBe(5);
    expect(clampInt(null, 10, 1, 100)).toBe(10);
    expect(clampInt(Number.NaN, 10, 1, 100)).toBe(10);
  });
});

describe('boundedSlug', () => {
  it('keeps slugs WordPress could have, trimmed', () => {
    expect(boundedSlug(' how-to-file-for-divorce-in-india ')).toBe('how-to-file-for-divorce-in-india');
    expect(boundedSlug('तलाक')).toBe('तलाक');
    expect(boundedSlug('%e0%a4%a4%e0%a4%b2')).toBe('%e0%a4%a4%e0%a4%b2');
    expect(boundedSlug('a'.repeat(200))).toBe('a'.repeat(200));
  });

  it('refuses what no slug can be', () => {
    for (const bad of [
      '',
      '   ',
      'a'.repeat(201),
      'x'.repeat(10240),
      'a\u0000b',
      'a b',
      'a/b',
      'a,b',
      'a?b',
      'a#b',
      'a&b=c',
      '%zz',
      '%00',
      null,
      undefined,
    ]) {
      expect(boundedSlug(bad), JSON.stringify(bad)).toBeNull();
    }
    // 23 Devanagari letters are 207 characters percent-encoded: longer than WordPress stores.
    expect(boundedSlug('क'.repeat(23))).toBeNull();
    expect(boundedSlug('क'.repeat(22))).toBe('क'.repeat(22));
  });
});

describe('boundedSearch', () => {
  it('collapses whitespace, drops control characters, and treats blank as no search', () => {
    expect(boundedSearch('  bail\u0000 in\t\nGhaziabad ')).toBe('bail in Ghaziabad');
    expect(boundedSearch('   ')).toBeUndefined();
    expect(boundedSearch(null)).toBeUndefined();
  });

  it('allows 200 characters (counted as characters, not UTF-16 units) and refuses 201', () => {
    expect(boundedSearch('a'.repeat(200))).toHaveLength(200);
    expect(boundedSearch('😀'.repeat(200))).toHaveLength(400);
    const error = (() => {
      try {
        boundedSearch('a'.repeat(201));
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(GraphQLError);
    expect((error as GraphQLError).message).toBe('search must be at most 200 characters');
    expect((error as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
  });
});
