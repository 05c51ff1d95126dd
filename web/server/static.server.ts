import { promises as fs } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.html': 'text/html; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.ico']);

interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

export interface StaticMount {
  /** URL prefix, e.g. '/assets/' */
  prefix: string;
  dir: string;
  /** Hashed file names never change: cache them for a year. */
  immutable: boolean;
}

/**
 * Serves files below a few directories, each read, compressed (brotli and gzip, once) and kept in
 * memory on first request: the site's assets are small and few.
 */
export class StaticFiles {
  private readonly files = new Map<string, StaticFile | null>();
  constructor(private readonly mounts: StaticMount[]) {}

  private async load(urlPath: string): Promise<StaticFile | null> {
    const mount = this.mounts.find((m) => urlPath.startsWith(m.prefix));
    if (!mount) return null;
    let rel: string;
    try {
      rel = decodeURIComponent(urlPath.slice(mount.prefix.length));
    } catch {
      return null;
    }
    if (rel.includes('\0')) return null;
    // Dot-files and dot-folders are the build's and the server's own (Vite's .vite/manifest.json,
    // an editor's or a deploy tool's files), never the site's: they are not served.
    if (rel.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
    const full = path.resolve(mount.dir, rel);
    // Never leave the mounted directory (../, encoded or not).
    if (!full.startsWith(path.resolve(mount.dir) + path.sep)) return null;
    const ext = path.extname(full).toLowerCase();
    const type = TYPES[ext];
    if (!type) return null;
    let body: Buffer;
    try {
      const stat = await fs.stat(full);
      if (!stat.isFile()) return null;
      body = await fs.readFile(full);
    } catch {
      return null;
    }
    const file: StaticFile = {
      body,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      cacheControl: mount.immutable
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=86400, stale-while-revalidate=604800',
    };
    if (COMPRESSIBLE.has(ext) && body.length > 512) {
      file.br = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
      file.gzip = zlib.gzipSync(body, { level: 9 });
    }
    return file;
  }

  /** Returns true when it answered the request. */
  async serve(
    req: IncomingMessage,
    res: ServerResponse,
    urlPath: string,
    headers: Record<string, string>,
  ): Promise<boolean> {
    if (!this.mounts.some((m) => urlPath.startsWith(m.prefix))) return false;
    let file = this.files.get(urlPath);
    if (file === undefined) {
      file = await this.load(urlPath);
      // Remember misses too, but only a bounded number of distinct paths.
      if (file || this.files.size < 5000) this.files.set(urlPath, file);
    }
    if (!file) return false;
    const out: Record<string, string> = {
      ...headers,
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, out);
      res.end();
      return true;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    let body = file.body;
    if (file.br && /\bbr\b/.test(accept)) {
      body = file.br;
      out['Content-Encoding'] = 'br';
    } else if (file.gzip && /\bgzip\b/.test(accept)) {
      body = file.gzip;
      out['Content-Encoding'] = 'gzip';
    }
    out['Content-Length'] = String(body.length);
    res.writeHead(200, out);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
}
