// What the block editor saves, as the real WordPress renders it, through the gateway: a heading's
// "HTML anchor" and a link to it, footnote markup, a YouTube embed (no network here, so WordPress
// leaves the bare address in the block, as it does whenever it cannot fetch a player), a player pasted
// as an <iframe> in a Custom HTML block, and an empty heading. The post is published for the run and
// deleted afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessGateway, type InProcessGateway } from './lib/gateway.js';
import { CONTRACT_SLUG_PREFIX, createPost, credentials, deletePost, wpRest } from './lib/wordpress.js';

const SLUG = `${CONTRACT_SLUG_PREFIX}blocks`;
const FN = '3f2b6c1e-0a4d-4c1e-9b7a-1d2e3f4a5b6c';

// The block editor's saved markup (post_content), block comments included.
const SAVED = [
  `<!-- wp:paragraph --><p>Bail is the rule.<sup data-fn="${FN}" class="fn"><a href="#${FN}" id="${FN}-link">1</a></sup> See <a href="#where-to-apply">where to apply</a>.</p><!-- /wp:paragraph -->`,
  '<!-- wp:heading --><h2 class="wp-block-heading" id="where-to-apply">Where to apply</h2><!-- /wp:heading -->',
  '<!-- wp:heading --><h2 class="wp-block-heading"></h2><!-- /wp:heading -->',
  '<!-- wp:embed {"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ","type":"video","providerNameSlug":"youtube","responsive":true} -->',
  '<figure class="wp-block-embed is-type-video is-provider-youtube wp-block-embed-youtube"><div class="wp-block-embed__wrapper">',
  'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  '</div><figcaption class="wp-element-caption">Our partner explains bail.</figcaption></figure>',
  '<!-- /wp:embed -->',
  '<!-- wp:html --><iframe title="Our office" src="https://www.google.com/maps/embed?pb=1" width="600" height="450" loading="lazy"></iframe><!-- /wp:html -->',
  `<!-- wp:html --><ol class="wp-block-footnotes"><li id="${FN}">(2018) 3 SCC 22. <a href="#${FN}-link" aria-label="Jump to footnote reference 1">↩︎</a></li></ol><!-- /wp:html -->`,
].join('\n');

let gw: InProcessGateway;
let id = 0;

beforeAll(async () => {
  const post = await createPost({ slug: SLUG, status: 'publish', title: 'Contract blocks', content: SAVED });
  id = post.id;
  gw = await inProcessGateway(credentials().url);
});

afterAll(async () => {
  await gw?.close();
  if (id) await deletePost(id, true);
});

describe("the block editor's anchors, footnotes and embeds", () => {
  it('WordPress renders them as the gateway expects, and the gateway keeps them working', async () => {
    const rendered = await wpRest<{ content: { rendered: string } }>('GET', `/posts/${id}?_fields=content`, {
      auth: false,
    });
    const html = rendered.json.content.rendered;
    // What the gateway relies on in WordPress's answer.
    expect(html).toContain('<h2 class="wp-block-heading" id="where-to-apply">');
    expect(html).toMatch(
      /<div class="wp-block-embed__wrapper">\s*https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ\s*<\/div>/,
    );
    expect(html).toContain('<iframe title="Our office"');

    const answer = await gw.query<{
      post: { contentHtml: string; toc: Array<{ id: string; text: string }> };
    }>('query ($slug: String!) { post(slug: $slug) { contentHtml toc { id text } } }', { slug: SLUG });
    expect(answer.errors).toBeUndefined();
    const { contentHtml, toc } = answer.data!.post;
    expect(toc).toEqual([{ id: 'where-to-apply', text: 'Where to apply' }]);
    expect(contentHtml).toContain('<h2 class="wp-block-heading" id="where-to-apply">Where to apply</h2>');
    expect(contentHtml).toContain(`<a href="#${FN}" id="${FN}-link">1</a>`);
    expect(contentHtml).toContain(
      `<li id="${FN}">(2018) 3 SCC 22. <a href="#${FN}-link" aria-label="Jump to footnote reference 1">↩︎</a></li>`,
    );
    expect(contentHtml).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="nofollow noopener noreferrer">Watch the video on YouTube</a>',
    );
    expect(contentHtml).toContain(
      '<a href="https://www.google.com/maps/embed?pb=1" rel="nofollow noopener noreferrer">Our office (on google.com)</a>',
    );
    expect(contentHtml).not.toMatch(/<iframe|<h2[^>]*><\/h2>/);
  });
});
