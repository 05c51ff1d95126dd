// A post that links a file from WordPress's media library by a root-relative address
// (`/wp-content/uploads/…`, as content moved from another install or written by hand has it), through
// the real WordPress and the gateway: on the public site that address is not there, so the link
// resolves against WordPress's own public address (its REST index's `url`), where the file answers.
// The file and the post are made for the run and deleted afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteMedia, uploadMedia } from './lib/media.js';
import { publishPost, type PublishedPost } from './lib/published-post.js';
import { CONTRACT_SLUG_PREFIX, credentials } from './lib/wordpress.js';

const SLUG = `${CONTRACT_SLUG_PREFIX}file-links`;
/** A PDF of one empty page: enough for WordPress to take it into its library. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let post: PublishedPost | undefined;
let mediaId = 0;
let filePath = '';

beforeAll(async () => {
  const file = await uploadMedia(`${CONTRACT_SLUG_PREFIX}bail-form.pdf`, 'application/pdf', PDF);
  mediaId = file.id;
  filePath = new URL(file.source_url).pathname;
  post = await publishPost({
    slug: SLUG,
    title: 'Contract file links',
    content: [
      `<!-- wp:paragraph --><p>Fill in <a href="${filePath}">the bail form</a> before the hearing.</p><!-- /wp:paragraph -->`,
      '<!-- wp:paragraph --><p>Then read <a href="/blog/">the blog</a>.</p><!-- /wp:paragraph -->',
    ].join('\n'),
  });
}, 120_000);

afterAll(async () => {
  await post?.close();
  if (mediaId) await deleteMedia(mediaId);
});

describe("a root-relative link to a file in WordPress's media library", () => {
  it("points at WordPress's public address, where the file is; the site's own paths stay the site's", async () => {
    // WordPress leaves the address as the editor wrote it.
    expect(await post!.rendered()).toContain(`href="${filePath}"`);
    const index = (await (await fetch(`${credentials().url}/wp-json/`)).json()) as { url: string };
    const expected = new URL(filePath, index.url).href;

    // The first answer may come before the gateway has read WordPress's index (then the address it
    // reaches WordPress at, the same one here); either way the link is absolute on WordPress.
    for (let i = 0; i < 2; i += 1) {
      const answer = await post!.gw.query<{ post: { contentHtml: string } }>(
        'query ($slug: String!) { post(slug: $slug) { contentHtml } }',
        { slug: SLUG },
      );
      expect(answer.errors).toBeUndefined();
      const html = answer.data!.post.contentHtml;
      expect(html).toContain(`<a href="${expected}">the bail form</a>`);
      expect(html).toContain('<a href="/blog/">the blog</a>');
    }
    const file = await fetch(expected, { signal: AbortSignal.timeout(20_000) });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
