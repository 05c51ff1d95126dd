// Smoke checks of the loopback WordPress after `npm run wordpress:up` (run by smoke.sh).
// Talks to WordPress over HTTP only, like the gateway does; writes with the application password
// from credentials.env; receives the purge webhook on a loopback listener of its own and checks
// each signature. Everything it creates is deleted again, so the counts stay those of content/.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUN = process.env.LAWFIRM_WP_RUN_DIR ?? path.join(REPO, '.run', 'wordpress');
const CONTENT = path.join(REPO, 'content', 'wp');

const env = Object.fromEntries(
  readFileSync(path.join(RUN, 'credentials.env'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);
const BASE = env.WORDPRESS_URL;
const API = `${BASE}/wp-json/wp/v2`;
const AUTH = 'Basic ' + Buffer.from(`${env.WORDPRESS_USER}:${env.WORDPRESS_APP_PASSWORD}`).toString('base64');

let passed = 0;
const failures = [];
function check(name, ok, detail = '') {
  if (ok) {
    passed += 1;
    console.log(`  ok   ${name}`);
  } else {
    failures.push(name);
    console.log(`  FAIL ${name}${detail ? `: ${detail}` : ''}`);
  }
}

async function call(method, url, { body, auth = false, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (auth) init.headers.Authorization = AUTH;
  if (body !== undefined) {
    if (Buffer.isBuffer(body)) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      init.headers['Content-Type'] = 'application/json';
    }
  }
  const started = performance.now();
  const res = await fetch(url.startsWith('http') ? url : `${API}${url}`, init);
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text, ms: performance.now() - started };
}

function contentItems(name) {
  const file = path.join(CONTENT, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

// --- the purge webhook: a listener, and WordPress pointed at it ---------------------------------
const received = [];
const listener = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ url: req.url, headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() });
    res.writeHead(204).end();
  });
  // WordPress closes its end right after sending (fire-and-forget); that is not an error here.
  req.on('error', () => {});
  res.on('error', () => {});
});
await new Promise((resolve) => listener.listen(0, '127.0.0.1', resolve));
const listenerUrl = `http://127.0.0.1:${listener.address().port}/purge`;
const secret = randomBytes(24).toString('hex');

const purgeFile = path.join(RUN, 'purge.php');
const purgeOriginal = readFileSync(purgeFile, 'utf8');
let purgeMtime = statSync(purgeFile).mtimeMs / 1000;
function writePurge(url, key) {
  const text = `<?php\n// Written by wordpress/scripts/smoke.mjs for the duration of a smoke run.\ndefine( 'LAWFIRM_PURGE_URL', ${JSON.stringify(url).replace(/"/g, "'")} );\ndefine( 'LAWFIRM_PURGE_SECRET', '${key}' );\n`;
  writeFileSync(purgeFile, text);
  // OPcache compares whole-second modification times: make each rewrite visibly newer.
  purgeMtime = Math.max(Math.floor(Date.now() / 1000), Math.floor(purgeMtime) + 1);
  utimesSync(purgeFile, purgeMtime, purgeMtime);
}
function restorePurge() {
  writeFileSync(purgeFile, purgeOriginal);
  purgeMtime = Math.max(Math.floor(Date.now() / 1000), Math.floor(purgeMtime) + 1);
  utimesSync(purgeFile, purgeMtime, purgeMtime);
}

/** The gateway's check: a recent Unix-seconds timestamp, and HMAC-SHA256 of "{timestamp}.{body}". */
function verified(event) {
  const stamp = String(event.headers['x-purge-timestamp'] ?? '');
  if (!/^[0-9]{1,12}$/.test(stamp)) return false;
  const age = event.at / 1000 - Number(stamp);
  if (age > 300 || age < -60) return false;
  const expected =
    'sha256=' + createHmac('sha256', secret).update(`${stamp}.`).update(event.raw).digest('hex');
  const got = String(event.headers['x-purge-signature'] ?? '');
  return got.length === expected.length && timingSafeEqual(Buffer.from(got), Buffer.from(expected));
}

async function waitForEvent(predicate, ms = 5000) {
  const until = Date.now() + ms;
  for (;;) {
    const found = received.find((e) => {
      try {
        return predicate(JSON.parse(e.raw.toString('utf8')));
      } catch {
        return false;
      }
    });
    if (found || Date.now() > until) return found ?? null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function expectWebhook(name, expected) {
  const event = await waitForEvent(
    (b) => b.type === expected.type && b.id === expected.id && b.action === expected.action,
  );
  if (!event) {
    check(`webhook ${name}`, false, `no ${JSON.stringify(expected)} among ${received.length} received`);
    return;
  }
  const body = JSON.parse(event.raw.toString('utf8'));
  check(
    `webhook ${name}: signed body ${event.raw.toString('utf8')}`,
    verified(event) &&
      body.slug === expected.slug &&
      Object.keys(body).sort().join() === 'action,id,slug,type' &&
      event.headers['content-type'] === 'application/json',
    `timestamp ${event.headers['x-purge-timestamp']}, signature ${event.headers['x-purge-signature']}, slug ${body.slug}`,
  );
}

const debugLog = path.join(RUN, 'logs', 'wp-debug.log');
const debugLogStart = existsSync(debugLog) ? statSync(debugLog).size : 0;
const accessLog = path.join(RUN, 'logs', 'access.log');
const accessLinesAtStart = existsSync(accessLog) ? readFileSync(accessLog, 'utf8').split('\n').length - 1 : 0;
let requestsMade = 0;
const counted = async (...args) => {
  requestsMade += 1;
  return call(...args);
};

const cleanup = [];
try {
  console.log(`WordPress ${BASE}`);

  // --- endpoints and counts ---------------------------------------------------------------------
  console.log('endpoints and counts');
  const endpoints = [
    ['posts', '/posts?status=publish&per_page=100', 'posts', (i) => (i.status ?? 'publish') === 'publish'],
    ['pages', '/pages?status=publish&per_page=100', 'pages', (i) => (i.status ?? 'publish') === 'publish'],
    ['media', '/media?per_page=100', 'media', () => true],
    ['categories', '/categories?per_page=100', 'categories', () => true],
    [
      'practice_areas',
      '/practice_areas?per_page=100',
      'practice_areas',
      (i) => (i.status ?? 'publish') === 'publish',
    ],
  ];
  const lists = {};
  for (const [name, url, file, published] of endpoints) {
    const res = await counted('GET', url);
    lists[name] = Array.isArray(res.json) ? res.json : [];
    const total = Number(res.headers.get('x-wp-total'));
    check(
      `GET /wp/v2${url} answers 200 with a JSON list`,
      res.status === 200 && Array.isArray(res.json),
      `status ${res.status}`,
    );
    const items = contentItems(file);
    if (items === null) {
      console.log(`  --   content/wp/${file}.json not present: count not compared`);
    } else {
      const want = items.filter(published).length;
      check(`${name}: X-WP-Total ${total} = content/wp/${file}.json ${want}`, total === want);
      const slugs = new Set(lists[name].map((i) => i.slug));
      const missing = items.filter(published).filter((i) => !slugs.has(i.slug));
      check(
        `${name}: every content slug present`,
        missing.length === 0,
        missing.map((i) => i.slug).join(', '),
      );
    }
  }
  const dotted = await counted('GET', `${BASE}/wp-json/oembed/1.0`);
  check(
    'a REST route with a dot in its path reaches WordPress',
    dotted.status === 200 && dotted.json?.namespace === 'oembed/1.0',
  );
  const unknown = await counted('GET', '/posts?slug=no-such-post-anywhere');
  check(
    'unknown slug: 200 [] with X-WP-Total 0',
    unknown.status === 200 && unknown.text === '[]' && unknown.headers.get('x-wp-total') === '0',
  );
  const noRoute = await counted('GET', '/nope');
  check('unknown route: 404 rest_no_route', noRoute.status === 404 && noRoute.json?.code === 'rest_no_route');

  // --- plugin fields ------------------------------------------------------------------------------
  console.log('plugin fields');
  const shape = {
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
  const hasShape = (obj, field) =>
    obj &&
    typeof obj[field] === 'object' &&
    Object.keys(obj[field]).sort().join() === [...shape[field]].sort().join();
  const postRes = await counted(
    'GET',
    '/posts?per_page=1&status=publish&_fields=id,slug,banner_settings,seo_meta,author_name',
  );
  const pageRes = await counted(
    'GET',
    '/pages?per_page=1&status=publish&_fields=id,slug,seo_meta,page_structure',
  );
  const paRes = await counted(
    'GET',
    '/practice_areas?per_page=1&_fields=id,slug,page_structure,practice_icon',
  );
  // An empty WordPress (no content/ yet) has nothing to show; the draft written below still checks the fields.
  if (postRes.json?.[0]) {
    const p = postRes.json[0];
    check(
      'posts carry banner_settings, seo_meta and author_name',
      hasShape(p, 'banner_settings') && hasShape(p, 'seo_meta') && typeof p.author_name === 'string',
    );
  }
  if (pageRes.json?.[0]) {
    check(
      'pages carry seo_meta and page_structure',
      hasShape(pageRes.json[0], 'seo_meta') && hasShape(pageRes.json[0], 'page_structure'),
    );
  }
  if (paRes.json?.[0]) {
    const a = paRes.json[0];
    check(
      'practice areas carry page_structure and practice_icon',
      hasShape(a, 'page_structure') && typeof a.practice_icon === 'string',
    );
  }
  // Seed fidelity: every plugin field equals content/ once ids are mapped (by slug) and site-relative
  // upload URLs carry this WordPress' origin; titles and dates are WordPress' own.
  const idMap = (file, list) => {
    const bySlug = new Map(list.map((i) => [i.slug, i.id]));
    return new Map((contentItems(file) ?? []).map((i) => [i.id, bySlug.get(i.slug) ?? -1]));
  };
  const mediaMap = idMap('media', lists.media);
  const categoryMap = idMap('categories', lists.categories);
  const origin = (v) =>
    typeof v === 'string'
      ? v.replace(/^\/wp-content\/uploads\//, `${BASE}/wp-content/uploads/`)
      : Array.isArray(v)
        ? v.map(origin)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, origin(x)]))
          : v;
  const expected = (item, field) => {
    const value = item[field];
    if (value === undefined || value === null) return null;
    const out = origin(value);
    if (field === 'page_structure') {
      for (const key of ['hero_image', 'why_choose_image'])
        out[key] = out[key] > 0 ? mediaMap.get(out[key]) : 0;
    }
    return out;
  };
  const decode = (html) =>
    html
      .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
  for (const [name, file, fields] of [
    ['posts', 'posts', ['banner_settings', 'seo_meta', 'author_name']],
    ['pages', 'pages', ['seo_meta', 'page_structure']],
    ['practice_areas', 'practice_areas', ['page_structure', 'practice_icon']],
  ]) {
    const items = contentItems(file);
    if (!items) continue;
    const full = await counted(
      'GET',
      `/${name}?per_page=100&_fields=slug,title,date,date_gmt,modified,featured_media,categories,${fields.join(',')}`,
    );
    const bySlug = new Map((full.json ?? []).map((p) => [p.slug, p]));
    const diffs = [];
    for (const want of items) {
      const got = bySlug.get(want.slug);
      if (!got) {
        diffs.push(`${want.slug}: missing`);
        continue;
      }
      for (const field of fields) {
        const w = ['author_name', 'practice_icon'].includes(field) ? want[field] : expected(want, field);
        if (JSON.stringify(got[field]) !== JSON.stringify(w)) diffs.push(`${want.slug}.${field}`);
      }
      for (const key of ['date', 'date_gmt', 'modified'])
        if (want[key] && got[key] !== want[key]) diffs.push(`${want.slug}.${key}`);
      if (decode(got.title.rendered) !== decode(want.title.rendered)) diffs.push(`${want.slug}.title`);
      const featured = want.featured_media > 0 ? mediaMap.get(want.featured_media) : 0;
      if (got.featured_media !== featured) diffs.push(`${want.slug}.featured_media`);
      if (want.categories) {
        const cats = want.categories.map((c) => categoryMap.get(c)).sort();
        if (JSON.stringify([...got.categories].sort()) !== JSON.stringify(cats))
          diffs.push(`${want.slug}.categories`);
      }
    }
    check(
      `${name}: seeded title, dates, images, categories and ${fields.join(', ')} equal content/`,
      diffs.length === 0,
      diffs.slice(0, 8).join(', '),
    );
  }
  const firstMedia = lists.media[0];
  if (firstMedia) {
    const img = await fetch(firstMedia.source_url);
    const bytes = Buffer.from(await img.arrayBuffer());
    check(
      `an upload is served (${new URL(firstMedia.source_url).pathname}, ${bytes.length} bytes)`,
      img.status === 200 &&
        (img.headers.get('content-type') ?? '').startsWith('image/') &&
        bytes.length === Number(img.headers.get('content-length')),
    );
    requestsMade += 1;
  }

  // --- writes with the application password ------------------------------------------------------
  console.log('writes (application password)');
  writePurge(listenerUrl, secret);
  const stamp = Date.now().toString(36);
  const draft = await counted('POST', '/posts', {
    auth: true,
    body: {
      title: `Smoke test ${stamp}`,
      slug: `smoke-test-${stamp}`,
      content: '<p>Written by the smoke test; deleted at its end.</p>',
      status: 'draft',
      banner_settings: {
        banner_background_color: '#1A365D',
        banner_overlay_opacity: 70,
        banner_title: 'Smoke <b>banner</b>',
      },
      seo_meta: { yoast_seo_title: 'Smoke SEO', yoast_seo_canonical: 'https://example.com/blog/smoke' },
      author_name: 'Not writable',
    },
  });
  const draftId = draft.json?.id;
  if (draftId) cleanup.push(() => call('DELETE', `/posts/${draftId}?force=true`, { auth: true }));
  check(
    'REST create with the application password: 201 draft',
    draft.status === 201 && draft.json?.status === 'draft',
    `status ${draft.status} ${draft.text.slice(0, 200)}`,
  );
  check(
    'fields are sanitised on write (colour lower-cased, tags stripped)',
    draft.json?.banner_settings?.banner_background_color === '#1a365d' &&
      draft.json?.banner_settings?.banner_title === 'Smoke banner' &&
      draft.json?.banner_settings?.banner_overlay_opacity === 70,
    JSON.stringify(draft.json?.banner_settings),
  );
  check(
    'author_name is read-only',
    draft.json?.author_name !== 'Not writable' && typeof draft.json?.author_name === 'string',
    draft.json?.author_name,
  );
  check(
    'a draft is invisible anonymously',
    (await counted('GET', `/posts?slug=smoke-test-${stamp}`)).text === '[]',
  );
  const partial = await counted('POST', `/posts/${draftId}`, {
    auth: true,
    body: { banner_settings: { banner_title: 'Partial' } },
  });
  check(
    'a partial field write keeps the other sub-fields',
    partial.status === 200 &&
      partial.json?.banner_settings?.banner_title === 'Partial' &&
      partial.json?.banner_settings?.banner_background_color === '#1a365d',
    JSON.stringify(partial.json?.banner_settings),
  );
  check('saving a draft sends no webhook', (await waitForEvent((b) => b.id === draftId, 300)) === null);

  const bad = [
    [
      'page_structure with a string hero_image',
      '/pages',
      { title: 'bad', page_structure: { hero_image: 'abc' } },
    ],
    [
      'page_structure with an unknown sub-field',
      '/pages',
      { title: 'bad', page_structure: { hero_video: 1 } },
    ],
    [
      'page_structure items of the wrong type',
      '/pages',
      { title: 'bad', page_structure: { services_items: 'x' } },
    ],
    [
      'banner colour that is not a colour',
      `/posts/${draftId}`,
      { banner_settings: { banner_text_color: 'red' } },
    ],
    ['banner opacity 150', `/posts/${draftId}`, { banner_settings: { banner_overlay_opacity: 150 } }],
    [
      'banner image javascript: URL',
      `/posts/${draftId}`,
      { banner_settings: { banner_background_image: 'javascript:alert(1)' } },
    ],
    ['practice_icon outside the ten', '/practice_areas', { title: 'bad', practice_icon: 'Gavel' }],
  ];
  for (const [name, url, body] of bad) {
    const res = await counted('POST', url, { auth: true, body });
    check(
      `400 for ${name}`,
      res.status === 400 && res.json?.code === 'rest_invalid_param',
      `status ${res.status} ${res.text.slice(0, 160)}`,
    );
  }
  const draftPages = await counted('GET', '/pages?status=draft&search=bad&_fields=id', { auth: true });
  check('rejected writes created nothing', Array.isArray(draftPages.json) && draftPages.json.length === 0);
  const unauth = await counted('POST', '/posts', { body: { title: 'anonymous' } });
  check('anonymous write: 401', unauth.status === 401);

  // --- wp-admin meta boxes -------------------------------------------------------------------------
  console.log('wp-admin meta boxes');
  const login = await fetch(`${BASE}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({
      log: env.WORDPRESS_USER,
      pwd: env.WORDPRESS_ADMIN_PASSWORD,
      testcookie: '1',
    }),
  });
  requestsMade += 1;
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  check(
    'wp-admin login with the administrator password',
    login.status === 302 && cookie.includes('wordpress_logged_in_'),
  );
  // Saves a post's meta-box form the way the block editor does (its meta-box-loader request).
  const saveMetaBoxes = async (id, fields) => {
    const page = await fetch(`${BASE}/wp-admin/post.php?post=${id}&action=edit`, {
      headers: { Cookie: cookie },
    });
    const html = await page.text();
    requestsMade += 1;
    const url = JSON.parse(/_wpMetaBoxUrl = ("[^"]+");/.exec(html)?.[1] ?? '""');
    const base = /<form class="metabox-base-form">([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
    const form = new URLSearchParams();
    for (const input of base.matchAll(
      /<input type=["']hidden["'][^>]*?name=["']([^"']+)["'][^>]*?value=["']([^"']*)["']/g,
    )) {
      form.append(input[1], input[2]);
    }
    form.append('_lawfirm_nonce', /name="_lawfirm_nonce" value="([^"]+)"/.exec(html)?.[1] ?? '');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    requestsMade += 1;
    return {
      boxes: [...html.matchAll(/<div id="(lawfirm-[a-z_-]+)" class="postbox/g)].map((m) => m[1]),
      status: res.status,
    };
  };
  const boxPage = await counted('POST', '/pages', {
    auth: true,
    body: { title: `Smoke boxes ${stamp}`, status: 'draft' },
  });
  if (boxPage.json?.id)
    cleanup.push(() => call('DELETE', `/pages/${boxPage.json.id}?force=true`, { auth: true }));
  const pageSave = await saveMetaBoxes(boxPage.json?.id, {
    'lawfirm[page_structure][hero_subtitle]': '  Hero <b>subtitle</b> ',
    'lawfirm[page_structure][hero_image]': 'abc',
    'lawfirm[page_structure][services_title]': 'Services',
    'lawfirm[page_structure][services_items][0][icon]': 'file-text',
    'lawfirm[page_structure][services_items][0][title]': 'Drafting',
    'lawfirm[page_structure][services_items][0][description]': 'Notices and replies',
    'lawfirm[page_structure][services_items][1][icon]': 'Scale',
    'lawfirm[page_structure][services_items][1][title]': '',
    'lawfirm[page_structure][services_items][1][description]': '',
    'lawfirm[seo_meta][yoast_seo_title]': 'Boxes',
    'lawfirm[seo_meta][yoast_seo_canonical]': 'javascript:alert(1)',
  });
  check(
    'a page edit screen shows the SEO and page-structure boxes',
    ['lawfirm-seo_meta', 'lawfirm-page_structure'].every((b) => pageSave.boxes.includes(b)),
    pageSave.boxes.join(', '),
  );
  const boxed = await counted(
    'GET',
    `/pages/${boxPage.json?.id}?context=edit&_fields=page_structure,seo_meta`,
    { auth: true },
  );
  const ps = boxed.json?.page_structure;
  check(
    'meta-box save: stored and sanitised (tags stripped, bad id 0, icon normalised, empty row dropped, bad URL emptied)',
    ps?.hero_subtitle === 'Hero subtitle' &&
      ps?.hero_image === 0 &&
      JSON.stringify(ps?.services_items) ===
        JSON.stringify([{ icon: 'FileText', title: 'Drafting', description: 'Notices and replies' }]) &&
      boxed.json?.seo_meta?.yoast_seo_title === 'Boxes' &&
      boxed.json?.seo_meta?.yoast_seo_canonical === '',
    `${pageSave.status} ${JSON.stringify(boxed.json)}`,
  );
  const boxPost = await counted('POST', '/posts', {
    auth: true,
    body: { title: `Smoke boxes ${stamp}`, status: 'draft' },
  });
  if (boxPost.json?.id)
    cleanup.push(() => call('DELETE', `/posts/${boxPost.json.id}?force=true`, { auth: true }));
  const postSave = await saveMetaBoxes(boxPost.json?.id, {
    'lawfirm[banner_settings][banner_background_color]': '#ABCDEF',
    'lawfirm[banner_settings][banner_overlay_opacity]': '',
    'lawfirm[banner_settings][banner_title]': 'Boxed banner',
    lawfirm_byline: 'Adv. Smoke Test',
    lawfirm_language: 'hi',
    lawfirm_translation: '0',
  });
  check(
    'a post edit screen shows the banner, SEO, byline and language boxes',
    ['lawfirm-banner_settings', 'lawfirm-seo_meta', 'lawfirm-byline', 'lawfirm-language'].every((b) =>
      postSave.boxes.includes(b),
    ),
    postSave.boxes.join(', '),
  );
  const boxedPost = await counted(
    'GET',
    `/posts/${boxPost.json?.id}?context=edit&_fields=banner_settings,author_name,language,translation`,
    { auth: true },
  );
  check(
    'meta-box save of a post: colour lower-cased, unset opacity kept unset, byline shown as author_name, language as chosen',
    boxedPost.json?.banner_settings?.banner_background_color === '#abcdef' &&
      boxedPost.json?.banner_settings?.banner_overlay_opacity === '' &&
      boxedPost.json?.banner_settings?.banner_title === 'Boxed banner' &&
      boxedPost.json?.author_name === 'Adv. Smoke Test' &&
      boxedPost.json?.language === 'hi' &&
      boxedPost.json?.translation === 0,
    JSON.stringify(boxedPost.json),
  );
  const areaEdit = await fetch(`${BASE}/wp-admin/post-new.php?post_type=practice_area`, {
    headers: { Cookie: cookie },
  });
  const areaHtml = await areaEdit.text();
  requestsMade += 1;
  check(
    'a new practice area screen shows the page-structure and icon boxes',
    areaEdit.status === 200 &&
      areaHtml.includes('id="lawfirm-page_structure"') &&
      areaHtml.includes('id="lawfirm-practice-icon"'),
  );

  // --- the webhook ---------------------------------------------------------------------------------
  console.log('purge webhook');
  const slug = `smoke-test-${stamp}`;
  const published = await counted('POST', `/posts/${draftId}`, { auth: true, body: { status: 'publish' } });
  check('publish through REST: 200', published.status === 200 && published.json?.status === 'publish');
  await expectWebhook('on publish', { type: 'post', id: draftId, slug, action: 'publish' });
  check(
    'the published post is visible anonymously',
    (await counted('GET', `/posts?slug=${slug}&_fields=id`)).json?.[0]?.id === draftId,
  );
  await counted('POST', `/posts/${draftId}`, { auth: true, body: { title: `Smoke test ${stamp} (edited)` } });
  await expectWebhook('on update', { type: 'post', id: draftId, slug, action: 'update' });
  await counted('DELETE', `/posts/${draftId}`, { auth: true });
  await expectWebhook('on trash (public slug, not __trashed)', {
    type: 'post',
    id: draftId,
    slug,
    action: 'trash',
  });
  await counted('DELETE', `/posts/${draftId}?force=true`, { auth: true });
  await expectWebhook('on delete', { type: 'post', id: draftId, slug, action: 'delete' });

  const cat = await counted('POST', '/categories', {
    auth: true,
    body: { name: `Smoke ${stamp}`, slug: `smoke-${stamp}` },
  });
  const catId = cat.json?.id;
  if (catId) cleanup.push(() => call('DELETE', `/categories/${catId}?force=true`, { auth: true }));
  await expectWebhook('on category create', {
    type: 'category',
    id: catId,
    slug: `smoke-${stamp}`,
    action: 'create',
  });
  await counted('POST', `/categories/${catId}`, { auth: true, body: { description: 'edited' } });
  await expectWebhook('on category edit', {
    type: 'category',
    id: catId,
    slug: `smoke-${stamp}`,
    action: 'update',
  });
  await counted('DELETE', `/categories/${catId}?force=true`, { auth: true });
  await expectWebhook('on category delete', {
    type: 'category',
    id: catId,
    slug: `smoke-${stamp}`,
    action: 'delete',
  });

  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const media = await counted('POST', '/media', {
    auth: true,
    body: png,
    headers: {
      'Content-Type': 'image/png',
      'Content-Disposition': `attachment; filename="smoke-${stamp}.png"`,
    },
  });
  const mediaId = media.json?.id;
  if (mediaId) cleanup.push(() => call('DELETE', `/media/${mediaId}?force=true`, { auth: true }));
  check(
    'media upload through REST: 201',
    media.status === 201,
    `status ${media.status} ${media.text.slice(0, 160)}`,
  );
  await expectWebhook('on media upload', {
    type: 'attachment',
    id: mediaId,
    slug: media.json?.slug,
    action: 'publish',
  });
  await counted('DELETE', `/media/${mediaId}?force=true`, { auth: true });
  await expectWebhook('on media delete', {
    type: 'attachment',
    id: mediaId,
    slug: media.json?.slug,
    action: 'delete',
  });
  check(
    'every webhook carried a valid signature',
    received.length > 0 && received.every(verified),
    `${received.filter((e) => !verified(e)).length} bad of ${received.length}`,
  );

  // --- a failing gateway never blocks a save -------------------------------------------------------
  console.log('failing gateway');
  const closedPort = await new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
  const silent = net.createServer(() => {}); // accepts, never answers
  await new Promise((r) => silent.listen(0, '127.0.0.1', r));
  for (const [name, url] of [
    ['refused connection', `http://127.0.0.1:${closedPort}/purge`],
    ['gateway that never answers', `http://127.0.0.1:${silent.address().port}/purge`],
  ]) {
    writePurge(url, secret);
    const p = await counted('POST', '/posts', {
      auth: true,
      body: { title: `Smoke ${name}`, status: 'publish' },
    });
    if (p.json?.id) cleanup.push(() => call('DELETE', `/posts/${p.json.id}?force=true`, { auth: true }));
    check(
      `${name}: the save succeeds in ${Math.round(p.ms)} ms (< 2500)`,
      p.status === 201 && p.ms < 2500,
      `status ${p.status}`,
    );
    const d = await counted('DELETE', `/posts/${p.json?.id}?force=true`, { auth: true });
    check(
      `${name}: the delete succeeds in ${Math.round(d.ms)} ms (< 2500)`,
      d.status === 200 && d.ms < 2500,
      `status ${d.status}`,
    );
  }
  silent.close();

  // --- enquiries -----------------------------------------------------------------------------------
  console.log('enquiries');
  check(
    'anonymous enquiry create: 401',
    (await counted('POST', '/enquiries', { body: { title: 'x' } })).status === 401,
  );
  const enq = await counted('POST', '/enquiries', {
    auth: true,
    body: { title: `Smoke enquiry ${stamp}`, content: 'Call me', status: 'publish' },
  });
  if (enq.json?.id)
    cleanup.push(() => call('DELETE', `/enquiries/${enq.json.id}?force=true`, { auth: true }));
  check('editor enquiry create: 201', enq.status === 201, `status ${enq.status}`);
  check('anonymous enquiry list: 401', (await counted('GET', '/enquiries')).status === 401);
  check(
    'anonymous read of a published enquiry: 401',
    (await counted('GET', `/enquiries/${enq.json?.id}`)).status === 401,
  );
  check('editor enquiry list: 200', (await counted('GET', '/enquiries', { auth: true })).status === 200);
  const search = await counted('GET', `/search?search=${encodeURIComponent('Smoke enquiry')}`);
  check(
    'enquiries never appear in the public search',
    search.status === 200 && Array.isArray(search.json) && search.json.length === 0,
  );
} catch (error) {
  check('smoke run completed', false, error instanceof Error ? error.stack : String(error));
} finally {
  for (const undo of cleanup.reverse()) await undo().catch(() => {});
  restorePurge();
  listener.close();
}

// --- after cleanup -----------------------------------------------------------------------------------
console.log('after cleanup');
for (const [name, file] of [
  ['posts', 'posts'],
  ['pages', 'pages'],
  ['media', 'media'],
  ['categories', 'categories'],
  ['practice_areas', 'practice_areas'],
]) {
  const items = contentItems(file);
  const res = await call(
    'GET',
    `/${name}?per_page=1${name === 'media' || name === 'categories' ? '' : '&status=publish'}`,
  );
  requestsMade += 1;
  // Media are "inherit" and categories have no status: all of them count.
  const counts = (i) => name === 'media' || name === 'categories' || (i.status ?? 'publish') === 'publish';
  const want = items ? items.filter(counts).length : null;
  if (want !== null)
    check(
      `${name}: count back to ${want}`,
      Number(res.headers.get('x-wp-total')) === want,
      res.headers.get('x-wp-total'),
    );
}
const accessLines = readFileSync(accessLog, 'utf8').split('\n').length - 1 - accessLinesAtStart;
check(
  `the access log recorded the smoke's requests (${accessLines} lines >= ${requestsMade})`,
  accessLines >= requestsMade,
);
const debugTail = existsSync(debugLog) ? readFileSync(debugLog, 'utf8').slice(debugLogStart) : '';
// PHP's own messages that point into the plugin (the plugin's deliberate "purge webhook failed" lines are fine).
const pluginNotices = debugTail
  .split('\n')
  .filter(
    (l) =>
      /PHP (Warning|Notice|Deprecated|Fatal error|Parse error)/.test(l) &&
      /lawfirm-companion|wordpress\/(seed|scripts)\//.test(l),
  );
check(
  'no PHP notice from the plugin in wp-debug.log',
  pluginNotices.length === 0,
  pluginNotices.slice(0, 3).join(' | '),
);

console.log(`\n${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
