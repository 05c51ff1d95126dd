// Previews of drafts on the website, the WordPress side, against the real WordPress. The fixture
// must-use plugin (fixtures/other-plugins.php) defines LAWFIRM_SITE_URL and LAWFIRM_PREVIEW_SECRET
// as wp-config.php would, only on requests with its headers; PHP run with WordPress loaded gets them
// as environment variables (the plugin's other source).
// - with both set, the preview link of a draft post, page and practice area (WordPress's
//   get_preview_post_link() as an editor; the REST `link` in the editing context and the autosave's
//   `preview_link`, which the block editor opens) is {LAWFIRM_SITE_URL}/preview/{type}/{id}?token=…,
//   and the token verifies with the secret (HMAC recomputed here) for that type, id and user,
//   expiring in 10 minutes;
// - without them, with a short secret, or for a user who may not edit the post: WordPress's own link;
// - the site's reads work with the application password: a draft's raw content (context=edit) and
//   its latest autosave (/autosaves) for all three types;
// - Settings > Site gateway says whether previews go to the site, or which constant is missing.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminSession,
  cleanUp,
  deleteContractItems,
  FIXTURE_PREVIEW_SECRET_HEADER,
  FIXTURE_SITE_URL_HEADER,
  installFixture,
  removeFixture,
  rest,
  type AdminSession,
} from './lib/companion.js';
import { wordpressPhp } from './lib/media.js';
import { CONTRACT_SLUG_PREFIX, credentials, wpRest } from './lib/wordpress.js';

const SETTINGS_PAGE = '/wp-admin/options-general.php?page=lawfirm-companion';
const SITE = 'https://www.preview-site.example';
const SECRET = `contract-${randomBytes(24).toString('base64url')}`;
const ON = { [FIXTURE_SITE_URL_HEADER]: SITE, [FIXTURE_PREVIEW_SECRET_HEADER]: SECRET };
const TTL = 600;

type PreviewType = 'post' | 'page' | 'practice_area';
const TYPES: PreviewType[] = ['post', 'page', 'practice_area'];
const COLLECTION: Record<PreviewType, string> = {
  post: '/posts',
  page: '/pages',
  practice_area: '/practice_areas',
};

interface Item {
  id: number;
  content: string;
}
const items = {} as Record<PreviewType, Item>;
let admin: AdminSession;
let botUser: number;

/**
 * Checks a preview address as the site will: the site's origin, /preview/{type}/{id}, and a token
 * for that type, id and user whose HMAC-SHA256 (base64url, no padding) matches the secret, expiring
 * TTL seconds after a moment within [from, to] (Unix seconds), give or take 5 s.
 */
function expectSitePreview(
  link: string,
  expected: { type: PreviewType; id: number; user: number; from: number; to: number },
): void {
  const url = new URL(link);
  expect(url.origin).toBe(SITE);
  expect(url.pathname).toBe(`/preview/${expected.type}/${expected.id}`);
  const token = url.searchParams.get('token') ?? '';
  const parts = token.split('.');
  expect(parts, token).toHaveLength(5);
  const [type, id, user, exp, signature] = parts as [string, string, string, string, string];
  expect({ type, id: Number(id), user: Number(user) }).toEqual({
    type: expected.type,
    id: expected.id,
    user: expected.user,
  });
  expect(exp).toMatch(/^\d+$/);
  expect(Number(exp)).toBeGreaterThanOrEqual(expected.from + TTL - 5);
  expect(Number(exp)).toBeLessThanOrEqual(expected.to + TTL + 5);
  const payload = `v1:${type}:${id}:${user}:${exp}`;
  expect(signature).toBe(createHmac('sha256', SECRET).update(payload).digest('base64url'));
  // A different secret gives a different signature: the check above is not vacuous.
  expect(signature).not.toBe(createHmac('sha256', `${SECRET}x`).update(payload).digest('base64url'));
}

const now = () => Math.floor(Date.now() / 1000);

/** WordPress's own preview link of a draft: its address on WordPress with preview=true. */
function expectWordPressPreview(link: string): void {
  expect(link.startsWith(`${credentials().url}/`), link).toBe(true);
  expect(new URL(link).searchParams.get('preview')).toBe('true');
  expect(link).not.toContain('token=');
}

interface LinksRun {
  user: number;
  links: Record<PreviewType, string>;
}
interface PhpLinks {
  editor: LinksRun;
  contributor: LinksRun;
  anonymous: LinksRun;
  wordpress: LinksRun;
}

// get_preview_post_link() for each item as a new editor, a new contributor (who may not edit
// others' posts), nobody, and the editor with the companion's filter removed (WordPress's own).
// The two users exist only while this runs.
const PREVIEW_LINKS_PHP = String.raw`
require_once ABSPATH . 'wp-admin/includes/user.php';
$ids = json_decode($argv[1], true);
$links = static function () use ($ids) {
  $out = array();
  foreach ($ids as $type => $id) { $out[$type] = get_preview_post_link((int) $id); }
  return $out;
};
$made = array();
$result = array();
try {
  foreach (array('editor', 'contributor') as $role) {
    $login = 'contract-test-preview-' . $role . '-' . strtolower(wp_generate_password(8, false));
    $user = wp_insert_user(array('user_login' => $login, 'user_pass' => wp_generate_password(24), 'user_email' => $login . '@example.com', 'role' => $role));
    if (is_wp_error($user)) { throw new Exception($user->get_error_message()); }
    $made[] = $user;
    wp_set_current_user($user);
    $result[$role] = array('user' => $user, 'links' => $links());
  }
  wp_set_current_user(0);
  $result['anonymous'] = array('user' => 0, 'links' => $links());
  wp_set_current_user($made[0]);
  remove_filter('preview_post_link', 'LawFirm\\Companion\\filter_preview_link', 10);
  $result['wordpress'] = array('user' => $made[0], 'links' => $links());
} finally {
  foreach ($made as $user) { wp_delete_user($user); }
}
echo wp_json_encode($result);
`;

async function phpPreviewLinks(env: Record<string, string>): Promise<PhpLinks> {
  const ids = Object.fromEntries(TYPES.map((t) => [t, items[t].id]));
  const out = await wordpressPhp(PREVIEW_LINKS_PHP, [JSON.stringify(ids)], env);
  return JSON.parse(out) as PhpLinks;
}

beforeAll(async () => {
  await deleteContractItems('/pages');
  await deleteContractItems('/practice_areas');
  installFixture();
  admin = await adminSession();
  const me = await wpRest<{ id: number }>('GET', '/users/me');
  expect(me.status).toBe(200);
  botUser = me.json.id;
  const stamp = Date.now();
  for (const type of TYPES) {
    const content = `<!-- wp:paragraph -->\n<p>Draft ${type} of the preview contract, ${stamp}.</p>\n<!-- /wp:paragraph -->`;
    const res = await wpRest<{ id: number }>('POST', COLLECTION[type], {
      body: {
        title: `Preview contract ${type}`,
        slug: `${CONTRACT_SLUG_PREFIX}preview-${type.replace('_', '-')}-${stamp}`,
        status: 'draft',
        content,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    items[type] = { id: res.json.id, content };
  }
});

afterAll(async () => {
  await cleanUp(
    ...TYPES.map(
      (type) => () => items[type] && wpRest('DELETE', `${COLLECTION[type]}/${items[type].id}?force=true`),
    ),
    removeFixture,
  );
});

describe('preview links with LAWFIRM_SITE_URL and LAWFIRM_PREVIEW_SECRET set', () => {
  it('go to the site with a token the site verifies, for editors; WordPress’s own for others', async () => {
    const from = now();
    const links = await phpPreviewLinks({ LAWFIRM_SITE_URL: SITE, LAWFIRM_PREVIEW_SECRET: SECRET });
    const to = now();
    expect(links.editor.user).toBeGreaterThan(0);
    for (const type of TYPES) {
      expectSitePreview(links.editor.links[type], {
        type,
        id: items[type].id,
        user: links.editor.user,
        from,
        to,
      });
      // A contributor may not edit someone else's draft, nobody may edit anything.
      expect(links.contributor.links[type]).toBe(links.wordpress.links[type]);
      expect(links.anonymous.links[type]).toBe(links.wordpress.links[type]);
      expectWordPressPreview(links.wordpress.links[type]);
    }
  });

  it('go to the site from the block editor: the REST link in the editing context and the autosave’s preview_link', async () => {
    for (const type of TYPES) {
      const { id } = items[type];
      const from = now();
      const edit = await rest<{ link: string }>('GET', `/wp/v2${COLLECTION[type]}/${id}?context=edit`, {
        headers: ON,
      });
      expect(edit.status, edit.text).toBe(200);
      expectSitePreview(edit.json.link, { type, id, user: botUser, from, to: now() });

      // The block editor's Preview of a draft saves it through /autosaves first.
      const saveFrom = now();
      const autosave = await rest<{ preview_link: string }>(
        'POST',
        `/wp/v2${COLLECTION[type]}/${id}/autosaves`,
        { headers: ON, body: { content: items[type].content } },
      );
      expect(autosave.status, autosave.text).toBe(200);
      expectSitePreview(autosave.json.preview_link, { type, id, user: botUser, from: saveFrom, to: now() });

      // Outside the editing context, `link` stays WordPress's address of the post.
      const view = await rest<{ link: string }>('GET', `/wp/v2${COLLECTION[type]}/${id}`, { headers: ON });
      expect(view.status, view.text).toBe(200);
      expect(view.json.link.startsWith(`${credentials().url}/`), view.json.link).toBe(true);
    }
  });
});

describe('without LAWFIRM_SITE_URL and LAWFIRM_PREVIEW_SECRET', () => {
  it('preview links stay WordPress’s own', async () => {
    const links = await phpPreviewLinks({ LAWFIRM_SITE_URL: '', LAWFIRM_PREVIEW_SECRET: '' });
    for (const type of TYPES) {
      expect(links.editor.links[type]).toBe(links.wordpress.links[type]);
      expectWordPressPreview(links.editor.links[type]);
    }
    const short = await phpPreviewLinks({ LAWFIRM_SITE_URL: SITE, LAWFIRM_PREVIEW_SECRET: 'too-short' });
    for (const type of TYPES) expect(short.editor.links[type]).toBe(short.wordpress.links[type]);
  });

  it('the block editor gets WordPress’s own link', async () => {
    for (const type of TYPES) {
      const { id } = items[type];
      const url = `/wp/v2${COLLECTION[type]}/${id}?context=edit`;
      const view = await rest<{ link: string }>('GET', `/wp/v2${COLLECTION[type]}/${id}`);
      const variants: Record<string, string>[] = [
        {},
        { [FIXTURE_SITE_URL_HEADER]: SITE },
        { ...ON, [FIXTURE_PREVIEW_SECRET_HEADER]: 'x'.repeat(31) },
      ];
      for (const headers of variants) {
        const edit = await rest<{ link: string }>('GET', url, { headers });
        expect(edit.status, edit.text).toBe(200);
        expect(edit.json.link, JSON.stringify(headers)).toBe(view.json.link);
        expect(edit.json.link.startsWith(`${credentials().url}/`)).toBe(true);
      }
      const autosave = await rest<{ preview_link: string }>(
        'POST',
        `/wp/v2${COLLECTION[type]}/${id}/autosaves`,
        {
          body: { content: items[type].content },
        },
      );
      expect(autosave.status, autosave.text).toBe(200);
      expectWordPressPreview(autosave.json.preview_link);
    }
  });
});

describe('what the site reads for a preview, with the application password', () => {
  it('practice areas keep revisions and autosaves like posts and pages', async () => {
    const res = await wpRest<{ supports: Record<string, boolean> }>(
      'GET',
      '/types/practice_area?context=edit',
    );
    expect(res.status).toBe(200);
    expect(res.json.supports).toMatchObject({ editor: true, revisions: true, autosave: true });
  });

  it('a draft’s raw content (context=edit) and its latest autosave, for all three types', async () => {
    for (const type of TYPES) {
      const { id, content } = items[type];
      const draft = await wpRest<{ status: string; content: { raw: string } }>(
        'GET',
        `${COLLECTION[type]}/${id}?context=edit`,
      );
      expect(draft.status, type).toBe(200);
      expect(draft.json.status).toBe('draft');
      expect(draft.json.content.raw).toBe(content);

      // A pending post keeps its text; the editor's unsaved changes go to an autosave beside it.
      const pending = await wpRest('POST', `${COLLECTION[type]}/${id}`, { body: { status: 'pending' } });
      expect(pending.status, JSON.stringify(pending.json)).toBe(200);
      const changed = content.replace('Draft', 'Autosaved change to the draft');
      const saved = await wpRest<{ id: number; parent: number }>(
        'POST',
        `${COLLECTION[type]}/${id}/autosaves`,
        {
          body: { content: changed, title: `Preview contract ${type}, autosaved` },
        },
      );
      expect(saved.status, JSON.stringify(saved.json)).toBe(200);
      expect(saved.json.id).not.toBe(id);
      expect(saved.json.parent).toBe(id);

      const autosaves = await wpRest<
        Array<{ id: number; parent: number; content: { raw: string }; title: { raw: string } }>
      >('GET', `${COLLECTION[type]}/${id}/autosaves?context=edit`);
      expect(autosaves.status, type).toBe(200);
      expect(
        autosaves.json.map((a) => ({ parent: a.parent, content: a.content.raw, title: a.title.raw })),
      ).toEqual([{ parent: id, content: changed, title: `Preview contract ${type}, autosaved` }]);
      const post = await wpRest<{ content: { raw: string } }>(
        'GET',
        `${COLLECTION[type]}/${id}?context=edit`,
      );
      expect(post.json.content.raw).toBe(content);

      // Without the application password, neither the draft nor its autosave is readable.
      const anonymous = await wpRest('GET', `${COLLECTION[type]}/${id}/autosaves?context=edit`, {
        auth: false,
      });
      expect(anonymous.status).toBe(401);
      const restored = await wpRest('POST', `${COLLECTION[type]}/${id}`, { body: { status: 'draft' } });
      expect(restored.status).toBe(200);
    }
  });
});

describe('Settings > Site gateway', () => {
  it('says previews go to the site when both constants are set', async () => {
    const page = await admin.get(SETTINGS_PAGE, ON);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`Previews on the site are on: previews go to ${SITE}`);
    expect(page.html).not.toContain('Previews on the site are off');
    expect(page.html).not.toContain(SECRET);
  });

  it('says previews on the site are off and which constant is missing or wrong', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, 'Previews on the site are off: LAWFIRM_SITE_URL is not set; LAWFIRM_PREVIEW_SECRET is not set.'],
      [
        { [FIXTURE_SITE_URL_HEADER]: SITE },
        'Previews on the site are off: LAWFIRM_PREVIEW_SECRET is not set.',
      ],
      [
        { [FIXTURE_PREVIEW_SECRET_HEADER]: SECRET },
        'Previews on the site are off: LAWFIRM_SITE_URL is not set.',
      ],
      [
        { ...ON, [FIXTURE_PREVIEW_SECRET_HEADER]: 'x'.repeat(31) },
        'Previews on the site are off: LAWFIRM_PREVIEW_SECRET is shorter than 32 characters.',
      ],
      [
        { ...ON, [FIXTURE_SITE_URL_HEADER]: `${SITE}/blog` },
        'Previews on the site are off: LAWFIRM_SITE_URL is not an address such as https://www.example.in',
      ],
    ];
    for (const [headers, notice] of cases) {
      const page = await admin.get(SETTINGS_PAGE, headers);
      expect(page.status).toBe(200);
      expect(page.html, JSON.stringify(headers)).toContain(notice);
      expect(page.html).not.toContain('Previews on the site are on');
    }
  });
});
