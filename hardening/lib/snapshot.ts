// The recorded content snapshot (content/wp/*.json) as the fake WordPress serves it, and variants
// of it for the tests.
import path from 'node:path';
import { readSnapshot, type ContentSnapshot } from '../../gateway/src/sources/embedded/source.js';
import { REPO_ROOT } from './servers.js';

export function recordedSnapshot(): Promise<ContentSnapshot> {
  return readSnapshot(path.join(REPO_ROOT, 'content'));
}

interface PostLike {
  id: number;
  slug: string;
  date: string;
  date_gmt?: string;
  modified?: string;
  modified_gmt?: string;
  title: { rendered: string };
  content?: { rendered: string; protected: boolean };
  excerpt?: { rendered: string; protected: boolean };
  link?: string;
}

/**
 * The snapshot plus `count` older posts (copies of the oldest, years earlier), so the first page of
 * the blog (20 posts) and the recent-posts sidebar leave some posts that no page has shown.
 * Returns their slugs, oldest last.
 */
export function withArchivedPosts(
  snapshot: ContentSnapshot,
  count: number,
): { snapshot: ContentSnapshot; archived: string[] } {
  const posts = snapshot.posts as PostLike[];
  const oldest = [...posts].sort((a, b) => a.date.localeCompare(b.date))[0];
  if (!oldest) throw new Error('the snapshot has no posts');
  const maxId = Math.max(...posts.map((p) => p.id));
  const archived: PostLike[] = Array.from({ length: count }, (_, i) => {
    const date = `${2015 - i}-03-01T10:00:00`;
    return {
      ...oldest,
      id: maxId + 1 + i,
      slug: `archived-note-${i + 1}`,
      date,
      date_gmt: date,
      modified: date,
      modified_gmt: date,
      title: { rendered: `Archived note ${i + 1}` },
      // Plain words of its own, so no search of the real posts finds it.
      content: { rendered: `<p>Archived note number ${i + 1} of the firm.</p>`, protected: false },
      excerpt: { rendered: `<p>Archived note number ${i + 1}.</p>`, protected: false },
      link: oldest.link?.replace(oldest.slug, `archived-note-${i + 1}`),
    };
  });
  return {
    snapshot: { ...snapshot, posts: [...posts, ...archived] },
    archived: archived.map((p) => p.slug),
  };
}
