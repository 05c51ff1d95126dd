import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chakraClientGlobals } from './chakra-client-globals';

// Chakra's own createSystem module, as the browser build transforms it.
const require = createRequire(import.meta.url);
const SYSTEM = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json')),
  'dist/esm/styled-system/system.js',
);
const source = readFileSync(SYSTEM, 'utf8');

type Transform = (
  this: { error(msg: string): never },
  code: string,
  id: string,
  options?: { ssr?: boolean },
) => { code: string } | null;

function transformFor(ssr: boolean): Transform {
  const plugin = chakraClientGlobals();
  (plugin.configResolved as (c: unknown) => void)({ build: { ssr } });
  return plugin.transform as unknown as Transform;
}

const context = {
  error(msg: string): never {
    throw new Error(msg);
  },
};

describe('chakra-client-globals', () => {
  it('in the browser build, createSystem computes no global CSS and carries no reset code', () => {
    const out = transformFor(false).call(context, source, SYSTEM)!;
    expect(out.code).toContain('const _global = [];');
    expect(out.code).not.toContain('createPreflight({');
    // The functions stay, for anything that would ask.
    expect(out.code).toContain('function getPreflightCss()');
    expect(out.code).toContain('function getTokenCss()');
  });

  it('the server build and other modules are left alone', () => {
    expect(transformFor(true).call(context, source, SYSTEM)).toBeNull();
    expect(transformFor(false).call(context, source, SYSTEM, { ssr: true })).toBeNull();
    expect(
      transformFor(false).call(context, source, '/x/node_modules/@chakra-ui/react/dist/esm/css.js'),
    ).toBeNull();
  });

  it('fails the build when a Chakra upgrade changed the lines it replaces', () => {
    const changed = source.replace('createPreflight({ preflight })', 'createPreflight(preflight)');
    expect(() => transformFor(false).call(context, changed, SYSTEM)).toThrow(/check the Chakra upgrade/);
  });
});
