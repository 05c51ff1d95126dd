// Where a WordPress address has moved on this site: one lookup for every route that meets one.
import { graphql } from '../gql';
import { runQuery } from './route-data';
import { wordpressAddress } from './wordpress-address';

const MovedAddress = graphql(`
  query MovedAddress($slug: String!, $post: Boolean!, $page: Boolean!, $category: Boolean!) {
    post(slug: $slug) @include(if: $post) {
      id
      uri
    }
    page(slug: $slug) @include(if: $page) {
      id
      uri
    }
    category(slug: $slug) @include(if: $category) {
      id
      slug
    }
  }
`);

/**
 * The site's address for what the WordPress address `pathname` names (wordpressAddress), null when
 * it names nothing published. Routes ask only once their own content is known to be missing, so
 * ordinary pages cost WordPress nothing more.
 */
export async function movedAddress(context: unknown, pathname: string): Promise<string | null> {
  const address = wordpressAddress(pathname);
  if (!address) return null;
  // The site has no tag or author pages: a tag's archive becomes the blog searched for the tag's
  // words, an author's the blog (written like the blog's own links, blogHref). Nothing to ask.
  if (address.kind === 'tag') {
    const words = address.slug.replace(/[-_]+/g, ' ').trim();
    return words ? `/blog?${new URLSearchParams({ q: words })}` : '/blog';
  }
  if (address.kind === 'author') return '/blog';
  const { data } = await runQuery(context, MovedAddress, {
    slug: address.slug,
    post: address.kind === 'post',
    page: address.kind === 'page',
    category: address.kind === 'category',
  });
  const category = data?.category;
  // Written like the blog's category chips (blogHref), without importing the blog's module here.
  const archive = category ? `/blog?${new URLSearchParams({ category: category.slug })}` : null;
  return data?.post?.uri ?? data?.page?.uri ?? archive;
}

/**
 * A route's answer with where its content moved (`movedTo`), looked up only when the route found it
 * `missing`.
 */
export async function withMovedAddress<O extends object>(
  context: unknown,
  request: Request,
  outcome: O,
  missing: boolean,
): Promise<O & { movedTo: string | null }> {
  return { ...outcome, movedTo: missing ? await movedAddress(context, new URL(request.url).pathname) : null };
}
