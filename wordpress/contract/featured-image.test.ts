// The companion plugin's `featured_image` field on the real WordPress for images a visitor may not
// see: a private attachment, and one attached to a draft, used as the featured image of a published
// post. Anonymous visitors (the gateway) get null, as /wp/v2/media refuses them the attachment; the
// editor gets the image. Public images are checked against /media in api.test.ts.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaOrDefault } from '../../gateway/src/derive/media.js';
import { featuredImage } from '../../gateway/src/sources/types.js';
import { cleanUp, deleteContractItems, rest } from './lib/companion.js';
import { CONTENT_DIR, CONTRACT_SLUG_PREFIX, credentials } from './lib/wordpress.js';

const PRIVATE_POST = `${CONTRACT_SLUG_PREFIX}private-image`;
const DRAFT = `${CONTRACT_SLUG_PREFIX}draft-with-image`;
const DRAFTS_IMAGE_POST = `${CONTRACT_SLUG_PREFIX}drafts-image`;

const attachments: number[] = [];

/** Uploads one of content/'s images as a new attachment (attached to `parent` when given). */
async function upload(name: string, parent?: number): Promise<number> {
  const { url, user, appPassword } = credentials();
  const file = path.join(CONTENT_DIR, 'uploads', '2026', '11', 'online-fraud-first-24-hours.jpg');
  const res = await fetch(`${url}/wp-json/wp/v2/media${parent ? `?post=${parent}` : ''}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`,
      'content-disposition': `attachment; filename=${name}.jpg`,
      'content-type': 'image/jpeg',
    },
    body: await readFile(file),
    signal: AbortSignal.timeout(20_000),
  });
  const json = (await res.json()) as { id: number };
  if (res.status !== 201) throw new Error(`upload ${name}: HTTP ${res.status}`);
  attachments.push(json.id);
  return json.id;
}

async function createPost(slug: string, status: 'publish' | 'draft', featured = 0): Promise<number> {
  const res = await rest<{ id: number }>('POST', '/wp/v2/posts', {
    body: { slug, title: slug, status, content: '<p>Contract test.</p>', featured_media: featured },
  });
  if (res.status !== 201) throw new Error(`post ${slug}: HTTP ${res.status} ${res.text}`);
  return res.json.id;
}

type Fields = { id: number; featured_media: number; featured_image?: unknown };

/** The post as the gateway asks for it (anonymous), or as the editor sees it. */
async function read(id: number, auth: boolean): Promise<Fields> {
  const res = await rest<Fields>('GET', `/wp/v2/posts/${id}?_fields=id,featured_media,featured_image`, {
    auth,
  });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

let privateImage = 0;
let privatePost = 0;
let draft = 0;
let draftsImage = 0;
let draftsImagePost = 0;

beforeAll(async () => {
  await deleteContractItems('/posts');
  privateImage = await upload(`${CONTRACT_SLUG_PREFIX}private`);
  const setPrivate = await rest('POST', `/wp/v2/media/${privateImage}`, { body: { status: 'private' } });
  expect(setPrivate.status, setPrivate.text).toBe(200);
  privatePost = await createPost(PRIVATE_POST, 'publish', privateImage);
  draft = await createPost(DRAFT, 'draft');
  draftsImage = await upload(`${CONTRACT_SLUG_PREFIX}drafts`, draft);
  const setFeatured = await rest('POST', `/wp/v2/posts/${draft}`, { body: { featured_media: draftsImage } });
  expect(setFeatured.status, setFeatured.text).toBe(200);
  draftsImagePost = await createPost(DRAFTS_IMAGE_POST, 'publish', draftsImage);
}, 60_000);

afterAll(async () => {
  await cleanUp(
    () => deleteContractItems('/posts'),
    ...attachments.map((id) => () => rest('DELETE', `/wp/v2/media/${id}?force=true`)),
  );
});

describe("the companion plugin's featured_image for images a visitor may not see", () => {
  it('a private attachment: null for anonymous visitors (as /media refuses it), the image for the editor', async () => {
    const anonymous = await read(privatePost, false);
    expect(anonymous).toEqual({ id: privatePost, featured_media: privateImage, featured_image: null });
    expect((await rest('GET', `/wp/v2/media/${privateImage}`, { auth: false })).status).toBe(401);
    // The gateway shows the default image, and knows nothing of the attachment.
    expect(featuredImage(anonymous)).toBeNull();
    expect(mediaOrDefault(featuredImage(anonymous))).toMatchObject({ isDefault: true });

    const editor = await read(privatePost, true);
    expect(editor.featured_image).toMatchObject({ id: privateImage, mime_type: 'image/jpeg' });
  });

  it('an attachment of a draft: null for anonymous visitors on a published post, the image for the editor (on the draft too)', async () => {
    expect((await rest('GET', `/wp/v2/media/${draftsImage}`, { auth: false })).status).toBe(401);
    expect(await read(draftsImagePost, false)).toEqual({
      id: draftsImagePost,
      featured_media: draftsImage,
      featured_image: null,
    });
    // The draft itself is no anonymous visitor's to read at all.
    expect((await rest('GET', `/wp/v2/posts/${draft}?_fields=featured_image`, { auth: false })).status).toBe(
      401,
    );

    const media = await rest<{ source_url: string; media_details: { width: number; height: number } }>(
      'GET',
      `/wp/v2/media/${draftsImage}`,
    );
    for (const id of [draft, draftsImagePost]) {
      expect((await read(id, true)).featured_image).toMatchObject({
        id: draftsImage,
        source_url: media.json.source_url,
        width: media.json.media_details.width,
        height: media.json.media_details.height,
      });
    }
  });
});
