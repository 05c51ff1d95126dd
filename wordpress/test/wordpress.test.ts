// Checks of the WordPress side that need neither PHP nor a running WordPress: the plugin's field
// definitions against brief §3, content/ against those definitions (what the seed loads must be what
// the REST API would accept, and must survive the plugin's sanitising unchanged), and the wiring of
// the plugin files and provisioning scripts. The live checks are in wordpress/scripts/smoke.sh.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fieldSchema,
  loadSpec,
  PLUGIN_DIR,
  REPO_ROOT,
  resolve,
  validate,
  type Schema,
} from './fields-schema.js';

const spec = loadSpec();
const CONTENT = path.join(REPO_ROOT, 'content');

type Item = Record<string, unknown> & { id: number; slug: string };
function content(name: string): Item[] {
  return JSON.parse(readFileSync(path.join(CONTENT, 'wp', `${name}.json`), 'utf8')) as Item[];
}
const read = (rel: string) => readFileSync(path.join(REPO_ROOT, rel), 'utf8');

// brief §3, field by field.
const SPEC_FIELDS: Record<string, string[]> = {
  banner_settings: [
    'banner_background_color',
    'banner_text_color',
    'banner_background_image',
    'banner_overlay_opacity',
    'banner_title',
    'banner_description',
  ],
  seo_meta: [
    'yoast_seo_title',
    'yoast_seo_meta_description',
    'yoast_seo_og_title',
    'yoast_seo_og_description',
    'yoast_seo_twitter_title',
    'yoast_seo_twitter_description',
    'yoast_seo_canonical',
    'yoast_seo_og_image',
    'yoast_seo_twitter_image',
  ],
  page_structure: [
    'hero_subtitle',
    'hero_image',
    'services_title',
    'services_items',
    'why_choose_title',
    'why_choose_image',
    'why_choose_items',
  ],
};

describe('field definitions (fields.json)', () => {
  it('has exactly the fields and sub-fields of brief §3, on the right post types', () => {
    expect(Object.keys(spec.fields)).toEqual(Object.keys(SPEC_FIELDS));
    for (const [field, subFields] of Object.entries(SPEC_FIELDS)) {
      expect(Object.keys(spec.fields[field]?.properties ?? {}), field).toEqual(subFields);
    }
    expect(spec.fields.banner_settings?.objectTypes).toEqual(['post']);
    expect(spec.fields.seo_meta?.objectTypes).toEqual(['post', 'page']);
    expect(spec.fields.page_structure?.objectTypes).toEqual(['page', 'practice_area']);
  });

  it('lists the ten icons of brief §3 with Scale as the default', () => {
    expect(spec.icons).toEqual([
      'Scale',
      'Heart',
      'Shield',
      'Car',
      'Monitor',
      'Home',
      'FileText',
      'Users',
      'Clock',
      'Award',
    ]);
    expect(spec.defaultIcon).toBe('Scale');
  });

  it('stores each field under its own protected meta key', () => {
    const keys = Object.values(spec.fields).map((f) => f.metaKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^_lawfirm_[a-z_]+$/);
  });

  it('resolves every reference, and every default is valid for its own schema', () => {
    for (const [field, def] of Object.entries(spec.fields)) {
      for (const [name, prop] of Object.entries(def.properties)) {
        const resolved = resolve(prop, spec.definitions);
        expect(JSON.stringify(resolved), `${field}.${name}`).not.toContain('$ref');
        const { default: value, ...schema } = resolved;
        expect(validate(value, schema as Schema), `${field}.${name} default`).toEqual([]);
      }
    }
  });

  it('rejects what the REST API must reject', () => {
    const banner = fieldSchema(spec, 'banner_settings');
    const page = fieldSchema(spec, 'page_structure');
    const bad: Array<[Schema, unknown]> = [
      [banner, { banner_text_color: 'red' }],
      [banner, { banner_background_color: '#12345' }],
      [banner, { banner_overlay_opacity: 150 }],
      [banner, { banner_overlay_opacity: -1 }],
      [banner, { banner_overlay_opacity: 'dark' }],
      [banner, { banner_background_image: 'javascript:alert(1)' }],
      [banner, { banner_background_image: '//evil.example/x.jpg' }],
      [banner, { banner_background_image: 'https://a.in/x" onerror="y' }],
      [banner, { banner_title: 'x'.repeat(301) }],
      [banner, { unknown: '' }],
      [page, { hero_image: 'abc' }],
      [page, { hero_image: -3 }],
      [page, { services_items: 'x' }],
      [page, { services_items: [{ icon: 'Scale', title: 't', extra: 1 }] }],
      [page, { services_items: Array.from({ length: 25 }, () => ({ title: 't' })) }],
      [page, { why_choose_items: [{ icon: '<svg>' }] }],
    ];
    for (const [schema, value] of bad) expect(validate(value, schema), JSON.stringify(value)).not.toEqual([]);
    expect(validate({ banner_overlay_opacity: '' }, banner)).toEqual([]);
    expect(validate({ banner_overlay_opacity: 0 }, banner)).toEqual([]);
    expect(validate({ banner_background_image: '/wp-content/uploads/2024/07/a.jpg' }, banner)).toEqual([]);
  });
});

describe('content/ against the plugin', () => {
  const posts = content('posts');
  const pages = content('pages');
  const practiceAreas = content('practice_areas');
  const media = content('media');
  const categories = content('categories');
  const mediaIds = new Set(media.map((m) => m.id));

  // Each field value as the seed hands it to WordPress, with where it came from.
  const values: Array<[string, string, unknown]> = [];
  for (const [name, items] of [
    ['posts', posts],
    ['pages', pages],
    ['practice_areas', practiceAreas],
  ] as const) {
    for (const item of items) {
      for (const field of Object.keys(spec.fields)) {
        if (item[field] !== undefined && item[field] !== null)
          values.push([`${name}/${item.slug}.${field}`, field, item[field]]);
      }
    }
  }

  it('has the files the seed loads', () => {
    for (const name of ['posts', 'pages', 'practice_areas', 'media', 'categories']) {
      expect(existsSync(path.join(CONTENT, 'wp', `${name}.json`)), name).toBe(true);
    }
    expect(values.length).toBeGreaterThan(0);
  });

  it('holds only field values the REST API accepts', () => {
    const errors = values.flatMap(([at, field, value]) => validate(value, fieldSchema(spec, field), at));
    expect(errors).toEqual([]);
  });

  it('holds field values the plugin stores unchanged (already clean)', () => {
    const problems: string[] = [];
    for (const [at, field, value] of values) {
      const props = spec.fields[field]?.properties ?? {};
      for (const [name, sub] of Object.entries(value as Record<string, unknown>)) {
        const kind = props[name]?.$ref;
        if (kind === 'color' && sub !== String(sub).toLowerCase())
          problems.push(`${at}.${name}: colour not lower-case`);
        if ((kind === 'text' || kind === 'longText' || kind === 'url') && typeof sub === 'string') {
          if (sub !== sub.trim()) problems.push(`${at}.${name}: surrounding whitespace`);
          if (/<\/?[a-z][^>]*>/i.test(sub)) problems.push(`${at}.${name}: markup in a text field`);
          if (kind !== 'longText' && /\n/.test(sub))
            problems.push(`${at}.${name}: line break in a one-line field`);
        }
        if (kind === 'items' && Array.isArray(sub)) {
          for (const row of sub as Array<Record<string, string>>) {
            if (!row.title && !row.description) problems.push(`${at}.${name}: empty row (dropped on save)`);
            if (row.icon && !/^[A-Z][A-Za-z0-9]*$/.test(row.icon))
              problems.push(`${at}.${name}: icon ${row.icon} not PascalCase`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every practice area one of the ten icons', () => {
    for (const area of practiceAreas) expect(spec.icons, area.slug).toContain(area.practice_icon);
  });

  it('references only media and categories it contains', () => {
    const missing: string[] = [];
    for (const item of [...posts, ...pages, ...practiceAreas]) {
      const featured = Number(item.featured_media ?? 0);
      if (featured > 0 && !mediaIds.has(featured)) missing.push(`${item.slug}: featured_media ${featured}`);
      const ps = item.page_structure as Record<string, unknown> | null | undefined;
      for (const key of ['hero_image', 'why_choose_image']) {
        const id = Number(ps?.[key] ?? 0);
        if (id > 0 && !mediaIds.has(id)) missing.push(`${item.slug}: page_structure.${key} ${id}`);
      }
    }
    const categoryIds = new Set(categories.map((c) => c.id));
    for (const post of posts) {
      for (const id of post.categories as number[])
        if (!categoryIds.has(id)) missing.push(`${post.slug}: category ${id}`);
    }
    expect(missing).toEqual([]);
  });

  it('has every image file the seed sideloads, sizes included', () => {
    const missing: string[] = [];
    for (const item of media) {
      const details = item.media_details as { file: string; sizes: Record<string, { file: string }> };
      const dir = path.dirname(path.join(CONTENT, 'uploads', details.file));
      if (!existsSync(path.join(CONTENT, 'uploads', details.file))) missing.push(details.file);
      for (const size of Object.values(details.sizes)) {
        if (!existsSync(path.join(dir, size.file))) missing.push(`${details.file} -> ${size.file}`);
      }
      expect(String(item.source_url), item.slug).toBe(`/wp-content/uploads/${details.file}`);
    }
    expect(missing).toEqual([]);
  });

  it('uses slugs that are unique per type (the seed matches by slug)', () => {
    for (const items of [posts, pages, practiceAreas, media, categories]) {
      const slugs = items.map((i) => i.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
    }
  });
});

describe('plugin files', () => {
  const main = readFileSync(path.join(PLUGIN_DIR, 'lawfirm-companion.php'), 'utf8');

  it('declares one version in its header, its constant and its readme', () => {
    const header = /^ \* Version:\s+(\S+)$/m.exec(main)?.[1];
    const constant = /define\( 'LAWFIRM_COMPANION_VERSION', '([^']+)' \)/.exec(main)?.[1];
    const stable = /^Stable tag: (\S+)$/m.exec(
      readFileSync(path.join(PLUGIN_DIR, 'readme.txt'), 'utf8'),
    )?.[1];
    expect(header).toBeDefined();
    expect(constant).toBe(header);
    expect(stable).toBe(header);
  });

  it('requires only files that exist, and the must-use loader finds the plugin beside it', () => {
    const required = [...main.matchAll(/require_once __DIR__ \. '([^']+)'/g)].map((m) => m[1] as string);
    expect(required.length).toBeGreaterThanOrEqual(5);
    for (const rel of required) expect(existsSync(path.join(PLUGIN_DIR, rel)), rel).toBe(true);
    const loader = read('wordpress/plugin/lawfirm-companion-loader.php');
    const target = /require_once __DIR__ \. '([^']+)'/.exec(loader)?.[1] ?? '';
    expect(existsSync(path.join(REPO_ROOT, 'wordpress/plugin', target))).toBe(true);
  });

  it('registers the practice_area type under the REST base the gateway calls', () => {
    const types = readFileSync(path.join(PLUGIN_DIR, 'includes/post-types.php'), 'utf8');
    expect(types).toMatch(/register_post_type\(\s*'practice_area'/);
    expect(types).toMatch(/'rest_base'\s*=>\s*'practice_areas'/);
    expect(types).toMatch(/register_post_type\(\s*'enquiry'/);
    // The snapshot's practice-area links are /practice-area/{slug}/.
    const link = String(content('practice_areas')[0]?.link ?? '');
    const rewrite = /'slug'\s*=>\s*'([^']+)'/.exec(types)?.[1];
    expect(new URL(link).pathname.split('/')[1]).toBe(rewrite);
  });
});

describe('provisioning scripts', () => {
  const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };

  it('wires npm run wordpress:up / wordpress:down to scripts that exist', () => {
    for (const name of ['wordpress:up', 'wordpress:down']) {
      const file = /^bash (\S+)$/.exec(pkg.scripts[name] ?? '')?.[1];
      expect(file, name).toBeDefined();
      expect(statSync(path.join(REPO_ROOT, file as string)).isFile()).toBe(true);
    }
  });

  it('installs the packages without Apache, as measured on these machines', () => {
    const up = read('wordpress/scripts/up.sh');
    expect(up).toContain('apt-get update');
    expect(up).toMatch(
      /apt-get install -y --no-install-recommends \\\s+php-fpm nginx-light php-cli php-mysql php-gd php-xml php-mbstring mariadb-server wordpress \\\s+apache2- libapache2-mod-php8\.2- libapache2-mod-php-/,
    );
  });

  it('serves WordPress with the router on loopback with several workers', () => {
    const up = read('wordpress/scripts/up.sh');
    expect(up).toContain('PHP_CLI_SERVER_WORKERS=4');
    expect(up).toMatch(/-S "\$WP_HOST:\$WP_PORT" -t "\$WP_ROOT" "\$WP_DIR\/scripts\/router\.php"/);
    expect(read('wordpress/scripts/lib.sh')).toMatch(/^WP_HOST=127\.0\.0\.1$/m);
    expect(up).toContain('--bind-address=127.0.0.1');
  });
});
