// @vitest-environment happy-dom
// A post's card speaks the page's language (brief §10): its reading time, date and "Read More" in
// the catalogue's words, its links to the post in that language, and an English post on a Hindi
// page marked as English.
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Lang } from '@site/content-model';
import type { PostCardFragment } from '../../gql/graphql';
import { getSystem } from '../../app/theme';
import { inLang } from '../../i18n/test-render';
import { PostCard } from './PostCard';

const post: PostCardFragment = {
  id: 'post:183',
  slug: 'regular-anticipatory-default-bail-explained',
  uri: '/blog/regular-anticipatory-default-bail-explained',
  title: 'Regular Bail, Anticipatory Bail and Default Bail Explained',
  date: '2026-11-21T10:00:00+05:30',
  dateFormatted: 'November 21, 2026',
  readingTimeMinutes: 1,
  authorName: 'Adv. R. Sharma',
  language: 'EN',
  excerpt: 'The three kinds of bail and when each applies.',
  featuredImage: { url: '/images/default-featured.jpg', alt: '', width: 1200, height: 800, srcSet: null },
};

function card(lang: Lang, overrides: Partial<PostCardFragment> = {}): Document {
  const html = renderToString(
    inLang(
      <ChakraProvider value={getSystem()}>
        <MemoryRouter>
          <PostCard post={{ ...post, ...overrides }} eager={false} />
        </MemoryRouter>
      </ChakraProvider>,
      lang,
    ),
  );
  return new DOMParser().parseFromString(html, 'text/html');
}

const text = (doc: Document) => doc.body.textContent ?? '';

describe('PostCard', () => {
  it('on an English page: the texts as always, links to /blog, no lang of its own', () => {
    const doc = card('en');
    expect(text(doc)).toContain('1 min read');
    expect(text(doc)).toContain('November 21, 2026');
    expect(text(doc)).toContain('Read More');
    expect(card('en', { readingTimeMinutes: 7 }).body.textContent).toContain('7 min read');
    const links = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([post.uri, post.uri]);
    expect(doc.querySelector('[lang]')).toBeNull();
  });

  it('on a Hindi page: reading time (one and many), date and Read More in Hindi, links under /hi', () => {
    const doc = card('hi', { language: 'HI', title: 'जमानत कैसे मिलती है' });
    expect(text(doc)).toContain('1 मिनट में पढ़ें');
    expect(card('hi', { readingTimeMinutes: 7 }).body.textContent).toContain('7 मिनट में पढ़ें');
    expect(text(doc)).toContain('21 नवंबर 2026');
    expect(text(doc)).toContain('पूरा लेख पढ़ें');
    expect(text(doc)).not.toMatch(/min read|Read More|November/);
    const links = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([`/hi${post.uri}`, `/hi${post.uri}`]);
    // A Hindi post on a Hindi page needs no lang of its own.
    expect(doc.querySelector('[lang]')).toBeNull();
  });

  it('marks an English post on a Hindi page as English: its title and excerpt', () => {
    const doc = card('hi');
    const marked = [...doc.querySelectorAll('[lang]')];
    expect(marked.map((el) => el.getAttribute('lang'))).toEqual(['en-IN', 'en-IN', 'en-IN']);
    expect(marked[0]?.textContent).toBe(post.title);
    expect(marked[1]?.textContent).toBe(post.excerpt);
  });
});
