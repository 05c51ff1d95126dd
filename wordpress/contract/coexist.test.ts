// The companion plugin beside the firm's other plugins, against the real WordPress. A second
// must-use plugin (fixtures/other-plugins.php, copied in for this file and removed afterwards)
// plays those plugins, only on requests that carry its header, so nothing else using this
// WordPress meanwhile notices:
// - another SEO plugin that registered `seo_meta` on posts first (register_rest_field) and one that
//   provides `banner_settings` as post meta: REST shows their values, the companion's meta boxes
//   for those fields are gone, and everything else of the companion stays;
// - Yoast SEO: `seo_meta` reads Yoast's post meta (variables replaced, robots as a flag), the
//   companion's SEO box is gone, REST writes of seo_meta are refused, and the gateway's GraphQL
//   SEO fields follow Yoast's values.
import { mediaPath } from '../../gateway/src/media/address.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  cleanUp,
  deleteContractItems,
  FIXTURE_HEADER,
  installFixture,
  metaBoxes,
  removeFixture,
  rest,
  startHeaderProxy,
  type AdminSession,
} from './lib/companion.js';
import { readContent } from './lib/content.js';
import { inProcessGateway } from './lib/gateway.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost, wpRest } from './lib/wordpress.js';

const SEO_FIELDS = [
  'yoast_seo_title',
  'yoast_seo_meta_description',
  'yoast_seo_og_title',
  'yoast_seo_og_description',
  'yoast_seo_twitter_title',
  'yoast_seo_twitter_description',
  'yoast_seo_canonical',
  'yoast_seo_og_image',
  'yoast_seo_twitter_image',
];
const OTHER = { [FIXTURE_HEADER]: 'seo-plugin' };
const YOAST = { [FIXTURE_HEADER]: 'yoast' };

/** What Yoast's box would store for the seeded post (canonical and images on hosts of the test's own). */
const YOAST_META: Record<string, string> = {
  _yoast_wpseo_title: '%%title%% %%page%% %%sep%% %%sitename%%',
  _yoast_wpseo_metadesc: 'Yoast description of %%title%%.',
  '_yoast_wpseo_opengraph-title': 'Yoast share title',
  '_yoast_wpseo_opengraph-description': 'Yoast share description',
  '_yoast_wpseo_opengraph-image': 'https://cdn.example.in/contract/yoast-og.jpg',
  '_yoast_wpseo_twitter-title': 'Yoast tweet title',
  '_yoast_wpseo_twitter-description': '%%primary_category%% news',
  '_yoast_wpseo_twitter-image': 'https://cdn.example.in/contract/yoast-twitter.jpg',
  _yoast_wpseo_canonical: 'https://www.example.in/blog/contract-yoast-canonical',
  '_yoast_wpseo_meta-robots-noindex': '1',
};

let admin: AdminSession;
let siteName: string;
let draft: { id: number; slug: string };
let page: { id: number };
let seeded: { id: number; slug: string; title: string };

const stamp = Date.now().toString(36);

beforeAll(async () => {
  await deleteContractItems('/pages');
  installFixture();
  admin = await adminSession();
  const root = await rest<{ name: string }>('GET', '/', { auth: false });
  siteName = root.json.name;
  draft = await createPost({ slug: `${CONTRACT_SLUG_PREFIX}coexist-${stamp}`, title: `Coexist ${stamp}` });
  const created = await wpRest<{ id: number }>('POST', '/pages', {
    body: { slug: `${CONTRACT_SLUG_PREFIX}coexist-${stamp}`, title: `Coexist ${stamp}`, status: 'draft' },
  });
  expect(created.status).toBe(201);
  page = created.json;
  // A post of content/ with SEO values of the companion's own: posts other runs publish have none.
  const slug = (await readContent()).posts.find((p) => (p as { seo_meta?: unknown }).seo_meta)?.slug;
  expect(slug).toBeDefined();
  const list = await wpRest<Array<{ id: number; slug: string; title: { raw: string } }>>(
    'GET',
    `/posts?slug=${slug}&status=publish&context=edit&_fields=id,slug,title`,
  );
  const first = list.json[0]!;
  seeded = { id: first.id, slug: first.slug, title: first.title.raw };
});

afterAll(async () => {
  await cleanUp(
    // Yoast's keys are read only on requests with the fixture's header; they go all the same.
    () =>
      seeded &&
      rest('POST', `/lawfirm-fixture/v1/yoast/${seeded.id}`, {
        headers: YOAST,
        body: Object.fromEntries(Object.keys(YOAST_META).map((k) => [k, ''])),
      }),
    () => draft && deletePost(draft.id, true),
    () => page && wpRest('DELETE', `/pages/${page.id}?force=true`),
    removeFixture,
  );
});

type Gateway = Awaited<ReturnType<typeof inProcessGateway>>;

/**
 * The gateway over this WordPress with Yoast (through the fixture's header proxy, whose requests it
 * records) and without it, for one test; both closed after it.
 */
async function withAndWithoutYoast(
  run: (g: { withYoast: Gateway; without: Gateway; proxy: { requests: string[] } }) => Promise<void>,
): Promise<void> {
  const proxy = await startHeaderProxy(YOAST);
  const withYoast = await inProcessGateway(proxy.url, { SITE_NAME: siteName });
  const without = await inProcessGateway(credentials().url, { SITE_NAME: siteName });
  try {
    await run({ withYoast, without, proxy });
  } finally {
    await withYoast.close();
    await without.close();
    await proxy.close();
  }
}

describe('beside another plugin that provides the same fields', () => {
  it('shows that plugin’s seo_meta and banner_settings in REST and offers no second meta box for them', async () => {
    const theirs = {
      yoast_seo_title: 'Title kept by the other SEO plugin',
      focus_keyword: 'anticipatory bail',
    };
    const banner = { banner_title: 'Banner of the other plugin' };
    // Their own sub-field (focus_keyword) would be refused as unknown by the companion's schema.
    const write = await rest('POST', `/wp/v2/posts/${draft.id}?_fields=id`, {
      headers: OTHER,
      body: { seo_meta: theirs, meta: { banner_settings: banner } },
    });
    expect(write.status, write.text).toBe(200);

    const read = await rest<Record<string, unknown>>(
      'GET',
      `/wp/v2/posts/${draft.id}?context=edit&_fields=seo_meta,banner_settings,meta,author_name`,
      { headers: OTHER },
    );
    expect(read.json.seo_meta).toEqual(theirs);
    // banner_settings as post meta: under `meta` where that plugin put it, and at the top level
    // where the website's gateway reads it.
    expect((read.json.meta as Record<string, unknown>).banner_settings).toEqual(banner);
    expect(read.json.banner_settings).toEqual(banner);
    // The rest of the companion is untouched.
    expect(read.json.author_name).toBe('editor-bot');

    // The other plugin registered seo_meta for posts only: on pages the companion still provides it.
    const pageWrite = await rest<{ seo_meta: Record<string, unknown> }>(
      'POST',
      `/wp/v2/pages/${page.id}?context=edit&_fields=seo_meta`,
      { headers: OTHER, body: { seo_meta: { yoast_seo_title: 'Companion page title' } } },
    );
    expect(pageWrite.status, pageWrite.text).toBe(200);
    expect(Object.keys(pageWrite.json.seo_meta)).toEqual(SEO_FIELDS);
    expect(pageWrite.json.seo_meta.yoast_seo_title).toBe('Companion page title');

    // Without that plugin, the companion's own copy: nothing of the other plugin's went into it.
    const alone = await rest('GET', `/wp/v2/posts/${draft.id}?context=edit&_fields=seo_meta,banner_settings`);
    expect(alone.json).toEqual({ seo_meta: null, banner_settings: null });
    // And the companion's fields are still validated against its schema wherever it provides them.
    for (const [route, headers, body] of [
      [`/wp/v2/posts/${draft.id}`, {}, { banner_settings: { banner_text_color: 'red' } }],
      [`/wp/v2/pages/${page.id}`, OTHER, { seo_meta: { focus_keyword: 'bail' } }],
    ] as const) {
      const invalid = await rest<{ code: string }>('POST', `${route}?_fields=id`, { headers, body });
      expect(invalid.status, route).toBe(400);
      expect(invalid.json.code).toBe('rest_invalid_param');
    }

    const withOther = metaBoxes(
      (await admin.get(`/wp-admin/post.php?post=${draft.id}&action=edit`, OTHER)).html,
    );
    expect(withOther).toContain('contract-other-seo');
    expect(withOther).not.toContain('lawfirm-seo_meta');
    expect(withOther).not.toContain('lawfirm-banner_settings');
    expect(withOther).toContain('lawfirm-byline');
    const pageBoxes = metaBoxes(
      (await admin.get(`/wp-admin/post.php?post=${page.id}&action=edit`, OTHER)).html,
    );
    expect(pageBoxes).toEqual(expect.arrayContaining(['lawfirm-seo_meta', 'lawfirm-page_structure']));
    const withoutOther = metaBoxes((await admin.get(`/wp-admin/post.php?post=${draft.id}&action=edit`)).html);
    expect(withoutOther).toEqual(
      expect.arrayContaining(['lawfirm-banner_settings', 'lawfirm-seo_meta', 'lawfirm-byline']),
    );
    expect(withoutOther).not.toContain('contract-other-seo');
  });
});

describe('with Yoast SEO active', () => {
  it('reads seo_meta from Yoast’s post meta instead of its own copy, and shows no SEO box of its own', async () => {
    const own = await rest<{ seo_meta: Record<string, unknown> | null }>(
      'GET',
      `/wp/v2/posts/${seeded.id}?context=edit&_fields=seo_meta`,
    );
    expect(own.json.seo_meta).not.toBeNull();

    // Before Yoast holds anything for the post: null, so the gateway falls back (yoast_head_json, defaults).
    const empty = await rest('GET', `/wp/v2/posts/${seeded.id}?_fields=seo_meta`, { headers: YOAST });
    expect(empty.json).toEqual({ seo_meta: null });

    const stored = await rest<{ written: number }>('POST', `/lawfirm-fixture/v1/yoast/${seeded.id}`, {
      headers: YOAST,
      body: YOAST_META,
    });
    expect(stored.status, stored.text).toBe(200);

    const read = await rest<{ seo_meta: Record<string, unknown> }>(
      'GET',
      `/wp/v2/posts/${seeded.id}?_fields=seo_meta`,
      { headers: YOAST },
    );
    expect(read.json.seo_meta).toEqual({
      // Yoast's default title template, its variables replaced (the fixture's separator is an en dash).
      yoast_seo_title: `${seeded.title} – ${siteName}`,
      yoast_seo_meta_description: `Yoast description of ${seeded.title}.`,
      yoast_seo_og_title: 'Yoast share title',
      yoast_seo_og_description: 'Yoast share description',
      yoast_seo_twitter_title: 'Yoast tweet title',
      // A variable the plugin cannot fill: empty, so the gateway falls back.
      yoast_seo_twitter_description: '',
      yoast_seo_canonical: 'https://www.example.in/blog/contract-yoast-canonical',
      yoast_seo_og_image: 'https://cdn.example.in/contract/yoast-og.jpg',
      yoast_seo_twitter_image: 'https://cdn.example.in/contract/yoast-twitter.jpg',
      yoast_seo_noindex: true,
    });

    // The companion's own copy is still there for a site without Yoast.
    const again = await rest('GET', `/wp/v2/posts/${seeded.id}?context=edit&_fields=seo_meta`);
    expect(again.json).toEqual(own.json);

    // Yoast owns the values: a REST write is refused, and the companion's copy stays as it was.
    const refused = await rest<{ code: string }>('POST', `/wp/v2/posts/${draft.id}?_fields=id`, {
      headers: YOAST,
      body: { seo_meta: { yoast_seo_title: 'Written over REST' } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('lawfirm_seo_meta_from_yoast');
    const draftOwn = await rest('GET', `/wp/v2/posts/${draft.id}?context=edit&_fields=seo_meta`);
    expect(draftOwn.json).toEqual({ seo_meta: null });

    const boxes = metaBoxes(
      (await admin.get(`/wp-admin/post.php?post=${seeded.id}&action=edit`, YOAST)).html,
    );
    expect(boxes).not.toContain('lawfirm-seo_meta');
    expect(boxes).toEqual(expect.arrayContaining(['lawfirm-banner_settings', 'lawfirm-byline']));
  });

  it('gives the gateway’s GraphQL SEO fields Yoast’s values', async () => {
    await rest('POST', `/lawfirm-fixture/v1/yoast/${seeded.id}`, { headers: YOAST, body: YOAST_META });
    const query = /* GraphQL */ `
      query Seo($slug: String!) {
        post(slug: $slug) {
          seo {
            title
            description
            canonical
            ogTitle
            ogDescription
            ogImage
            ogUrl
            twitterTitle
            twitterDescription
            twitterImage
            noindex
          }
        }
      }
    `;
    await withAndWithoutYoast(async ({ withYoast, without, proxy }) => {
      const answer = await withYoast.query<{ post: { seo: Record<string, string | null> } }>(query, {
        slug: seeded.slug,
      });
      expect(answer.errors).toBeUndefined();
      expect(proxy.requests.some((r) => r.includes('/wp/v2/posts'))).toBe(true);
      const siteOrigin = new URL(withYoast.gateway.config.site.url).origin;
      expect(answer.data?.post.seo).toEqual({
        // The gateway puts the site name after " | " once, whatever Yoast's separator.
        title: `${seeded.title} | ${siteName}`,
        description: `Yoast description of ${seeded.title}.`,
        canonical: 'https://www.example.in/blog/contract-yoast-canonical',
        ogTitle: 'Yoast share title',
        ogDescription: 'Yoast share description',
        // Share images are shown from the site's origin (the gateway's /media fetches them).
        ogImage: `${siteOrigin}${mediaPath('https://cdn.example.in/contract/yoast-og.jpg', 1280)}`,
        ogUrl: 'https://www.example.in/blog/contract-yoast-canonical',
        twitterTitle: 'Yoast tweet title',
        // Yoast's value held an unknown variable: Open Graph's description stands in.
        twitterDescription: 'Yoast share description',
        twitterImage: `${siteOrigin}${mediaPath('https://cdn.example.in/contract/yoast-twitter.jpg', 1280)}`,
        // Yoast's "do not show in search results": the page says noindex.
        noindex: true,
      });
      // The same post without Yoast: the companion's own values, not Yoast's.
      const plain = await without.query<{ post: { seo: Record<string, string | null> } }>(query, {
        slug: seeded.slug,
      });
      expect(plain.data?.post.seo.ogTitle).not.toBe('Yoast share title');
      expect(plain.data?.post.seo.noindex).toBe(false);
      expect(plain.data?.post.seo.canonical).not.toBe('https://www.example.in/blog/contract-yoast-canonical');
    });
  });

  it('keeps the robots choice in lists: WordPress filters the nested field, the gateway lists it', async () => {
    await rest('POST', `/lawfirm-fixture/v1/yoast/${seeded.id}`, { headers: YOAST, body: YOAST_META });
    // The one key a list asks for (gateway/src/sources/api.ts, ROBOTS_FIELDS), not the whole block.
    const listed = await rest<unknown[]>(
      'GET',
      `/wp/v2/posts?include=${seeded.id}&_fields=id,seo_meta.yoast_seo_noindex,yoast_head_json.robots`,
      { headers: YOAST },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).toEqual([{ id: seeded.id, seo_meta: { yoast_seo_noindex: true } }]);

    const query = /* GraphQL */ `
      query Listed($search: String!) {
        posts(first: 100, search: $search) {
          nodes {
            slug
            noindex
          }
        }
      }
    `;
    await withAndWithoutYoast(async ({ withYoast, without, proxy }) => {
      const find = async (gateway: Gateway) => {
        const answer = await gateway.query<{ posts: { nodes: { slug: string; noindex: boolean }[] } }>(
          query,
          {
            search: seeded.title,
          },
        );
        expect(answer.errors).toBeUndefined();
        return answer.data?.posts.nodes.find((n) => n.slug === seeded.slug);
      };
      expect(await find(withYoast)).toEqual({ slug: seeded.slug, noindex: true });
      // Only the list was asked for: no whole post was loaded to say it.
      expect(proxy.requests.filter((r) => r.includes('/wp/v2/posts'))).toHaveLength(1);
      expect(await find(without)).toEqual({ slug: seeded.slug, noindex: false });
    });
  });
});
