import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_BOOT_FILE } from '../build/page-boot-file';
import type { Assets } from './html.server';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/**
 * Reads Vite's manifest (the entry script, the chunks it imports statically, and its CSS) and the
 * page boot script built beside it.
 */
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
  return {
    entry: entryFile,
    preload: [...preload],
    css: [...css].map((c) => `/${c}`),
    modules,
    boot: readBootScript(path.join(clientDir, PAGE_BOOT_FILE)),
  };
}

/**
 * The boot script goes inside a <script> element of every page: text that would end that element
 * or change how the browser parses it must stop the server at start, not break every page.
 */
function readBootScript(file: string): string {
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`No page boot script at ${file}: run npm run build`, { cause: err });
  }
  if (/<\/script|<!--|<script/i.test(code)) {
    throw new Error(`${file} holds markup that would end its inline <script> element`);
  }
  return code;
}
