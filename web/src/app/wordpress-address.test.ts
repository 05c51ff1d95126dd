import { describe, expect, it } from 'vitest';
import { datePermalinkSlug, nestedPageSlug, wordpressAddress } from './wordpress-address';

describe('datePermalinkSlug', () => {
  it('reads the slug of day-and-name and month-and-name permalinks', () => {
    expect(datePermalinkSlug('/2026/08/19/documents-for-first-bail-consultation/')).toBe(
      'documents-for-first-bail-consultation',
    );
    expect(datePermalinkSlug('/2026/08/quashing-fir')).toBe('quashing-fir');
    expect(datePermalinkSlug('/2026/11/%E0%A4%A6%E0%A4%B9%E0%A5%87%E0%A4%9C/')).toBe('दहेज');
  });
  it('is null for other paths', () => {
    for (const path of [
      '/this/path/does-not-exist',
      '/a/b/c/d',
      '/2026/quashing-fir',
      '/26/08/x',
      '/2026/08/19/x/y',
      '/2026/08/%zz',
    ])
      expect(datePermalinkSlug(path), path).toBeNull();
  });
});

describe('nestedPageSlug', () => {
  it('reads the slug of a page two or more levels down', () => {
    expect(nestedPageSlug('/practice/criminal/bail-after-arrest/')).toBe('bail-after-arrest');
    expect(nestedPageSlug('/a/b/c/d')).toBe('d');
    expect(nestedPageSlug('/offices/noida/%E0%A4%A6%E0%A4%B9%E0%A5%87%E0%A4%9C/')).toBe('दहेज');
  });
  it('is null for date permalinks, short paths, file names and broken escapes', () => {
    for (const path of [
      '/2026/08/19/documents-for-first-bail-consultation/',
      '/2026/08/quashing-fir',
      '/about',
      '/about-us/team',
      '/wp-content/uploads/2026/11/photo.jpg',
      '/a/b/%zz',
      '/1/2/3/4/5/6/7/8/9',
    ])
      expect(nestedPageSlug(path), path).toBeNull();
  });
});

describe('wordpressAddress', () => {
  it('names a post, a page or a category by the shape of the path', () => {
    expect(wordpressAddress('/quashing-fir/')).toEqual({ kind: 'post', slug: 'quashing-fir' });
    expect(wordpressAddress('/2026/08/19/quashing-fir/')).toEqual({ kind: 'post', slug: 'quashing-fir' });
    expect(wordpressAddress('/about-us/team')).toEqual({ kind: 'page', slug: 'team' });
    expect(wordpressAddress('/about-us/team/lawyers/')).toEqual({ kind: 'page', slug: 'lawyers' });
    expect(wordpressAddress('/category/bail-hearings/')).toEqual({ kind: 'category', slug: 'bail-hearings' });
    expect(wordpressAddress('/category/bail/more')).toEqual({ kind: 'page', slug: 'more' });
    expect(wordpressAddress('/tag/anticipatory-bail/')).toEqual({ kind: 'tag', slug: 'anticipatory-bail' });
    expect(wordpressAddress('/author/meenakshi/')).toEqual({ kind: 'author', slug: 'meenakshi' });
    expect(wordpressAddress('/%E0%A4%A6%E0%A4%B9%E0%A5%87%E0%A4%9C')).toEqual({ kind: 'post', slug: 'दहेज' });
  });
  it('is null for the root, broken escapes, file names deep down and very deep paths', () => {
    for (const path of ['/', '', '/%zz', '/a/%zz', '/wp-content/uploads/photo.jpg', '/1/2/3/4/5/6/7/8/9'])
      expect(wordpressAddress(path), path).toBeNull();
  });
});
