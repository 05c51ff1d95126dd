import { describe, expect, it } from 'vitest';
import { prepareContent } from './content.js';
import { isContactForm, replaceForms } from './forms.js';

const html = (body: string) => prepareContent(body, { memo: false }).html;

// Contact Form 7 5.x as WordPress renders its shortcode in a page.
const CONTACT_FORM_7 = `<div class="wpcf7 no-js" id="wpcf7-f5-p12-o1" lang="en-US" dir="ltr" data-wpcf7-id="5">
<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p> <ul></ul></div>
<form action="/contact/#wpcf7-f5-p12-o1" method="post" class="wpcf7-form init" aria-label="Contact form" novalidate="novalidate" data-status="init">
<div style="display: none;"><input type="hidden" name="_wpcf7" value="5" /><input type="hidden" name="_wpnonce" value="0a1b2c" /></div>
<p><label> Your name<br />
<span class="wpcf7-form-control-wrap" data-name="your-name"><input size="40" class="wpcf7-form-control wpcf7-text wpcf7-validates-as-required" aria-required="true" aria-invalid="false" value="" type="text" name="your-name" /></span> </label></p>
<p><label> Your email<br />
<span class="wpcf7-form-control-wrap" data-name="your-email"><input size="40" class="wpcf7-form-control wpcf7-email" aria-required="true" value="" type="email" name="your-email" /></span> </label></p>
<p><label> Your message (optional)<br />
<span class="wpcf7-form-control-wrap" data-name="your-message"><textarea cols="40" rows="10" class="wpcf7-form-control wpcf7-textarea" name="your-message"></textarea></span> </label></p>
<p><input class="wpcf7-form-control wpcf7-submit has-spinner" type="submit" value="Submit" /></p><div class="wpcf7-response-output" aria-hidden="true"></div>
</form>
</div>`;

describe('isContactForm', () => {
  it("knows the contact-form plugins' forms by their class or id", () => {
    expect(isContactForm({ class: 'wpcf7-form init' })).toBe(true);
    expect(isContactForm({ class: 'wpforms-validate wpforms-form wpforms-ajax-form' })).toBe(true);
    expect(isContactForm({ id: 'gform_3', class: '' })).toBe(true);
    expect(isContactForm({ class: 'search-form', role: 'search' })).toBe(false);
    expect(isContactForm({})).toBe(false);
  });
});

describe('a form in a body', () => {
  it("a plugin's contact form becomes a link to the site's contact form, its labels and box gone", () => {
    const out = html(`<p>Write to us below.</p>\n${CONTACT_FORM_7}\n<p>We answer within a day.</p>`);
    expect(out).toBe(
      '<p>Write to us below.</p>\n<p><a href="/contact-us/">Send Us a Message</a></p>\n<p>We answer within a day.</p>',
    );
  });

  it('in a Hindi body, links to the Hindi contact form, in Hindi', () => {
    const out = html(`<p>नीचे दिए फ़ॉर्म से हमें लिखें।</p>${CONTACT_FORM_7}`);
    expect(out).toContain('<p><a href="/hi/contact-us/">हमें संदेश भेजें</a></p>');
    expect(out).not.toContain('Your name');
  });

  it('a form of its own with a message box is a contact form too; any other form goes whole', () => {
    expect(
      html(
        '<form action="https://cms.example/x" method="post"><label>Message <textarea></textarea></label><button>Send</button></form>',
      ),
    ).toBe('<p><a href="/contact-us/">Send Us a Message</a></p>');
    expect(
      html(
        '<p>Search:</p><form role="search" class="search-form"><label>Search for: <input name="s"></label><input type="submit" value="Search"></form><p>After.</p>',
      ),
    ).toBe('<p>Search:</p><p>After.</p>');
    // A newsletter sign-up: an e-mail field, no message.
    expect(
      html('<form class="mc4wp-form"><p><label>Email address: <input type="email"></label></p></form>'),
    ).toBe('');
  });

  it('a form inside another goes with it; a link inside a paragraph stays in it', () => {
    expect(html('<form class="wpforms-form"><form><textarea></textarea></form></form>')).toBe(
      '<p><a href="/contact-us/">Send Us a Message</a></p>',
    );
    expect(html('<p>Or: <a data-contact-form="">x</a></p>')).toBe(
      '<p>Or: <a href="/contact-us/">Send Us a Message</a></p>',
    );
  });

  it('leaves a body without a form as it is, and costs one parse for thousands of forms', () => {
    const plain = '<p>No form here, only the word form.</p>';
    expect(replaceForms(plain)).toBe(plain);
    const many = '<form class="wpcf7-form"><textarea></textarea></form>'.repeat(5000);
    const out = html(many);
    expect(out.match(/<a href="\/contact-us\/">/g)).toHaveLength(5000);
  });
});
