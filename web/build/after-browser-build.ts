// The shape of the build steps that work on the browser build's output folder once it is written
// (not the server build's): the site's icon, the photographs' other formats, precompression.
import path from 'node:path';
import type { Plugin } from 'vite';

/** A build-only plugin that runs `step` with the browser build's output folder after it is written. */
export function afterBrowserBuild(name: string, step: (outDir: string) => unknown): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name,
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!ssr) await step(outDir);
    },
  };
}
