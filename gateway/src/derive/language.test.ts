import { describe, expect, it } from 'vitest';
import { wpPostSchema, wpPostSummarySchema } from '../sources/types.js';
import {
  categoryCountIn,
  contentLanguage,
  fromGraphqlLanguage,
  knownTranslationRef,
  knowsLanguage,
  labelledLanguage,
  toGraphqlLanguage,
  toLang,
  translationLinks,
  translationOf,
} from './language.js';

const HINDI_BODY =
  '<h2>जमानत कैसे मिलती है</h2><p>गिरफ्तारी के बाद परिवार को सबसे पहले वकील से संपर्क करना चाहिए (धारा 480 BNSS)।</p>';
const ENGLISH_BODY = '<p>Bail is the rule and jail the exception, as the Supreme Court keeps saying.</p>';

/** A post as WordPress sends it, through the gateway's own parser. */
function post(fields: Record<string, unknown>) {
  return wpPostSchema.parse({
    id: 10,
    date: '2026-01-01T10:00:00',
    slug: 'a-post',
    title: { rendered: 'A post' },
    content: { rendered: ENGLISH_BODY },
    ...fields,
  });
}

describe('toLang', () => {
  it.each([
    ['hi', 'hi'],
    ['HI', 'hi'],
    ['hi-IN', 'hi'],
    ['hi_IN', 'hi'],
    [' en ', 'en'],
    ['en_US', 'en'],
    ['fr', null],
    ['', null],
    [undefined, null],
    [1, null],
  ])('%j -> %j', (code, lang) => {
    expect(toLang(code)).toBe(lang);
  });
});

describe('the language of an item', () => {
  it('is Polylang’s lang first, whatever the plugin or the text say', () => {
    const item = post({ lang: 'hi', language: 'en', content: { rendered: ENGLISH_BODY } });
    expect(labelledLanguage(item)).toBe('hi');
    expect(contentLanguage(item)).toBe('hi');
  });

  it('is the companion plugin’s language when Polylang says nothing usable', () => {
    expect(contentLanguage(post({ language: 'hi' }))).toBe('hi');
    expect(contentLanguage(post({ lang: 'fr', language: 'hi' }))).toBe('hi');
    expect(
      contentLanguage(
        post({ language: 'en', title: { rendered: 'जमानत' }, content: { rendered: HINDI_BODY } }),
      ),
    ).toBe('en');
  });

  it('is told from the title and the body, markup stripped, when WordPress does not say', () => {
    const hindi = post({
      title: { rendered: 'जमानत &#8211; मार्गदर्शिका' },
      content: { rendered: HINDI_BODY },
    });
    expect(labelledLanguage(hindi)).toBeNull();
    expect(contentLanguage(hindi)).toBe('hi');
    // "" is the plugin's "not set".
    expect(contentLanguage(post({ language: '', content: { rendered: HINDI_BODY } }))).toBe('hi');
    expect(contentLanguage(post({ content: { rendered: ENGLISH_BODY } }))).toBe('en');
    // Attributes and tag names are not text: a Latin-heavy markup does not outweigh Hindi words.
    const markup = `<p class="has-background has-very-long-class-name" data-x="abcdefghijklmnopqrstuvwxyz">जमानत का अधिकार</p>`;
    expect(contentLanguage(post({ title: { rendered: 'x' }, content: { rendered: markup } }))).toBe('hi');
  });

  it('of a list’s summary without a label is told from its title (the resolver loads the body first)', () => {
    const summary = wpPostSummarySchema.parse({
      id: 3,
      date: '2026-01-01T10:00:00',
      slug: 's',
      title: { rendered: 'गिरफ्तारी के बाद जमानत' },
    });
    expect(contentLanguage(summary)).toBe('hi');
  });

  it('knows whether WordPress has a language field at all', () => {
    expect(knowsLanguage(post({}))).toBe(false);
    expect(knowsLanguage(post({ language: '' }))).toBe(true);
    expect(knowsLanguage(post({ lang: 'en' }))).toBe(true);
    expect(knowsLanguage(post({ language: null }))).toBe(false);
  });

  it('maps to and from the schema’s enum', () => {
    expect(toGraphqlLanguage('hi')).toBe('HI');
    expect(toGraphqlLanguage('en')).toBe('EN');
    expect(fromGraphqlLanguage('HI')).toBe('hi');
    expect(fromGraphqlLanguage('EN')).toBe('en');
    expect(fromGraphqlLanguage(null)).toBeUndefined();
    expect(fromGraphqlLanguage(undefined)).toBeUndefined();
  });
});

describe('translation links', () => {
  it('come from Polylang’s translations, without the item itself or its own language', () => {
    const item = post({ id: 10, lang: 'en', translations: { en: 10, hi: 44 } });
    expect(translationLinks(item, 'en')).toEqual([{ language: 'hi', id: 44 }]);
    // Ids as strings, odd codes and junk are read leniently; other languages are not the site's.
    const loose = post({ id: 10, lang: 'en', translations: { 'hi-IN': '45', fr: 46, en: 10, de: 'x' } });
    expect(translationLinks(loose, 'en')).toEqual([{ language: 'hi', id: 45 }]);
    // PHP's empty array: no links.
    expect(translationLinks(post({ lang: 'en', translations: [] }), 'en')).toEqual([]);
  });

  it('come from the companion plugin’s translation, in the other language; 0 is none', () => {
    expect(translationLinks(post({ id: 10, language: 'hi', translation: 183 }), 'hi')).toEqual([
      { language: 'en', id: 183 },
    ]);
    expect(translationLinks(post({ id: 10, language: 'en', translation: '350' }), 'en')).toEqual([
      { language: 'hi', id: 350 },
    ]);
    expect(translationLinks(post({ translation: 0 }), 'en')).toEqual([]);
    expect(translationLinks(post({ translation: -4 }), 'en')).toEqual([]);
    expect(translationLinks(post({ id: 10, translation: 10 }), 'en')).toEqual([]);
    expect(translationLinks(post({}), 'en')).toEqual([]);
  });

  it('prefer Polylang’s when it links anything, else the plugin’s', () => {
    const both = post({ id: 10, lang: 'en', translations: { en: 10, hi: 44 }, translation: 99 });
    expect(translationLinks(both, 'en')).toEqual([{ language: 'hi', id: 44 }]);
    const onlySelf = post({ id: 10, lang: 'en', translations: { en: 10 }, translation: 99 });
    expect(translationLinks(onlySelf, 'en')).toEqual([{ language: 'hi', id: 99 }]);
  });

  it('are named by the companion plugin’s translation_ref when it gives one for the same link', () => {
    const named = post({
      id: 10,
      language: 'hi',
      translation: 183,
      translation_ref: { id: 183, slug: 'bail-explained', language: 'en' },
    });
    expect(knownTranslationRef(named, { language: 'en', id: 183 })).toEqual({
      id: 183,
      slug: 'bail-explained',
      language: 'en',
    });
    // null: the plugin says the translation is not published, so there is nothing to link to.
    const unpublished = post({ id: 10, language: 'hi', translation: 183, translation_ref: null });
    expect(knownTranslationRef(unpublished, { language: 'en', id: 183 })).toBeNull();
    // A ref for another id than the link's is not trusted: no link rather than a wrong one.
    const stale = post({ id: 10, translation: 183, translation_ref: { id: 99, slug: 'x' } });
    expect(knownTranslationRef(stale, { language: 'en', id: 183 })).toBeNull();
    // Older plugins and Polylang's links: looked up.
    expect(
      knownTranslationRef(post({ id: 10, translation: 183 }), { language: 'en', id: 183 }),
    ).toBeUndefined();
    const polylang = post({ id: 10, lang: 'en', translations: { hi: 44 }, translation_ref: null });
    expect(knownTranslationRef(polylang, { language: 'hi', id: 44 })).toBeUndefined();
    // A malformed field reads as absent.
    const junk = post({ id: 10, translation: 183, translation_ref: 'x' });
    expect(knownTranslationRef(junk, { language: 'en', id: 183 })).toBeUndefined();
  });

  it('become translations at their address in their own language', () => {
    expect(
      translationOf('hi', 'bail-after-arrest-guide-hindi', '/blog/bail-after-arrest-guide-hindi'),
    ).toEqual({
      language: 'HI',
      slug: 'bail-after-arrest-guide-hindi',
      uri: '/hi/blog/bail-after-arrest-guide-hindi',
    });
    expect(translationOf('en', 'regular-bail', '/hi/blog/regular-bail')).toEqual({
      language: 'EN',
      slug: 'regular-bail',
      uri: '/blog/regular-bail',
    });
    expect(translationOf('hi', 'about', '/about').uri).toBe('/hi/about');
  });
});

describe('categoryCountIn', () => {
  it('takes the companion plugin’s count of the language', () => {
    const c = { count: 5, language_counts: { en: 4, hi: 1 } };
    expect(categoryCountIn(c, 'en')).toBe(4);
    expect(categoryCountIn(c, 'hi')).toBe(1);
  });

  it('with Polylang, counts all of a category of that language and none of the other’s', () => {
    expect(categoryCountIn({ count: 3, lang: 'hi', language_counts: null }, 'hi')).toBe(3);
    expect(categoryCountIn({ count: 3, lang: 'hi_IN', language_counts: null }, 'en')).toBe(0);
  });

  it('counts all posts when WordPress says nothing of languages', () => {
    expect(categoryCountIn({ count: 3 }, 'hi')).toBe(3);
    expect(categoryCountIn({ count: 3, lang: 'fr' }, 'en')).toBe(3);
  });
});
