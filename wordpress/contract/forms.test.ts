// A contact form in a body, as a form plugin leaves it in what the real WordPress renders (Contact
// Form 7's markup in a Custom HTML block, as its shortcode renders it; the plugin itself is not
// installed here), a search form beside it, and shortcodes no plugin answers (a form plugin's, a
// page builder's): through the gateway each contact form becomes a link to the site's own contact
// form, the search form goes, and so do the shortcodes, with none of their labels or brackets left
// behind (gateway/src/derive/forms.ts, shortcodes.ts). The post is published for the run and
// deleted afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPost, type PublishedPost } from './lib/published-post.js';
import { CONTRACT_SLUG_PREFIX } from './lib/wordpress.js';

const SLUG = `${CONTRACT_SLUG_PREFIX}forms`;

const CONTACT_FORM_7 = [
  '<div class="wpcf7 no-js" id="wpcf7-f5-p12-o1" lang="en-US" dir="ltr">',
  '<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul></div>',
  '<form action="/contact/#wpcf7-f5-p12-o1" method="post" class="wpcf7-form init" aria-label="Contact form" novalidate="novalidate" data-status="init">',
  '<p><label> Your name<br /><span class="wpcf7-form-control-wrap" data-name="your-name"><input size="40" type="text" name="your-name" /></span></label></p>',
  '<p><label> Your message (optional)<br /><span class="wpcf7-form-control-wrap" data-name="your-message"><textarea cols="40" rows="10" name="your-message"></textarea></span></label></p>',
  '<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Submit" /></p><div class="wpcf7-response-output" aria-hidden="true"></div>',
  '</form>',
  '</div>',
].join('');

const SAVED = [
  '<!-- wp:paragraph --><p>Write to us below.</p><!-- /wp:paragraph -->',
  `<!-- wp:html -->${CONTACT_FORM_7}<!-- /wp:html -->`,
  '<!-- wp:search {"label":"Search the archive","buttonText":"Search"} /-->',
  // A form plugin switched off: WordPress leaves its shortcode as typed.
  '<!-- wp:shortcode -->[contact-form-7 id="5" title="Contact form 1"]<!-- /wp:shortcode -->',
  '<!-- wp:paragraph --><p>[et_pb_text admin_label="Text"]Built with a page builder.[/et_pb_text]</p><!-- /wp:paragraph -->',
  '<!-- wp:paragraph --><p>We answer within a day.</p><!-- /wp:paragraph -->',
].join('\n');

let post: PublishedPost | undefined;

beforeAll(async () => {
  post = await publishPost({ slug: SLUG, title: 'Contract forms', content: SAVED });
});

afterAll(() => post?.close());

describe('forms in a body', () => {
  it('a contact form becomes a link to the contact form; a search form goes; no label is left', async () => {
    const source = await post!.rendered();
    // What WordPress sends: the contact form as saved, and its own search block rendered as a form.
    expect(source).toContain('<form action="/contact/#wpcf7-f5-p12-o1"');
    expect(source).toMatch(/<form role="search"[^>]*class="wp-block-search/);
    // The shortcodes as typed, their quotes curled by WordPress (wptexturize).
    expect(source).toContain('[contact-form-7 id=&#8221;5&#8243; title=&#8221;Contact form 1&#8243;]');
    expect(source).toContain('[et_pb_text admin_label=&#8221;Text&#8221;]');

    const answer = await post!.gw.query<{ post: { contentHtml: string } }>(
      'query ($slug: String!) { post(slug: $slug) { contentHtml } }',
      { slug: SLUG },
    );
    expect(answer.errors).toBeUndefined();
    const body = answer.data!.post.contentHtml;
    expect(body).toContain('<p>Write to us below.</p>');
    // The rendered form and the bare shortcode: a link each.
    expect(body.match(/<p><a href="\/contact-us\/">Send Us a Message<\/a><\/p>/g)).toHaveLength(2);
    expect(body).toContain('<p>Built with a page builder.</p>');
    expect(body).toContain('<p>We answer within a day.</p>');
    for (const label of ['Your name', 'Your message', 'Submit', 'Search the archive', '[', ']'])
      expect(body).not.toContain(label);
  });
});
