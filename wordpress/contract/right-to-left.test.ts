// A post written in Urdu, as the block editor saves it and the real WordPress renders it, through the
// gateway: its blocks read from the right (gateway/src/derive/direction.ts), the English inside it
// from the left, and its title and excerpt keep their letters as WordPress stored them. The post is
// published for the run and deleted afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPost, type PublishedPost } from './lib/published-post.js';
import { CONTRACT_SLUG_PREFIX } from './lib/wordpress.js';

const SLUG = `${CONTRACT_SLUG_PREFIX}urdu`;
const TITLE = 'ضمانت کیسے ملتی ہے؟';

const SAVED = [
  '<!-- wp:paragraph --><p>گرفتاری کے بعد FIR کی کاپی حاصل کریں۔ کیا آپ کو وکیل کی ضرورت ہے؟</p><!-- /wp:paragraph -->',
  '<!-- wp:heading --><h2 class="wp-block-heading">پہلا قدم: وکیل سے رابطہ</h2><!-- /wp:heading -->',
  '<!-- wp:paragraph --><p>An English paragraph in the same post.</p><!-- /wp:paragraph -->',
  '<!-- wp:list --><ul class="wp-block-list"><!-- wp:list-item --><li>پہلا نکتہ</li><!-- /wp:list-item --><!-- wp:list-item --><li>Second point</li><!-- /wp:list-item --></ul><!-- /wp:list -->',
  '<!-- wp:table --><figure class="wp-block-table"><table><tbody><tr><td>دستاویز</td><td>Document</td></tr></tbody></table></figure><!-- /wp:table -->',
].join('\n');

let post: PublishedPost | undefined;

beforeAll(async () => {
  post = await publishPost({ slug: SLUG, title: TITLE, content: SAVED });
});

afterAll(() => post?.close());

describe('a post in Urdu', () => {
  it('reads from the right, block by block, with the English in it from the left', async () => {
    const rendered = await post!.rendered();
    // WordPress sets no direction of its own.
    expect(rendered).not.toContain('dir=');

    const answer = await post!.gw.query<{
      post: { title: string; contentHtml: string; toc: Array<{ text: string }> };
    }>('query ($slug: String!) { post(slug: $slug) { title contentHtml toc { text } } }', { slug: SLUG });
    expect(answer.errors).toBeUndefined();
    const { title, contentHtml, toc } = answer.data!.post;
    expect(title).toBe(TITLE);
    expect(toc).toEqual([{ text: 'پہلا قدم: وکیل سے رابطہ' }]);
    expect(contentHtml).toContain('<p dir="rtl">گرفتاری کے بعد FIR کی کاپی حاصل کریں۔');
    expect(contentHtml).toMatch(/<h2 id="[^"]+" class="wp-block-heading" dir="rtl">پہلا قدم/);
    expect(contentHtml).toContain('<p>An English paragraph in the same post.</p>');
    expect(contentHtml).toContain(
      '<ul class="wp-block-list" dir="rtl"><li>پہلا نکتہ</li><li dir="ltr">Second point</li></ul>',
    );
    expect(contentHtml).toMatch(/<figure class="wp-block-table" dir="rtl">.*<td dir="ltr">Document<\/td>/s);
  });
});
