import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chakraThemeData as themeDataPlugin } from '../../build/chakra-theme-data';
import { chakraThemeData } from './theme-data';

const MODULE = fileURLToPath(new URL('./theme-data.ts', import.meta.url));

type LoadHook = (
  this: { error(msg: string): never },
  id: string,
  options?: { ssr?: boolean },
) => Promise<unknown>;

function pluginLoad(ssr: boolean): LoadHook {
  const plugin = themeDataPlugin();
  (plugin.configResolved as (c: unknown) => void)({ build: { ssr } });
  return plugin.load as unknown as LoadHook;
}

const context = {
  error(msg: string): never {
    throw new Error(msg);
  },
};

describe('Chakra theme data', () => {
  it('is plain data: the same after a JSON round trip', () => {
    const value = chakraThemeData();
    expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
  });

  it('keeps only the palettes and recipes the site uses', () => {
    const { theme } = chakraThemeData();
    expect(Object.keys(theme!.tokens!.colors!)).not.toContain('purple');
    expect(Object.keys(theme!.recipes!).sort()).toEqual(
      ['badge', 'button', 'container', 'heading', 'input', 'link', 'skeleton', 'spinner', 'textarea'].sort(),
    );
  });

  it('the browser build replaces the module by its value, parsed from JSON', async () => {
    const code = (await pluginLoad(false).call(context, MODULE)) as string;
    const match = /^export function chakraThemeData\(\) \{ return JSON\.parse\((".*")\); \}\n$/s.exec(code);
    expect(match).not.toBeNull();
    expect(JSON.parse(JSON.parse(match![1]!) as string)).toStrictEqual(chakraThemeData());
    // The plugin loads the module and Chakra's theme afresh through tsx: seconds on a busy machine.
  }, 60_000);

  it('the server build and other modules are left alone', async () => {
    expect(await pluginLoad(true).call(context, MODULE)).toBeNull();
    expect(await pluginLoad(false).call(context, MODULE, { ssr: true })).toBeNull();
    expect(await pluginLoad(false).call(context, '/x/src/app/theme.ts')).toBeNull();
  });
});
