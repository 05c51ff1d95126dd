import { describe, expect, it } from 'vitest';
import { isDecodablePath } from './paths.server';

describe('isDecodablePath', () => {
  it.each([
    '/',
    '/blog/how-to-file',
    '/blog/%E0%A4%A4%E0%A4%B2%E0%A4%BE%E0%A4%95',
    '/a%20b',
    '/%2e%2e/x',
    '/%25zz',
  ])('lets %s through', (path) => expect(isDecodablePath(path)).toBe(true));

  it.each([
    '/%zz',
    '/%',
    '/%c0%ae%c0%ae',
    '/%ed%a0%80',
    '/%0d%0a/x',
    '/a%00b',
    '/%7f',
    '/x%E2%80%A8',
    '/%09',
  ])('refuses %s', (path) => expect(isDecodablePath(path)).toBe(false));
});
