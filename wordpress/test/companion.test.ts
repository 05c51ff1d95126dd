// Checks of the companion plugin that need neither PHP nor WordPress: what it shares with the
// gateway must say the same on both sides. (The behaviour itself is checked under php-cli in
// test/php/ and against the real WordPress in contract/coexist.test.ts and enquiry-mail.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_PRACTICE_AREAS } from '@site/content-model';
import { describe, expect, it } from 'vitest';
import { PLUGIN_DIR } from './fields-schema.js';

const php = (rel: string) => readFileSync(path.join(PLUGIN_DIR, rel), 'utf8');

describe('enquiry notifications', () => {
  it('name the contact form’s built-in practice areas as the website does', () => {
    const body = /function practice_area_title_fallbacks\(\): array \{\s*return array\(([\s\S]*?)\);/.exec(
      php('includes/notify.php'),
    )?.[1];
    expect(body).toBeDefined();
    const titles = [...(body as string).matchAll(/'([a-z0-9-]+)'\s*=>\s*'([^']+)'/g)].map((m) => ({
      slug: m[1],
      title: m[2],
    }));
    expect(titles).toHaveLength(BUILT_IN_PRACTICE_AREAS.length);
    expect(titles).toEqual(BUILT_IN_PRACTICE_AREAS.map(({ slug, title }) => ({ slug, title })));
  });
});

describe('seo_meta from Yoast SEO', () => {
  it('maps every seo_meta sub-field the gateway reads to one of Yoast’s post meta keys', () => {
    const spec = JSON.parse(php('fields.json')) as { fields: { seo_meta: { properties: object } } };
    const block = /const YOAST_SEO_META = array\(([\s\S]*?)\);/.exec(php('includes/yoast.php'))?.[1] ?? '';
    const mapped = [...block.matchAll(/'(yoast_seo_[a-z_]+)'\s*=>\s*'(_yoast_wpseo_[a-z-]+)'/g)];
    expect(mapped.map((m) => m[1])).toEqual(Object.keys(spec.fields.seo_meta.properties));
    expect(new Set(mapped.map((m) => m[2])).size).toBe(mapped.length);
  });
});
