// The Devanagari an English page shows of its own accord: the way to Hindi (the switcher's
// "हिन्दी", the blog's link to the Hindi list). English pages carry a font cut to these characters
// (a few KB) instead of the whole Devanagari font (web/build/devanagari-font.ts), so the words read
// right on a machine without a Devanagari font and English pages stay light.

const DEVANAGARI = /\p{Script=Devanagari}/u;

/** Every string value of a catalogue, however deeply nested. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/**
 * Texts an English page shows from the Hindi catalogue: links written in the language they lead to
 * (the blog's link to the Hindi list). Namespace and key path.
 */
export const HINDI_TEXTS_ON_ENGLISH_PAGES: readonly (readonly [string, string])[] = [
  ['blog', 'thisLanguageList'],
];

type Catalogues = Readonly<Record<string, unknown>>;

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Catalogues)[k] : undefined), value);
}

/** What English pages show in Devanagari: the English catalogues' Devanagari and those Hindi texts. */
export function englishPageDevanagari(en: Catalogues, hi: Catalogues): string {
  const hindi = HINDI_TEXTS_ON_ENGLISH_PAGES.map(([ns, key]) => at(hi[ns], key));
  return devanagariCharsOf([...Object.values(en), ...hindi]);
}

/** The Devanagari characters of catalogues' texts, each once, in code point order. */
export function devanagariCharsOf(catalogues: readonly unknown[]): string {
  const chars = new Set<string>();
  for (const text of catalogues.flatMap((c) => strings(c))) {
    for (const ch of text) if (DEVANAGARI.test(ch)) chars.add(ch);
  }
  return [...chars].sort().join('');
}
