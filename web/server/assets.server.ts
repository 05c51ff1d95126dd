import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Assets } from './html.server';
import { readDevanagariFont } from './devanagari-font.server';

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** The two entries of the browser build (web/vite.config.ts). */
export const BOOT_ENTRY = 'src/boot/boot.ts';
export const ISLANDS_ENTRY = 'src/islands/entry.tsx';

/**
 * Reads Vite's manifest: the boot module's code (written into every page, so it must import
 * nothing), the islands' entry with the chunks it imports, and each island's own chunks.
 */
export function readAssets(clientDir: string): Assets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const boot = manifest[BOOT_ENTRY];
  const islands = manifest[ISLANDS_ENTRY];
  if (!boot?.isEntry || !islands?.isEntry) throw new Error(`No boot or islands entry in ${manifestPath}`);
  if (boot.imports?.length || boot.dynamicImports?.length)
    throw new Error(
      `${BOOT_ENTRY} imports other chunks (${boot.imports?.join(', ')}): it is written into each page whole`,
    );
  const bootCode = readFileSync(path.join(clientDir, boot.file), 'utf8').trim();
  // It goes inside a <script> element of every page: text that would end that element or change how
  // the browser parses it must stop the server at start, not break every page.
  if (/<\/script|<!--|<script/i.test(bootCode))
    throw new Error(`${BOOT_ENTRY} holds markup that would end its inline <script> element`);
  // The chunks a set of manifest keys pulls in statically, each once.
  const closure = (keys: string[], skip: Set<string>) => {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) return;
      const file = `/${chunk.file}`;
      if (skip.has(file) || files.includes(file)) return;
      files.push(file);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };
  const entry = `/${islands.file}`;
  const entryChunks = closure([ISLANDS_ENTRY], new Set());
  const shared = new Set(entryChunks);
  // Each island's module (a dynamic import of the islands' registry) with what the entry does not bring.
  const modules: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isDynamicEntry) modules[key] = closure([key], shared);
  return {
    boot: bootCode,
    entry,
    preload: entryChunks.filter((f) => f !== entry),
    css: [],
    modules,
    devanagariFont: readDevanagariFont(manifest),
  };
}
