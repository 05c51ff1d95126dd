import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assets } from './html.server';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
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
  const entryFile = `/${entry.file}`;
  // Each lazily loaded module with the chunks it imports that the entry does not already bring.
  const modules: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set<string>();
    const walk = (k: string) => {
      const c = manifest[k];
      if (!c) return;
      const file = `/${c.file}`;
      if (file === entryFile || preload.has(file) || files.has(file)) return;
      files.add(file);
      c.imports?.forEach(walk);
    };
    walk(key);
    modules[key] = [...files];
  }
  return { entry: entryFile, preload: [...preload], css: [...css].map((c) => `/${c}`), modules };
}
