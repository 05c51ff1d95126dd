import { DEVANAGARI_FONT_FAMILY, LATIN_BODY_FONTS, LATIN_HEADING_FONTS } from './fonts';
import type { SystemContext } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { getSystem, hydratingSystem, withoutGlobalCss } from './theme';
import { proseStyles } from '../components/Prose';

describe('the system a page hydrates with', () => {
  it('has no global CSS and otherwise is the whole system', () => {
    const system = hydratingSystem();
    expect(system._global).toEqual([]);
    expect(system.css).toBe(getSystem().css);
    expect(system.token('colors.brand.800')).toBe('#1a365d');
    expect(Object.keys(system).sort()).toEqual(Object.keys(getSystem()).sort());
  });

  it('does not compute the global CSS of the system it copies', () => {
    let computed = 0;
    const system = {
      css: () => ({}),
      get _global() {
        computed += 1;
        return [{ html: {} }];
      },
    } as unknown as SystemContext;
    const copy = withoutGlobalCss(system);
    expect(copy._global).toEqual([]);
    expect(copy.css).toBe(system.css);
    expect(computed).toBe(0);
  });
});

describe('Devanagari (brief §10)', () => {
  it("comes from the site's Devanagari font, first, where text is marked Hindi, and only there", () => {
    // English text: the Latin stacks alone (a font arriving for the switcher restyles nothing else).
    expect(getSystem().token('fonts.body')).toBe(LATIN_BODY_FONTS);
    expect(getSystem().token('fonts.heading')).toBe(LATIN_HEADING_FONTS);
    const css = JSON.stringify(getSystem()._global);
    const hindi = JSON.stringify({
      '&[lang|="hi"] body, &body [lang|="hi"]': {
        '--chakra-fonts-body': `"${DEVANAGARI_FONT_FAMILY}", ${LATIN_BODY_FONTS}`,
        '--chakra-fonts-heading': `"${DEVANAGARI_FONT_FAMILY}", ${LATIN_HEADING_FONTS}`,
        fontFamily: 'var(--chakra-fonts-body)',
      },
    }).slice(1, -1);
    expect(css).toContain(hindi);
  });

  it('gets taller lines where a text is Hindi, headings included', () => {
    const css = JSON.stringify(getSystem()._global);
    expect(css).toContain('"&[lang|=\\"hi\\"], &[lang|=\\"hi\\"] body":{"lineHeight":"1.8"}');
    expect(css).toContain('"&:is(h1, h2, h3, h4, h5, h6):lang(hi)":{"lineHeight":"1.4 !important"}');
    // The rules name the language, not every element: English text keeps its line height.
    expect(css).toContain('"&body":{');
    expect(css).toMatch(/"&body":\{[^}]*"lineHeight":"1\.6"/);
  });

  it("gives a post's Hindi text taller lines than its English", () => {
    const styles = getSystem().css(proseStyles) as Record<string, unknown>;
    expect(styles.lineHeight).toBe('1.7');
    expect(styles['&:lang(hi)']).toEqual({ lineHeight: '1.8' });
  });
});
