import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import minMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { phoneMetadata as serverMetadata } from '../../gateway/src/enquiry/phone-metadata';
import { PHONE_METADATA_MODULE, phoneMetadata } from './phone-metadata';

const MODULE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../gateway/src/enquiry/phone-metadata.ts',
);

type Load = (
  this: { error(msg: string): never },
  id: string,
  options?: { ssr?: boolean },
) => Promise<string | null>;

function loadFor(ssr: boolean): Load {
  const plugin = phoneMetadata();
  (plugin.configResolved as (c: unknown) => void)({ build: { ssr } });
  return plugin.load as unknown as Load;
}

const context = {
  error(msg: string): never {
    throw new Error(msg);
  },
};

const gzip = (value: unknown) => gzipSync(JSON.stringify(value), { level: 9 }).length;

describe('phone-metadata', () => {
  it('gives the browser the numbering plans the server checks against, as data', async () => {
    expect(PHONE_METADATA_MODULE.test(MODULE)).toBe(true);
    const code = (await loadFor(false).call(context, MODULE))!;
    expect(code).not.toContain('import');
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
    const value = JSON.parse(JSON.parse(literal!) as string) as unknown;
    expect(value).toEqual(serverMetadata());
  });

  it('carries India\'s full plan and every other country\'s "min" plan, without formats, in less than "min"', () => {
    const merged = serverMetadata();
    const withoutFormats = (plan: unknown) => (plan as unknown[]).map((v, i) => (i === 4 ? null : v));
    expect(merged.countries.IN).toEqual(withoutFormats(maxMetadata.countries.IN));
    expect(merged.countries.GB).toEqual(withoutFormats(minMetadata.countries.GB));
    expect((minMetadata.countries.GB as unknown[])[4]).not.toBeNull();
    expect(Object.keys(merged.countries)).toHaveLength(Object.keys(minMetadata.countries).length);
    expect(Object.keys(merged.nonGeographic)).toHaveLength(Object.keys(minMetadata.nonGeographic).length);
    expect(gzip(merged)).toBeLessThan(12 * 1024);
    expect(gzip(merged)).toBeLessThan(gzip(minMetadata) * 0.7);
  });

  it('leaves the server build and every other module alone', async () => {
    expect(await loadFor(true).call(context, MODULE)).toBeNull();
    expect(await loadFor(false).call(context, MODULE, { ssr: true })).toBeNull();
    expect(await loadFor(false).call(context, path.join(path.dirname(MODULE), 'phone.ts'))).toBeNull();
  });
});
