import { createRequire } from 'node:module';
import path from 'node:path';
import { phoneMetadata as serverMetadata } from '@site/content-model';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_MODULE, phoneMetadata } from './phone-metadata';

/** The module as the bundler names it: its real path, in the content model's source. */
const MODULE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@site/content-model')),
  'phone-metadata.ts',
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

describe('phone-metadata', () => {
  it('gives the browser the numbering plans the server checks against, as data', async () => {
    expect(PHONE_METADATA_MODULE.test(MODULE)).toBe(true);
    const code = (await loadFor(false).call(context, MODULE))!;
    expect(code).not.toContain('import');
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code)?.[1];
    const value = JSON.parse(JSON.parse(literal!) as string) as unknown;
    expect(value).toEqual(serverMetadata());
  });

  it('leaves the server build and every other module alone', async () => {
    expect(await loadFor(true).call(context, MODULE)).toBeNull();
    expect(await loadFor(false).call(context, MODULE, { ssr: true })).toBeNull();
    expect(await loadFor(false).call(context, path.join(path.dirname(MODULE), 'phone.ts'))).toBeNull();
  });
});
