// The format of the site's own photographs, chosen per request: the build wrote an AVIF and a WebP
// copy beside each JPEG or PNG where smaller (web/build/image-formats.ts); the same address answers
// with the best one the browser's Accept names, and `Vary: Accept` tells caches the answer depends
// on it. The gateway's /media chooses the same way for WordPress's images.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Best first: what the build writes. */
const FORMATS = [
  { extension: '.avif', type: 'image/avif' },
  { extension: '.webp', type: 'image/webp' },
] as const;

const NEGOTIABLE = /\.(?:jpe?g|png)$/i;

/** The copies the build wrote below `dir`, as paths relative to it with '/' ('a/b.jpg.avif'). */
export function readImageCopies(dir: string): Set<string> {
  const copies = new Set<string>();
  const walk = (sub: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, sub), { withFileTypes: true });
    } catch {
      return; // No images folder (a development tree): every image as it is.
    }
    for (const entry of entries) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !entry.name.startsWith('.')) walk(rel);
      else if (entry.isFile() && FORMATS.some((f) => entry.name.endsWith(f.extension))) copies.add(rel);
    }
  };
  walk('');
  return copies;
}

/** Whether an Accept header names this type explicitly with a non-zero q (a wildcard is not enough). */
function accepts(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * For a photograph's path below the images folder ('hero.jpg'), the copy to send instead
 * ('hero.jpg.avif'), or null to send it as it is. `negotiable` says whether the answer depends on
 * Accept at all (then it needs `Vary: Accept`).
 */
export function chooseImageCopy(
  relPath: string,
  accept: string | undefined,
  copies: ReadonlySet<string>,
): { negotiable: boolean; copy: string | null } {
  if (!NEGOTIABLE.test(relPath)) return { negotiable: false, copy: null };
  const mine = FORMATS.filter((f) => copies.has(relPath + f.extension));
  if (mine.length === 0) return { negotiable: false, copy: null };
  const best = mine.find((f) => accepts(accept ?? '', f.type));
  return { negotiable: true, copy: best ? relPath + best.extension : null };
}
