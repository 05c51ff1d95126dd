// Compares two content snapshots (content/wp/*.json in WordPress REST shape): the recorded one the
// embedded source and the tests' fake WordPress serve, and one pulled from a real WordPress. Ids
// differ between WordPress installs, so references (categories, featured images, page_structure
// images) are compared through the slugs they point at; titles as the text a visitor reads.
import { decodeEntities, htmlToText } from '../../../gateway/src/derive/text.js';
import {
  COLLECTIONS,
  type CollectionName,
  type ContentSnapshot,
} from '../../../gateway/src/sources/embedded/source.js';
import {
  listParser,
  wpCategorySchema,
  wpMediaSchema,
  wpPageSchema,
  wpPostSchema,
  wpPracticeAreaSchema,
} from '../../../gateway/src/sources/types.js';

type Item = Record<string, unknown> & { id: number; slug: string };

const PARSERS: Record<CollectionName, (v: unknown) => unknown> = {
  posts: listParser(wpPostSchema),
  pages: listParser(wpPageSchema),
  practice_areas: listParser(wpPracticeAreaSchema),
  media: listParser(wpMediaSchema),
  categories: listParser(wpCategorySchema),
};

export interface SnapshotComparison {
  counts: Record<CollectionName, { expected: number; actual: number }>;
  /** Every difference in slugs, titles and resolved references; empty when the two agree. */
  differences: string[];
  /** Top-level fields present in one snapshot's items and not the other's, per collection. */
  fields: Record<CollectionName, { onlyExpected: string[]; onlyActual: string[] }>;
}

/** Throws (naming the collection) when a collection does not parse with the gateway's parsers. */
export function parseSnapshot(snapshot: ContentSnapshot): void {
  for (const name of COLLECTIONS) {
    try {
      PARSERS[name](snapshot[name]);
    } catch (error) {
      throw new Error(`${name} does not parse: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  }
}

function items(snapshot: ContentSnapshot, name: CollectionName): Item[] {
  return (snapshot[name] as Item[]).filter((i) => i && typeof i === 'object');
}

function text(value: unknown): string {
  if (typeof value === 'string') return decodeEntities(value).trim();
  if (value && typeof value === 'object' && typeof (value as { rendered?: unknown }).rendered === 'string') {
    return htmlToText((value as { rendered: string }).rendered);
  }
  return '';
}

/** Site-relative upload paths, whatever the origin (a pull rewrites its own uploads this way). */
function relativeUploads(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null).replace(/https?:\/\/[^/"]+(\/wp-content\/uploads\/)/g, '$1'),
  );
}

function fieldsOf(list: readonly Item[]): Set<string> {
  const out = new Set<string>();
  for (const item of list) for (const k of Object.keys(item)) out.add(k);
  return out;
}

export function compareSnapshots(expected: ContentSnapshot, actual: ContentSnapshot): SnapshotComparison {
  const differences: string[] = [];
  const counts = {} as SnapshotComparison['counts'];
  const fields = {} as SnapshotComparison['fields'];

  // Media and categories are referenced by id: compare what the id points at (its slug).
  const slugById = (snap: ContentSnapshot, name: CollectionName) =>
    new Map(items(snap, name).map((i) => [i.id, i.slug]));
  const media = { expected: slugById(expected, 'media'), actual: slugById(actual, 'media') };
  const categories = { expected: slugById(expected, 'categories'), actual: slugById(actual, 'categories') };
  const mediaSlug = (side: 'expected' | 'actual', id: unknown) =>
    typeof id === 'number' && id > 0 ? (media[side].get(id) ?? `missing media ${id}`) : null;
  // A translation links an item of the same collection by id (brief §10): compare its slug.
  const linked = new Map(
    COLLECTIONS.map((name) => [name, { expected: slugById(expected, name), actual: slugById(actual, name) }]),
  );
  const linkSlug = (side: 'expected' | 'actual', name: CollectionName, id: unknown) =>
    typeof id === 'number' && id > 0 ? (linked.get(name)?.[side].get(id) ?? `missing ${name} ${id}`) : null;

  const resolved = (
    side: 'expected' | 'actual',
    name: CollectionName,
    item: Item,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = { title: text(item.title ?? item.name) };
    if ('featured_media' in item) out.featured_media = mediaSlug(side, item.featured_media);
    if (name === 'posts') {
      out.categories = ((item.categories as number[] | undefined) ?? [])
        .map((id) => categories[side].get(id))
        .sort();
      out.date = item.date;
      out.author_name = item.author_name;
      out.banner_settings = relativeUploads(item.banner_settings);
      out.seo_meta = relativeUploads(item.seo_meta);
    }
    if (name === 'pages' || name === 'practice_areas') {
      const ps = item.page_structure as Record<string, unknown> | null | undefined;
      out.page_structure = ps
        ? {
            ...ps,
            hero_image: mediaSlug(side, ps.hero_image),
            why_choose_image: mediaSlug(side, ps.why_choose_image),
          }
        : null;
    }
    if (name === 'posts' || name === 'pages' || name === 'practice_areas') {
      out.language = item.language ?? null;
      out.translation = linkSlug(side, name, item.translation);
    }
    if (name === 'practice_areas') out.practice_icon = item.practice_icon;
    if (name === 'media') {
      out.source_url = relativeUploads(item.source_url);
      out.alt_text = item.alt_text;
      out.mime_type = item.mime_type;
    }
    if (name === 'categories') {
      out.count = item.count;
      out.description = item.description;
    }
    if ('status' in item) out.status = item.status;
    return out;
  };

  for (const name of COLLECTIONS) {
    const a = items(expected, name);
    const b = items(actual, name);
    counts[name] = { expected: a.length, actual: b.length };
    const bySlug = new Map(b.map((i) => [i.slug, i]));
    const known = new Set(a.map((i) => i.slug));
    for (const item of a) {
      const other = bySlug.get(item.slug);
      if (!other) {
        differences.push(`${name}: ${item.slug} is missing`);
        continue;
      }
      const left = resolved('expected', name, item);
      const right = resolved('actual', name, other);
      for (const key of Object.keys(left)) {
        const l = JSON.stringify(left[key]);
        const r = JSON.stringify(right[key]);
        if (l !== r) differences.push(`${name}: ${item.slug}: ${key} ${l} != ${r}`);
      }
    }
    for (const item of b) if (!known.has(item.slug)) differences.push(`${name}: ${item.slug} is extra`);
    const fa = fieldsOf(a);
    const fb = fieldsOf(b);
    fields[name] = {
      onlyExpected: [...fa].filter((f) => !fb.has(f)).sort(),
      onlyActual: [...fb].filter((f) => !fa.has(f)).sort(),
    };
  }
  return { counts, differences, fields };
}
