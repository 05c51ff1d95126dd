import { localizePath, SEARCH_MAX_LENGTH, type Lang } from '@site/content-model';
import type { WithAlternates } from '../../i18n/alternates';

/** brief §9: the blog list shows 20 posts a page. */
export const POSTS_PER_PAGE = 20;

export interface BlogParams {
  /** The list page; null when the path names no valid page (/blog/page/0, /blog/page/abc). */
  page: number | null;
  /** Free-text search (brief §5: no limits beyond the gateway's length cap). */
  q: string;
  /** Category slug, '' for all categories. */
  category: string;
}

export function parseBlogParams(pageParam: string | undefined, search: URLSearchParams): BlogParams {
  let page: number | null = 1;
  if (pageParam !== undefined) page = /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : null;
  return {
    page,
    q: (search.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    category: (search.get('category') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

/**
 * The address of a list page: page 1 is /blog itself, so each list has one URL; in Hindi the same
 * under /hi (brief §10), a list of the Hindi posts.
 */
export function blogHref(
  params: { page?: number; q?: string; category?: string },
  lang: Lang = 'en',
): string {
  const path = localizePath(lang, params.page && params.page > 1 ? `/blog/page/${params.page}` : '/blog');
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.category) query.set('category', params.category);
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The list's address in the other language, when it is not the same path there: the other language's
 * list holds other posts, so page N of one is not page N of the other. A later page's twin is that
 * list's first page (the switcher carries the search and category over). Null for a first page.
 */
export function blogAlternates(lang: Lang, page: number | null): WithAlternates['alternates'] | null {
  if (page === 1) return null;
  const other: Lang = lang === 'en' ? 'hi' : 'en';
  return { [other]: blogHref({}, other) };
}

export type PageItem = number | 'gap';

/**
 * Page numbers to link: the first, the last, and the current with its neighbours; a gap stands for
 * any run left out. Short lists are shown whole.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const wanted = new Set([1, total, current - 1, current, current + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}
