import { describe, expect, it } from 'vitest';
import { prepareContent } from './content.js';
import { makeExcerpt } from './excerpt.js';
import { stripShortcodeText } from './shortcodes.js';

const html = (body: string) => prepareContent(body, { memo: false }).html;

describe('shortcodes no plugin answered', () => {
  it("a form plugin's becomes a link to the site's contact form, in the body's language", () => {
    expect(html('<p>Write to us:</p>\n<p>[contact-form-7 id="5" title="Contact form 1"]</p>')).toBe(
      '<p>Write to us:</p>\n<p><a href="/contact-us/">Send Us a Message</a></p>',
    );
    expect(html('[wpforms id="12"]')).toBe('<p><a href="/contact-us/">Send Us a Message</a></p>');
    // As the real WordPress sends an unanswered one: its quotes curled by wptexturize.
    expect(html('<p>[contact-form-7 id=&#8221;5&#8243; title=&#8221;Contact form 1&#8243;]</p>')).toBe(
      '<p><a href="/contact-us/">Send Us a Message</a></p>',
    );
    expect(html('<p>[et_pb_text admin_label=&#8221;Text&#8221;]Text[/et_pb_text]</p>')).toBe('<p>Text</p>');
    expect(html('<p>नीचे लिखें [contact-form-7 id="5"]</p>')).toBe(
      '<p>नीचे लिखें <a href="/hi/contact-us/">हमें संदेश भेजें</a></p>',
    );
  });

  it("a page builder's go, their text stays; a paragraph left empty goes", () => {
    expect(
      html(
        '[et_pb_section fb_built="1"][et_pb_row][et_pb_column type="4_4"][et_pb_text]<p>Real text.</p>[/et_pb_text][/et_pb_column][/et_pb_row][/et_pb_section]',
      ),
    ).toBe('<p>Real text.</p>');
    expect(html('<p>[gallery ids="1,2"]</p><p>After</p>')).toBe('<p>After</p>');
    expect(html('<p>[vc_row][vc_column]In a row[/vc_column][/vc_row]</p>')).toBe('<p>In a row</p>');
  });

  it('leaves the brackets of legal writing, and shortcodes shown as code', () => {
    const legal = '<p>Section [1] of the Act [sic], see [2018] 3 SCC 22 [emphasis added] and [A].</p>';
    expect(html(legal)).toBe(legal);
    expect(html('<pre>[gallery ids="1"]</pre><p>Use <code>[contact-form-7 id="5"]</code>.</p>')).toBe(
      '<pre>[gallery ids="1"]</pre><p>Use <code>[contact-form-7 id="5"]</code>.</p>',
    );
  });

  it('reads a body of unclosed brackets in one pass (a hostile body)', () => {
    const unclosed = '[a x=1 '.repeat(50_000);
    expect(html(`<p>${unclosed}</p>`)).toBe(`<p>${unclosed}</p>`);
    expect(html(`<p>${'[x_y]'.repeat(100_000)}</p>`)).toBe('');
  });

  it('inside a link: taken out, no link in a link', () => {
    expect(html('<p><a href="/x">see [contact-form-7 id="1"]</a></p>')).toBe('<p><a href="/x">see </a></p>');
  });

  it('are taken out of excerpts and of the words counted for the reading time', () => {
    expect(makeExcerpt('<p>[et_pb_text]Bail is the rule [sic].[/et_pb_text] [&hellip;]</p>')).toBe(
      'Bail is the rule [sic]...',
    );
    expect(prepareContent('<p>[et_pb_text admin_label="Text"]one two three[/et_pb_text]</p>').words).toBe(3);
    expect(stripShortcodeText('a [x_y] b [/x_y] [sic]')).toBe('a  b  [sic]');
  });
});
