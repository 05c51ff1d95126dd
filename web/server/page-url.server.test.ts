import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAGE_PARAM_NAMES, UNCACHED_PAGE_PARAM_NAMES, pageUrl } from './page-url.server';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const key = (address: string) => {
  const url = pageUrl(new URL(address, 'https://site.test'));
  return url.pathname + url.search;
};

describe('pageUrl', () => {
  it('drops what no page reads, orders what they read, and leaves out empty values', () => {
    expect(key('/?utm_source=a&utm_medium=b&fbclid=c&gclid=d&_=1')).toBe('/');
    expect(key('/blog/?q=&category=%20%20')).toBe('/blog/');
    expect(key('/blog?q=bail&category=family-law')).toBe('/blog?category=family-law&q=bail');
    expect(key('/blog?category=family-law&q=bail&q=custody')).toBe('/blog?category=family-law&q=bail');
    expect(key('/blog?q=a+b')).toBe(key('/blog?q=a%20b'));
    expect(key('/contact-us/?practice=%20Family-Law%20')).toBe('/contact-us/?practice=family-law');
    expect(key('/blog?q=' + 'x'.repeat(500))).toBe(`/blog?q=${'x'.repeat(200)}`);
    expect(key('/blog/page/2?q=bail#results')).toBe('/blog/page/2?q=bail');
  });

  it('keeps every query parameter the pages read', () => {
    // Reads of the address's parameters in the site's source: `.get('name')` in files that read them.
    const read = new Set<string>();
    const visit = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) visit(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const source = readFileSync(file, 'utf8');
          if (!/searchParams|URLSearchParams/.test(source)) continue;
          for (const m of source.matchAll(/\b(?:search|searchParams|params)\.get\('([^']+)'\)/g))
            read.add(m[1]!);
        }
      }
    };
    visit(SRC);
    expect(read.size).toBeGreaterThanOrEqual(3);
    const known = [...PAGE_PARAM_NAMES, ...UNCACHED_PAGE_PARAM_NAMES];
    expect([...read].filter((name) => !known.includes(name))).toEqual([]);
  });

  it('never keeps a preview token in a cache address', () => {
    expect(key('/preview/post/199?token=post.199.1.1.sig')).toBe('/preview/post/199');
    expect(key('/blog?q=bail&token=post.199.1.1.sig')).toBe('/blog?q=bail');
  });
});
