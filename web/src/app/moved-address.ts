// Where a WordPress address has moved on this site: one lookup for every route that meets one.
import { skipToken, useQuery } from '@apollo/client/react';
import { graphql } from '../gql';
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
 * The site's address for what the WordPress address `pathname` names (wordpressAddress), null while
 * asking or when it names nothing published. A null `pathname` asks nothing: routes ask only once
 * their own content is known to be missing, so ordinary pages cost WordPress nothing more.
 */
export function useMovedAddress(pathname: string | null): { to: string | null; loading: boolean } {
  const address = pathname === null ? null : wordpressAddress(pathname);
  const { data, loading } = useQuery(
    MovedAddress,
    address
      ? {
          variables: {
            slug: address.slug,
            post: address.kind === 'post',
            page: address.kind === 'page',
            category: address.kind === 'category',
          },
        }
      : skipToken,
  );
  const category = data?.category;
  // Written like the blog's category chips (blogHref), without importing the blog's module here.
  const archive = category ? `/blog?${new URLSearchParams({ category: category.slug })}` : null;
  return { to: data?.post?.uri ?? data?.page?.uri ?? archive, loading };
}
