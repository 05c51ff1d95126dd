// A post's loader asks in the page's language and names where the post is in each language (brief
// §10): its own address in its own language, its translation's, else that language's blog.
import type { ApolloClient } from '@apollo/client';
import { getOperationAST, type DocumentNode } from 'graphql';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../gql/graphql';
import { loader, postAlternates } from './PostRoute';
import { pageAlternates } from '../../i18n/alternates';

interface FakePost {
  slug: string;
  uri: string;
  language: Language;
  translations: Array<{ language: Language; uri: string }>;
}

/** A client that answers the loader's two questions and records them. */
function fakeClient(post: FakePost | null) {
  const asked: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  const client = {
    query: ({ query, variables }: { query: DocumentNode; variables: Record<string, unknown> }) => {
      const operation = getOperationAST(query)?.name?.value ?? '';
      asked.push({ operation, variables });
      const data =
        operation === 'PostPage' ? { site: { name: 'Law Partners' }, post } : { posts: { nodes: [] } };
      return Promise.resolve({ data });
    },
  } as unknown as ApolloClient;
  return { client, asked };
}

async function load(path: string, post: FakePost | null) {
  const { client, asked } = fakeClient(post);
  const slug = path.split('/').pop() ?? '';
  const args = {
    context: { client },
    params: { slug },
    request: new Request(`https://www.example.in${path}`),
  } as unknown as LoaderFunctionArgs;
  return { result: await loader(args), asked };
}

const hindi: FakePost = {
  slug: 'bail-after-arrest-guide-hindi',
  uri: '/blog/bail-after-arrest-guide-hindi',
  language: 'HI',
  translations: [{ language: 'EN', uri: '/blog/regular-anticipatory-default-bail-explained' }],
};

describe('the post loader', () => {
  it('asks for the post, the site and the recent posts in the language of the address', async () => {
    const { asked } = await load('/hi/blog/bail-after-arrest-guide-hindi', hindi);
    expect(asked).toEqual([
      { operation: 'PostPage', variables: { slug: hindi.slug, language: 'HI' } },
      { operation: 'RecentPosts', variables: { excludeSlug: hindi.slug, language: 'HI' } },
    ]);
    const english = await load('/blog/bail-after-arrest-guide-hindi', hindi);
    expect(english.asked.map((a) => a.variables.language)).toEqual(['EN', 'EN']);
  });

  it("names the post's translation for the switcher and hreflang", async () => {
    const { result } = await load('/hi/blog/bail-after-arrest-guide-hindi', hindi);
    expect(result.alternates).toEqual({
      hi: '/hi/blog/bail-after-arrest-guide-hindi',
      en: '/blog/regular-anticipatory-default-bail-explained',
    });
    // Read at its English address, a Hindi post still names its Hindi one.
    const atEnglish = await load('/blog/bail-after-arrest-guide-hindi', hindi);
    expect(atEnglish.result.alternates).toEqual(result.alternates);
  });

  it('names nothing for a post without a translation: its address in the other language is the nearest page', async () => {
    const post: FakePost = {
      slug: 'cheque-bounce',
      uri: '/blog/cheque-bounce',
      language: 'EN',
      translations: [],
    };
    const { result } = await load('/blog/cheque-bounce', post);
    expect(result.alternates).toBeNull();
    expect(pageAlternates('/blog/cheque-bounce', [result])).toEqual({
      en: '/blog/cheque-bounce',
      hi: '/hi/blog/cheque-bounce',
    });
  });

  it('names nothing for a post that is not there', async () => {
    const { result, asked } = await load('/hi/blog/no-such-post', null);
    expect(result.alternates).toBeNull();
    expect(asked.map((a) => a.operation)).toEqual(['PostPage']);
  });
});

describe('postAlternates', () => {
  it('keeps the post in its own language when a translation names the same one', () => {
    expect(
      postAlternates({
        uri: '/blog/x',
        language: 'EN',
        translations: [
          { language: 'EN', uri: '/blog/other' },
          { language: 'HI', uri: '/hi/blog/y' },
        ],
      }),
    ).toEqual({ en: '/blog/x', hi: '/hi/blog/y' });
  });
});
