import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  DEVANAGARI_UNICODE_RANGE,
  devanagariFontTags,
  devanagariShown,
  readDevanagariFont,
  type DevanagariFontFiles,
} from './devanagari-font.server';
import {
  DEVANAGARI_FONT_RANGES,
  DEVANAGARI_FONT_WEIGHTS,
  devanagariFontSource,
  rangeCharacters,
} from '../build/devanagari-font-files';
import { renderDocument } from './html.server';

const FILES: DevanagariFontFiles = {
  400: '/assets/noto-sans-devanagari-400-Ab1.woff2',
  600: '/assets/noto-sans-devanagari-600-Cd2.woff2',
  ui: '/assets/noto-sans-devanagari-ui-Ef3.woff2',
};
const HINDI = '<main lang="hi"><h1>अग्रिम जमानत</h1><p>आप हमसे <strong>कभी भी</strong> मिल सकते हैं।</p></main>';
const ENGLISH = '<main><h1>Anticipatory bail</h1><p>Call us any time — ₹ fees agreed in writing.</p></main>';

const preloads = (tags: string) => [...tags.matchAll(/<link rel="preload" href="([^"]+)"[^>]*>/g)];
const faces = (tags: string) => [...tags.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!);

describe('devanagariFontTags', () => {
  it('gives a page with Devanagari text the font: a preload of the regular weight and the @font-face rules, with the nonce', () => {
    const tags = devanagariFontTags(HINDI, FILES, 'NONCE');
    const links = preloads(tags);
    expect(links.map((m) => m[1])).toEqual([FILES[400]]);
    expect(links[0]![0]).toBe(
      `<link rel="preload" href="${FILES[400]}" as="font" type="font/woff2" crossorigin>`,
    );
    expect(tags).toMatch(/^<link [^>]+><style nonce="NONCE">@font-face\{.*\}<\/style>$/);
    const rules = faces(tags);
    expect(rules).toHaveLength(2);
    for (const [i, weight] of DEVANAGARI_FONT_WEIGHTS.entries()) {
      expect(rules[i]).toContain('font-family:"Site Devanagari"');
      expect(rules[i]).toContain(`font-weight:${weight};`);
      expect(rules[i]).toContain('font-display:swap');
      expect(rules[i]).toContain(`src:url(${FILES[weight]}) format("woff2")`);
      expect(rules[i]).toContain(`unicode-range:${DEVANAGARI_UNICODE_RANGE}`);
    }
  });

  it('on an English page, declares the semibold but does not preload it: it loads only when a heading or bold text needs it', () => {
    const tags = devanagariFontTags(HINDI, FILES, 'N', 'en');
    expect(tags).toContain(FILES[600]);
    expect(preloads(tags).some((m) => m[1] === FILES[600])).toBe(false);
  });

  it('on a Hindi page, preloads the semibold too: its headings are in Devanagari', () => {
    const tags = devanagariFontTags(HINDI, FILES, 'N', 'hi');
    expect(preloads(tags).map((m) => m[1])).toEqual([FILES[400], FILES[600]]);
    expect(faces(tags)).toHaveLength(2);
  });

  it('gives a page without Devanagari nothing', () => {
    expect(devanagariFontTags(ENGLISH, FILES, 'NONCE')).toBe('');
    expect(devanagariFontTags('', FILES, 'NONCE')).toBe('');
  });

  it('gives nothing when the build named no font files', () => {
    expect(devanagariFontTags(HINDI, undefined, 'NONCE')).toBe('');
  });

  it('is written into the head of a rendered document with Devanagari, and not into one without', () => {
    const render = (html: string) =>
      renderDocument({
        head: null,
        styles: '<style nonce="N">.x{}</style>',
        html,
        assets: { boot: '', entry: '/assets/islands-1.js', preload: [], css: [], devanagariFont: FILES },
        siteName: 'Site',
        nonce: 'N',
      });
    const hindi = render(HINDI);
    const head = hindi.slice(0, hindi.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" href="${FILES[400]}" as="font" type="font/woff2" crossorigin>`,
    );
    expect(head).toMatch(/<style nonce="N">@font-face\{font-family:"Site Devanagari"/);
    const english = render(ENGLISH);
    expect(english).not.toContain('woff2');
    expect(english).not.toContain('@font-face');
  });
});

describe('the small font of English pages', () => {
  it('is all an English page gets for the way to Hindi: its one rule, semibold, not preloaded', () => {
    const header = '<nav><a href="/hi/" lang="hi-IN" hreflang="hi-IN">हिन्दी</a></nav>';
    const tags = devanagariFontTags(`${header}${ENGLISH}`, FILES, 'N');
    expect(preloads(tags)).toEqual([]);
    expect(faces(tags)).toEqual([
      `font-family:"Site Devanagari";font-style:normal;font-weight:600;font-display:swap;` +
        `src:url(${FILES.ui}) format("woff2");unicode-range:${DEVANAGARI_UNICODE_RANGE}`,
    ]);
    expect(tags).toMatch(/^<style nonce="N">@font-face\{[^}]*\}<\/style>$/);
  });

  it('gives way to the whole font as soon as the page shows other Devanagari', () => {
    const header = '<nav><a href="/hi/">हिन्दी</a></nav>';
    const tags = devanagariFontTags(`${header}<p>जमानत</p>`, FILES, 'N');
    expect(tags).not.toContain(FILES.ui);
    expect(preloads(tags).map((m) => m[1])).toEqual([FILES[400]]);
  });
});

describe('devanagariShown', () => {
  const showsDevanagari = (html: string) => devanagariShown(html) === 'text';

  it('finds Devanagari in the text of a page, however little', () => {
    expect(showsDevanagari(HINDI)).toBe(true);
    expect(showsDevanagari('<p>Bail is <em lang="hi">जमानत</em> in Hindi.</p>')).toBe(true);
    expect(showsDevanagari('<p>A sign: \uA8F2</p>')).toBe(true);
  });

  it('does not count attributes, which the page font does not show', () => {
    expect(showsDevanagari('<a href="/hi/" title="हिन्दी में पढ़ें" aria-label="हिन्दी">Hi</a>')).toBe(false);
  });

  it("does not count the way to Hindi (the switcher's word), which the small font sets", () => {
    const header = '<nav><a href="/hi/" lang="hi" hreflang="hi-IN"> हिन्दी </a></nav>';
    expect(showsDevanagari(`${header}${ENGLISH}`)).toBe(false);
    // The same page with Hindi content of its own needs the font.
    expect(showsDevanagari(`${header}<p lang="hi">हिन्दी में सलाह</p>`)).toBe(true);
  });

  it('finds nothing in English, Latin signs or the rupee sign alone', () => {
    expect(showsDevanagari(ENGLISH)).toBe(false);
  });
});

describe('readDevanagariFont', () => {
  it("reads each weight's hashed file from the build's manifest", () => {
    expect(
      readDevanagariFont({
        'fonts/noto-sans-devanagari-400.woff2': { file: 'assets/noto-sans-devanagari-400-Ab1.woff2' },
        'fonts/noto-sans-devanagari-600.woff2': { file: 'assets/noto-sans-devanagari-600-Cd2.woff2' },
        'fonts/noto-sans-devanagari-ui.woff2': { file: 'assets/noto-sans-devanagari-ui-Ef3.woff2' },
      }),
    ).toEqual(FILES);
  });

  it('refuses a build without them', () => {
    expect(() =>
      readDevanagariFont({
        'fonts/noto-sans-devanagari-400.woff2': { file: 'assets/noto-sans-devanagari-400-Ab1.woff2' },
      }),
    ).toThrow(/noto-sans-devanagari-600/);
  });
});

describe('the font files', () => {
  const require = createRequire(import.meta.url);

  it('are cut from @fontsource’s Devanagari subset, to a range inside it', () => {
    expect(DEVANAGARI_UNICODE_RANGE).toBe('U+0900-0970,U+200C-200D,U+20B9,U+25CC');
    const unicode = JSON.parse(
      readFileSync(require.resolve('@fontsource/noto-sans-devanagari/unicode.json'), 'utf8'),
    ) as Record<string, string>;
    const within = (range: string) => (c: number) =>
      range.split(',').some((r) => {
        const [a, b = a] = r.replace('U+', '').split('-');
        return c >= parseInt(a!, 16) && c <= parseInt(b!, 16);
      });
    for (const ch of rangeCharacters(DEVANAGARI_FONT_RANGES))
      expect(within(unicode.devanagari!)(ch.codePointAt(0)!), ch).toBe(true);
    for (const weight of DEVANAGARI_FONT_WEIGHTS) {
      // The package's rules for the weight, one per subset: ours is cut from the one naming our file.
      const css = readFileSync(require.resolve(`@fontsource/noto-sans-devanagari/${weight}.css`), 'utf8');
      const file = devanagariFontSource(weight).split('/').at(-1)!;
      const rule = css.split('@font-face').find((r) => r.includes(`./files/${file}`));
      expect(rule, `${weight}`).toContain(`font-weight: ${weight};`);
      expect(rule, `${weight}`).toContain(`unicode-range: ${unicode.devanagari};`);
      // A WOFF2 file.
      expect(
        readFileSync(require.resolve(devanagariFontSource(weight)))
          .subarray(0, 4)
          .toString(),
      ).toBe('wOF2');
    }
  });
});
