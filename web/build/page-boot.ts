import path from 'node:path';
import { build, type Plugin } from 'vite';
import { PAGE_BOOT_FILE } from './page-boot-file';

/** The source of the page's first script (web/src/boot). */
const PAGE_BOOT_ENTRY = path.resolve(import.meta.dirname, '../src/boot/entry.ts');

/**
 * The page boot script (web/src/boot) is inlined by the server into every page, so it must be one
 * classic script without imports: the browser build's module chunks cannot be inlined. It is built
 * here on its own, as an IIFE, while the browser build runs, and written with that build's output.
 * Its syntax is lowered to ES2015 so that a browser too old for the site's modules still gets the
 * phone menu.
 */
export function pageBoot(entry = PAGE_BOOT_ENTRY): Plugin {
  let ssr = false;
  let built: Promise<string> | undefined;
  return {
    name: 'site:page-boot',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!ssr) built = buildPageBoot(entry);
    },
    async generateBundle() {
      if (!built) return;
      this.emitFile({ type: 'asset', fileName: PAGE_BOOT_FILE, source: await built });
    },
  };
}

/** Builds the page boot script: minified, self-contained, no imports or exports. */
export async function buildPageBoot(entry = PAGE_BOOT_ENTRY): Promise<string> {
  const result = await build({
    configFile: false,
    root: path.dirname(entry),
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      target: 'es2015',
      minify: true,
      lib: { entry, formats: ['iife'], name: 'pageBoot' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || outputs.length !== 1) {
    throw new Error(
      `page-boot: ${entry} must build to one script, got ${outputs.map((o) => o.fileName).join(', ')}`,
    );
  }
  return chunks[0]!.code;
}
