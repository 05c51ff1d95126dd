import { describe, expect, it } from 'vitest';
import { prepareContent } from './content.js';

describe('tables in content', () => {
  it('are wrapped in a focusable region labelled by their caption', () => {
    const { html } = prepareContent(
      '<figure class="wp-block-table"><table><caption>Court fees</caption><tr><td>1</td></tr></table></figure><p>after</p>',
    );
    expect(html).toBe(
      '<figure class="wp-block-table"><div class="table-scroll" role="region" tabindex="0" aria-label="Court fees">' +
        '<table><caption>Court fees</caption><tr><td>1</td></tr></table></div></figure><p>after</p>',
    );
  });

  it("of WordPress's table block are labelled by the figure's caption", () => {
    const { html } = prepareContent(
      '<figure class="wp-block-table"><table><tr><td>1</td></tr></table>' +
        '<figcaption class="wp-element-caption">Indicative <em>fees</em> only.</figcaption></figure>',
    );
    expect(html).toContain(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Indicative fees only.">',
    );
  });

  it('fall back to a generic label and keep their neighbours in order', () => {
    const { html } = prepareContent('<p>a</p><table><tr><td>x</td></tr></table><p>b</p>');
    expect(html).toMatch(
      /^<p>a<\/p><div class="table-scroll" role="region" tabindex="0" aria-label="Table"><table>/,
    );
    expect(html.endsWith('</table></div><p>b</p>')).toBe(true);
  });

  it('cannot be forged by content: a region attribute written by an editor is dropped', () => {
    const { html } = prepareContent('<div role="region" tabindex="5" onclick="x()">t</div>');
    expect(html).toBe('<div>t</div>');
  });
});
