import { describe, expect, it } from 'vitest';
import {
  IMAGE_SCHEMES,
  isAbsoluteHttpUrl,
  isSiteRelativePath,
  readsAsOtherHost,
  safeImageUrl,
  safeUrl,
} from './url.js';

describe('safeUrl', () => {
  it.each([
    ['https://example.com/a?b=c#d', 'https://example.com/a?b=c#d'],
    ['HTTP://EXAMPLE.COM', 'HTTP://EXAMPLE.COM'],
    ['mailto:info@example.com', 'mailto:info@example.com'],
    ['tel:+911204001985', 'tel:+911204001985'],
    ['/blog/a/', '/blog/a/'],
    ['../up', '../up'],
    ['#section', '#section'],
    ['?q=a:b', '?q=a:b'],
    ['page?x=a:b', 'page?x=a:b'],
    ['  /padded  ', '/padded'],
    ['/a\tb\nc', '/abc'],
    ['javascript:alert(1)', null],
    [' JAVASCRIPT:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['java\nscript:alert(1)', null],
    ['\u0001javascript:alert(1)', null],
    ['java\u0000script:alert(1)', null],
    ['data:text/html,x', null],
    ['vbscript:x', null],
    ['ftp://example.com/', null],
    ['//evil.example/', null],
    ['\\\\evil.example/', null],
    ['/\\evil.example/', null],
    ['\\/evil.example/', null],
    ['10:30', null],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it('applies the given schemes', () => {
    expect(safeUrl('mailto:a@b.example', IMAGE_SCHEMES)).toBeNull();
    expect(safeUrl('https://a.example/x.jpg', IMAGE_SCHEMES)).toBe('https://a.example/x.jpg');
  });

  it('rejects non-strings', () => {
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl(42)).toBeNull();
  });
});

describe('isAbsoluteHttpUrl', () => {
  it.each([
    ['https://www.example.in', true],
    ['http://localhost:3000/x', true],
    ['https://', false],
    ['https:///path', false],
    ['/relative', false],
    ['ftp://example.com', false],
    ['javascript:alert(1)', false],
    [' https://example.com', false],
    [null, false],
  ])('%j -> %s', (input, expected) => {
    expect(isAbsoluteHttpUrl(input)).toBe(expected);
  });
});

describe('readsAsOtherHost', () => {
  it.each([
    ['//evil.example/x', true],
    ['///evil.example', true],
    ['/\\evil.example', true],
    ['/%2Fevil.example/x', true],
    ['/%2f%2fevil.example', true],
    ['/%5Cevil.example', true],
    ['/%5c', true],
    ['/%252Fevil.example', true],
    ['/%25252fevil.example', true],
    ['/', false],
    ['/bail-explained/?ref=1#types', false],
    ['/bail//types/', false],
    ['/a%2Fb', false],
    ['/%20/x', false],
    ['/%2', false],
    ['?q=//x', false],
  ])('%j -> %s', (input, expected) => {
    expect(readsAsOtherHost(input)).toBe(expected);
  });
});

describe('isSiteRelativePath / safeImageUrl', () => {
  it.each([
    ['/images/a.jpg', true],
    ['//evil.example/a.jpg', false],
    ['/\\evil.example', false],
    ['images/a.jpg', false],
    ['/a b.jpg', false],
  ])('isSiteRelativePath(%j) -> %s', (input, expected) => {
    expect(isSiteRelativePath(input)).toBe(expected);
  });

  it.each([
    ['/images/a.jpg', '/images/a.jpg'],
    [' https://cdn.example/a.jpg ', 'https://cdn.example/a.jpg'],
    ['https://cdn.example/a.jpg?x=1&y=2', 'https://cdn.example/a.jpg?x=1&y=2'],
    ['https://cdn.example/a(1).jpg', null],
    ["/a'.jpg", null],
    ['/a".jpg', null],
    ['/a\\b.jpg', null],
    ['/a<b>.jpg', null],
    ['data:image/png;base64,AAAA', null],
    ['javascript:alert(1)', null],
    ['', null],
  ])('safeImageUrl(%j) -> %j', (input, expected) => {
    expect(safeImageUrl(input)).toBe(expected);
  });
});
