import { isDeepStrictEqual } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/** The module that builds the numbering plans the contact form checks phone numbers against. */
export const PHONE_METADATA_MODULE = /[\\/]packages[\\/]content-model[\\/]src[\\/]phone-metadata\.ts$/;

/**
 * In the browser bundle only: the content model's phone-metadata.ts is replaced by the value it
 * returns, as JSON. The module imports two sets of numbering plans ("min" and "max", 39 KiB gzip
 * together) to merge the parts the form uses; evaluated here at build time, the form's chunk
 * carries only the merged plans and phones skip the merging. The server keeps the module itself.
 */
export function phoneMetadata(): Plugin {
  let ssr = false;
  return {
    name: 'phone-metadata',
    enforce: 'pre',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async load(id, options) {
      if (ssr || options?.ssr || !PHONE_METADATA_MODULE.test(id)) return null;
      const mod = (await tsImport(id, import.meta.url)) as { phoneMetadata?: () => unknown };
      if (typeof mod.phoneMetadata !== 'function') {
        this.error(`phone-metadata: ${id} no longer exports phoneMetadata()`);
      }
      const value = mod.phoneMetadata();
      const json = JSON.stringify(value);
      if (!isDeepStrictEqual(JSON.parse(json), value)) {
        this.error(`phone-metadata: the value of ${id} is not plain JSON data`);
      }
      // JSON.parse of a string literal is faster for the engine than the same object literal.
      return `export function phoneMetadata() { return JSON.parse(${JSON.stringify(json)}); }\n`;
    },
  };
}
