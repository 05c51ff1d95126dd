// Every text exists in both languages (brief §10): the same namespaces, the same keys, the same
// placeholders, none empty. A key a component asks for and no catalogue has fails the tests that
// render it (options.ts).
import { describe, expect, it } from 'vitest';
import { allResources, NAMESPACES } from './resources';
import { createI18n } from './options';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [k, v] of leaves(value as Tree, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

const resources = allResources();

describe('the message catalogues', () => {
  it('have the same namespaces in English and Hindi', () => {
    expect(NAMESPACES.length).toBeGreaterThan(0);
    expect(Object.keys(resources.hi ?? {}).sort()).toEqual([...NAMESPACES]);
    expect(Object.keys(resources.en ?? {}).sort()).toEqual([...NAMESPACES]);
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: every key in both languages, with the same placeholders and some text`, () => {
      const en = leaves((resources.en?.[ns] ?? {}) as Tree);
      const hi = leaves((resources.hi?.[ns] ?? {}) as Tree);
      expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        const hindi = hi.get(key);
        expect(typeof text, `en ${ns}:${key}`).toBe('string');
        expect(typeof hindi, `hi ${ns}:${key}`).toBe('string');
        expect((text as string).trim(), `en ${ns}:${key}`).not.toBe('');
        expect((hindi as string).trim(), `hi ${ns}:${key}`).not.toBe('');
        expect(placeholders(hindi as string), `${ns}:${key}`).toEqual(placeholders(text as string));
      }
    });
  }

  it('are written in Devanagari for Hindi (apart from names, numbers and the way back to English)', () => {
    const latinOnly: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of leaves((resources.hi?.[ns] ?? {}) as Tree)) {
        const words = (text as string).replace(/\{\{[^}]*\}\}/g, '');
        if (/[A-Za-z]{3}/.test(words) && !/[\u0900-\u097F]/.test(words)) latinOnly.push(`${ns}:${key}`);
      }
    }
    // The switcher's label on a Hindi page names English in English, for readers of English.
    expect(latinOnly.filter((k) => k !== 'common:language.switchTo')).toEqual([]);
  });

  it("name no component after an HTML element without content: Trans's parser would empty it", () => {
    const VOID = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)\b/i;
    const offending: string[] = [];
    for (const lang of ['en', 'hi'] as const) {
      for (const ns of NAMESPACES) {
        for (const [key, text] of leaves((resources[lang]?.[ns] ?? {}) as Tree)) {
          if (VOID.test(text as string)) offending.push(`${lang} ${ns}:${key}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('fail loudly on a key no catalogue has', () => {
    const i18n = createI18n('hi', ['common'], { hi: { common: { a: 'क' } } });
    expect(i18n.t('a')).toBe('क');
    expect(() => i18n.t('no.such.key')).toThrow(/missing "common:no.such.key"/);
  });
});
