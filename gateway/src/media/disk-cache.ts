// Originals and encoded variants on disk, in MEDIA_CACHE_DIR, bounded by MEDIA_CACHE_MAX_MB: the least
// recently used files go first. Files are written under a temporary name and renamed into place, so
// several replicas can share the folder (a volume) and never read half a file; each keeps its own
// count of what it wrote and read, and drops what it finds missing.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type DiskCache = ReturnType<typeof diskCache>;

const KEY = /^[a-z0-9][a-z0-9.-]{0,120}$/;

export function diskCache(options: { dir: string; maxBytes: number }) {
  /** Key -> size, oldest use first (a Map keeps insertion order; a use moves the key to the end). */
  const held = new Map<string, number>();
  let total = 0;
  let ready: Promise<void> | null = null;

  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad media cache key: ${key}`);
    return path.join(options.dir, key);
  };

  /** What an earlier run left: counted, oldest first, so the bound holds across restarts. */
  function load(): Promise<void> {
    ready ??= (async () => {
      await mkdir(options.dir, { recursive: true });
      const found: { key: string; size: number; used: number }[] = [];
      for (const name of await readdir(options.dir)) {
        if (!KEY.test(name) || name.endsWith('.tmp')) continue;
        const info = await stat(path.join(options.dir, name)).catch(() => null);
        if (info?.isFile()) found.push({ key: name, size: info.size, used: info.mtimeMs });
      }
      for (const f of found.sort((a, b) => a.used - b.used)) remember(f.key, f.size);
    })();
    return ready;
  }

  function remember(key: string, size: number) {
    forget(key);
    held.set(key, size);
    total += size;
  }
  function forget(key: string) {
    const size = held.get(key);
    if (size === undefined) return;
    held.delete(key);
    total -= size;
  }

  async function evict() {
    for (const [key] of held) {
      if (total <= options.maxBytes) break;
      forget(key);
      await unlink(fileOf(key)).catch(() => undefined);
    }
  }

  return {
    async get(key: string): Promise<Buffer | undefined> {
      await load();
      try {
        const bytes = await readFile(fileOf(key));
        remember(key, bytes.length);
        return bytes;
      } catch {
        forget(key);
        return undefined;
      }
    },
    async set(key: string, bytes: Buffer) {
      await load();
      // Larger than the whole bound: not kept (it would push everything else out).
      if (bytes.length > options.maxBytes) return;
      const file = fileOf(key);
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, file);
      remember(key, bytes.length);
      await evict();
    },
    /** Bytes held, as this process counts them. */
    size: () => total,
  };
}
