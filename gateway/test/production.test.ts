// Production behaviour: masked errors (no stack, no schema suggestions, generic message for the
// unexpected), introspection off by default.
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatErrorFor } from '../src/server.js';
import { startHarness, type Harness } from './harness.js';

describe.each([
  ['production', true],
  ['development', false],
] as const)('errors in %s', (nodeEnv, production) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { NODE_ENV: nodeEnv } });
  });
  afterAll(() => h.close());

  it(production ? 'drops "Did you mean" suggestions' : 'keeps suggestions for developers', async () => {
    const res = await h.query(`{ post(slug: "legal-note-105") { titel } }`);
    expect(res.errors).toHaveLength(1);
    const message = res.errors![0]!.message;
    expect(message).toMatch(/Cannot query field "titel" on type "Post"/);
    if (production) expect(message).not.toMatch(/Did you mean/);
    else expect(message).toMatch(/Did you mean "title"/);
  });

  it(production ? 'sends no stack trace' : 'sends a stack trace', async () => {
    await h.wp!.fault('500', { path: '/posts' });
    const res = await h.query(`{ posts { totalCount } }`);
    await h.wp!.fault(null);
    const error = res.errors![0]!;
    expect(error.message).toBe('Failed to fetch posts');
    expect(error.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect('stacktrace' in (error.extensions ?? {})).toBe(!production);
  });

  it(production ? 'refuses introspection' : 'allows introspection', async () => {
    const res = await h.query(`{ __schema { queryType { name } } }`);
    if (production) {
      expect(res.errors?.[0]?.message).toMatch(/introspection/i);
    } else {
      expect(res.errors).toBeUndefined();
      expect(res.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    }
  });

  it('keeps BAD_USER_INPUT messages readable', async () => {
    const res = await h.query(`query($s: String) { posts(search: $s) { totalCount } }`, {
      s: 'x'.repeat(300),
    });
    expect(res.errors![0]).toMatchObject({
      message: 'search must be at most 200 characters',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('formatErrorFor', () => {
  const unexpected = {
    message: 'Cannot read properties of undefined (reading "x")',
    extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['at x'] },
  };

  it('masks unexpected errors in production', () => {
    expect(formatErrorFor(true)(unexpected)).toEqual({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(formatErrorFor(true)({ message: 'boom' })).toEqual({
      message: 'Internal server error',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  });

  it('keeps public errors, without their stack, in production', () => {
    const formatted = new GraphQLError('Failed to fetch post', {
      path: ['post'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE', stacktrace: ['at y'] },
    }).toJSON();
    expect(formatErrorFor(true)(formatted)).toEqual({
      message: 'Failed to fetch post',
      path: ['post'],
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
  });

  it('leaves everything as it is in development', () => {
    expect(formatErrorFor(false)(unexpected)).toBe(unexpected);
  });
});
