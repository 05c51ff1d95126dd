import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assets } from './html.server';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/** Reads Vite's manifest: the entry script, the chunks it imports statically, and its CSS. */
export function readAssets(clientDir: string): Assets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.values(manifest).find((c) => c.isEntry);
  if (!entry) throw new Error(`No entry chunk in ${manifestPath}`);
  const preload = new Set<string>();
  const css = new Set(entry.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preload.has(`/${chunk.file}`)) return;
    preload.add(`/${chunk.file}`);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return { entry: `/${entry.file}`, preload: [...preload], css: [...css].map((c) => `/${c}`) };
}
