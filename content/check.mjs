#!/usr/bin/env node
// Validates the embedded content snapshot (content/wp/*.json + content/uploads) before it is committed or
// seeded into WordPress: a broken reference here becomes a broken image or a missing page on the site.
// Usage: node content/check.mjs [content-dir]. Exits 1 and lists every problem when something is wrong.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(process.argv[2] ?? path.dirname(fileURLToPath(import.meta.url)));
const problems = [];
const fail = (msg) => problems.push(msg);

// brief §2/§7: every practice card and footer link has a WordPress page with this slug.
const PRACTICE_SLUGS = [
  'criminal-defense',
  'family-law',
  'bail-hearings',
  'motor-accident',
  'cybercrime',
  'domestic-violence',
  'divorce-advisory',
];
const ICONS = new Set(['Scale', 'Heart', 'Shield', 'Car', 'Monitor', 'Home', 'FileText', 'Users', 'Clock', 'Award']);
// The web server caches and ships these files; keep the snapshot small enough to live in git.
const MAX_FULL_IMAGE_BYTES = 90 * 1024;
const MAX_TOTAL_BYTES = 4 * 1024 * 1024;
const UPLOADS_PREFIX = '/wp-content/uploads/';

function readJson(rel) {
  const file = path.join(dir, rel);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`${rel}: ${error.code === 'ENOENT' ? 'missing' : `does not parse (${error.message})`}`);
    return null;
  }
}

function readList(rel) {
  const data = readJson(rel);
  if (data === null) return [];
  if (!Array.isArray(data)) {
    fail(`${rel}: must be a JSON array`);
    return [];
  }
  return data;
}

const posts = readList('wp/posts.json');
const pages = readList('wp/pages.json');
const areas = readList('wp/practice_areas.json');
const media = readList('wp/media.json');
const categories = readList('wp/categories.json');
const manifest = readJson('manifest.json');

if (manifest !== null) {
  if (typeof manifest.generatedAt !== 'string' || Number.isNaN(Date.parse(manifest.generatedAt))) {
    fail('manifest.json: generatedAt must be an ISO date');
  }
  if (typeof manifest.source !== 'string' || manifest.source === '') fail('manifest.json: source must be set');
}

// Posts, pages, practice areas and attachments share WordPress's wp_posts table, so one id space.
const seen = new Map();
for (const [name, list] of [
  ['posts', posts],
  ['pages', pages],
  ['practice_areas', areas],
  ['media', media],
]) {
  for (const item of list) {
    if (!Number.isInteger(item?.id) || item.id <= 0) {
      fail(`${name}: id ${JSON.stringify(item?.id)} is not a positive integer`);
      continue;
    }
    if (seen.has(item.id)) fail(`${name} ${item.id}: id also used by ${seen.get(item.id)}`);
    else seen.set(item.id, `${name} ${item.slug ?? ''}`.trim());
  }
}
const categoryIds = new Set();
for (const c of categories) {
  if (categoryIds.has(c.id)) fail(`categories ${c.id}: duplicate id`);
  categoryIds.add(c.id);
}

for (const [name, list] of [
  ['posts', posts],
  ['pages', pages],
  ['practice_areas', areas],
  ['categories', categories],
]) {
  const slugs = new Set();
  for (const item of list) {
    if (typeof item.slug !== 'string' || !/^[a-z0-9-]+$/.test(item.slug)) fail(`${name} ${item.id}: bad slug`);
    if (slugs.has(item.slug)) fail(`${name}: slug ${item.slug} used twice`);
    slugs.add(item.slug);
  }
}

// Content objects: the shape the gateway parses, published, dates in order.
for (const [name, list, type] of [
  ['posts', posts, 'post'],
  ['pages', pages, 'page'],
  ['practice_areas', areas, 'practice_area'],
]) {
  for (const item of list) {
    const where = `${name} ${item.id} (${item.slug})`;
    if (item.type !== type) fail(`${where}: type must be "${type}"`);
    if (item.status !== 'publish') fail(`${where}: status must be "publish"`);
    for (const f of ['title', 'content', 'excerpt']) {
      if (typeof item[f]?.rendered !== 'string') fail(`${where}: ${f}.rendered must be a string`);
    }
    if (Number.isNaN(Date.parse(item.date))) fail(`${where}: bad date`);
    if (item.modified < item.date) fail(`${where}: modified is before date`);
    if (/lorem ipsum/i.test(item.content?.rendered ?? '')) fail(`${where}: placeholder text`);
  }
}

// Every image reference resolves to an attachment.
const mediaIds = new Set(media.map((m) => m.id));
function checkMediaRef(where, value) {
  if (value === 0) return;
  if (!Number.isInteger(value)) fail(`${where}: ${JSON.stringify(value)} is not a media id or 0`);
  else if (!mediaIds.has(value)) fail(`${where}: media ${value} does not exist`);
}
function checkStructure(where, s) {
  if (s === null || s === undefined) return;
  checkMediaRef(`${where} page_structure.hero_image`, s.hero_image);
  checkMediaRef(`${where} page_structure.why_choose_image`, s.why_choose_image);
  for (const key of ['services_items', 'why_choose_items']) {
    if (!Array.isArray(s[key])) {
      fail(`${where}: page_structure.${key} must be a list`);
      continue;
    }
    for (const it of s[key]) {
      if (typeof it.icon !== 'string' || typeof it.title !== 'string' || typeof it.description !== 'string') {
        fail(`${where}: page_structure.${key} items need string icon, title and description`);
      }
    }
  }
}
for (const [name, list] of [
  ['posts', posts],
  ['pages', pages],
  ['practice_areas', areas],
]) {
  for (const item of list) {
    const where = `${name} ${item.id} (${item.slug})`;
    checkMediaRef(`${where} featured_media`, item.featured_media);
    checkStructure(where, item.page_structure);
  }
}
// brief §10: the companion plugin's language ("" = told from the text) and its link to the same content
// in the other language (an item of the same type, 0 = none).
for (const [name, list] of [
  ['posts', posts],
  ['pages', pages],
  ['practice_areas', areas],
]) {
  const byId = new Map(list.map((i) => [i.id, i]));
  for (const item of list) {
    const where = `${name} ${item.id} (${item.slug})`;
    if (item.language !== undefined && !['', 'en', 'hi'].includes(item.language)) {
      fail(`${where}: language ${JSON.stringify(item.language)} is not "", "en" or "hi"`);
    }
    if (item.translation === undefined || item.translation === 0) continue;
    const other = byId.get(item.translation);
    if (!Number.isInteger(item.translation) || item.translation < 0) {
      fail(`${where}: translation ${JSON.stringify(item.translation)} is not an id or 0`);
    } else if (!other || other.id === item.id) {
      fail(`${where}: translation ${item.translation} is not another item of ${name}`);
    } else if (other.language && item.language && other.language === item.language) {
      fail(`${where}: translation ${item.translation} is in the same language`);
    }
  }
}

for (const a of areas) {
  if (!ICONS.has(a.practice_icon)) fail(`practice_areas ${a.slug}: practice_icon ${a.practice_icon} is not a known icon`);
}

// Posts: categories exist, banner opacity in range.
for (const p of posts) {
  const where = `posts ${p.id} (${p.slug})`;
  if (!Array.isArray(p.categories) || p.categories.length === 0) fail(`${where}: no category`);
  for (const c of p.categories ?? []) if (!categoryIds.has(c)) fail(`${where}: category ${c} does not exist`);
  const opacity = p.banner_settings?.banner_overlay_opacity;
  if (opacity !== undefined && opacity !== '' && !(typeof opacity === 'number' && opacity >= 0 && opacity <= 100)) {
    fail(`${where}: banner_overlay_opacity ${JSON.stringify(opacity)} is not 0..100 or ""`);
  }
}
for (let i = 1; i < posts.length; i++) {
  if (posts[i - 1].date < posts[i].date) fail(`posts.json: not newest first at ${posts[i].slug}`);
}

// Category counts are what WordPress reports; the blog's filters and hide_empty rely on them.
for (const c of categories) {
  const n = posts.filter((p) => Array.isArray(p.categories) && p.categories.includes(c.id)).length;
  if (c.count !== n) fail(`categories ${c.slug}: count ${c.count} but ${n} posts`);
}

const pageSlugs = new Set(pages.map((p) => p.slug));
for (const slug of PRACTICE_SLUGS) if (!pageSlugs.has(slug)) fail(`pages: no page for practice slug ${slug}`);

// Images: every size of every attachment is on disk with the dimensions the JSON claims.
function uploadPath(url) {
  const i = typeof url === 'string' ? url.indexOf(UPLOADS_PREFIX) : -1;
  return i === -1 ? null : path.join(dir, 'uploads', decodeURIComponent(url.slice(i + UPLOADS_PREFIX.length)));
}
function jpegSize(buf) {
  if (buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1];
    const len = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + len;
  }
  return null;
}
function checkImageFile(where, url, width, height) {
  const file = uploadPath(url);
  if (file === null) return fail(`${where}: ${url} is not under ${UPLOADS_PREFIX}`);
  if (!existsSync(file)) return fail(`${where}: ${path.relative(dir, file)} is missing`);
  const size = jpegSize(readFileSync(file));
  if (size === null) return fail(`${where}: ${path.relative(dir, file)} is not a JPEG`);
  if (size.width !== width || size.height !== height) {
    fail(`${where}: ${path.relative(dir, file)} is ${size.width}x${size.height}, JSON says ${width}x${height}`);
  }
}
for (const m of media) {
  const where = `media ${m.id} (${m.slug})`;
  if (m.type !== 'attachment') fail(`${where}: type must be "attachment"`);
  if (typeof m.alt_text !== 'string') fail(`${where}: alt_text must be a string`);
  const d = m.media_details;
  if (!d || typeof d.sizes !== 'object') {
    fail(`${where}: media_details.sizes missing`);
    continue;
  }
  checkImageFile(where, m.source_url, d.width, d.height);
  const full = uploadPath(m.source_url);
  if (full && existsSync(full) && statSync(full).size > MAX_FULL_IMAGE_BYTES) {
    fail(`${where}: full-size image is ${statSync(full).size} bytes, over ${MAX_FULL_IMAGE_BYTES}`);
  }
  for (const key of ['thumbnail', 'medium', 'medium_large', 'large', 'full']) {
    const s = d.sizes[key];
    if (!s) fail(`${where}: size ${key} missing`);
    else checkImageFile(`${where} ${key}`, s.source_url, s.width, s.height);
  }
}

// Images embedded in bodies and banners must exist too.
for (const [name, list] of [
  ['posts', posts],
  ['pages', pages],
  ['practice_areas', areas],
]) {
  for (const item of list) {
    const html = `${item.content?.rendered ?? ''} ${item.banner_settings?.banner_background_image ?? ''}`;
    for (const match of html.matchAll(/\/wp-content\/uploads\/[^"'\s)]+/g)) {
      const file = uploadPath(match[0]);
      if (file && !existsSync(file)) fail(`${name} ${item.slug}: ${match[0]} is missing`);
    }
  }
}

function folderSize(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.size;
  return readdirSync(p).reduce((sum, entry) => sum + folderSize(path.join(p, entry)), 0);
}
const total = folderSize(dir);
if (total > MAX_TOTAL_BYTES) fail(`content/ is ${total} bytes, over ${MAX_TOTAL_BYTES}`);

if (problems.length > 0) {
  console.error(`content check failed (${problems.length}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `content ok: ${posts.length} posts, ${pages.length} pages, ${areas.length} practice areas, ` +
    `${media.length} media, ${categories.length} categories, ${(total / 1024).toFixed(0)} KB`,
);
