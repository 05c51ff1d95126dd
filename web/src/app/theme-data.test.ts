import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forTheBrowser, chakraThemeData as themeDataPlugin } from '../../build/chakra-theme-data';
import { getSystem } from './theme';
import { SELECTION_CSS, UNUSED_UTILITY_VARIABLE, chakraThemeData } from './theme-data';

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

  it("sets no custom property on every element: the unused utilities' are gone, the reset's are on html", () => {
    const { globalCss } = chakraThemeData();
    const all = globalCss!['*'] as Record<string, unknown>;
    expect(Object.keys(all).filter((k) => k.startsWith('--'))).toEqual([]);
    expect(all.fontFeatureSettings).toBe('"cv11"');
    const html = globalCss!.html as Record<string, unknown>;
    expect(Object.keys(html).filter((k) => k.startsWith('--'))).toEqual([
      '--global-font-mono',
      '--global-font-body',
      '--global-color-border',
    ]);
    expect(html.lineHeight).toBe('1.5');
    // And the page's global CSS has no rule that would need them.
    const css = JSON.stringify(getSystem()._global);
    for (const name of ['--ring-color', '--blur', '--brightness', '--backdrop-blur', '--drop-shadow']) {
      expect(UNUSED_UTILITY_VARIABLE.test(name) || name === '--blur').toBe(true);
      expect(css).not.toContain(`var(${name})`);
      expect(css).not.toContain(`"${name}"`);
    }
  });

  it("colours a selection as Chakra does, with no custom property: Chromium styles every element's ::selection", () => {
    expect(chakraThemeData().globalCss!['*::selection']).toStrictEqual(SELECTION_CSS);
    const rule = JSON.stringify(getSystem()._global).match(/"&\*::selection":\{[^}]*\}/)?.[0];
    expect(rule).toContain(
      'color-mix(in srgb, var(--chakra-colors-color-palette-emphasized) 80%, transparent)',
    );
    expect(rule).not.toContain('"--');
  });

  it('keeps only the palettes and recipes the site uses', () => {
    const { theme } = chakraThemeData();
    expect(Object.keys(theme!.tokens!.colors!)).not.toContain('purple');
    expect(Object.keys(theme!.recipes!).sort()).toEqual(
      ['badge', 'button', 'container', 'heading', 'link', 'skeleton', 'spinner'].sort(),
    );
    // The form controls' recipes travel with the forms (components/form-recipes.ts).
    expect(theme!.slotRecipes).toBeUndefined();
  });

  it('has one colour scheme, and no token naming a palette it does not load', () => {
    const json = JSON.stringify(chakraThemeData().theme!.semanticTokens);
    expect(json).not.toContain('_dark');
    expect(json).not.toContain('_light');
    expect(json).not.toMatch(/\{colors\.(orange|blue|purple|teal|cyan|pink|yellow)\b/);
    // Every page's CSS variables: one set, all valid.
    const css = JSON.stringify(getSystem()._global);
    expect(css).not.toContain('.dark');
    expect(css).not.toMatch(/":"colors\./);
    expect(css).toContain('"--chakra-colors-bg-error":"var(--chakra-colors-red-50)"');
  });

  it('the browser copy leaves out what only the server uses (global CSS, keyframe bodies)', () => {
    const value = chakraThemeData();
    const browser = forTheBrowser(value) as typeof value;
    expect(browser.globalCss).toBeUndefined();
    expect(Object.keys(browser.theme!.keyframes!)).toEqual(Object.keys(value.theme!.keyframes!));
    expect(Object.values(browser.theme!.keyframes!).every((k) => Object.keys(k).length === 0)).toBe(true);
    expect(browser.theme!.tokens).toStrictEqual(value.theme!.tokens);
    expect(browser.theme!.recipes).toStrictEqual(value.theme!.recipes);
  });

  it('the browser build replaces the module by its value, parsed from JSON', async () => {
    const code = (await pluginLoad(false).call(context, MODULE)) as string;
    const match = /^export function chakraThemeData\(\) \{ return JSON\.parse\((".*")\); \}\n$/s.exec(code);
    expect(match).not.toBeNull();
    expect(JSON.parse(JSON.parse(match![1]!) as string)).toStrictEqual(forTheBrowser(chakraThemeData()));
    // The plugin loads the module and Chakra's theme afresh through tsx: seconds on a busy machine.
  }, 60_000);

  it('the server build and other modules are left alone', async () => {
    expect(await pluginLoad(true).call(context, MODULE)).toBeNull();
    expect(await pluginLoad(false).call(context, MODULE, { ssr: true })).toBeNull();
    expect(await pluginLoad(false).call(context, '/x/src/app/theme.ts')).toBeNull();
  });
});
