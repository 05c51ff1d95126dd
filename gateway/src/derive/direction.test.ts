import { describe, expect, it } from 'vitest';
import { prepareContent } from './content.js';
import { firstLetterDirection, hasRightToLeft } from './direction.js';

describe('hasRightToLeft', () => {
  it('finds Urdu, Arabic and Hebrew letters, not Latin or Devanagari', () => {
    expect(hasRightToLeft('ضمانت کی درخواست')).toBe(true);
    expect(hasRightToLeft('שלום')).toBe(true);
    expect(hasRightToLeft('Bail under section 480 BNSS')).toBe(false);
    expect(hasRightToLeft('जमानत की अर्जी')).toBe(false);
    expect(hasRightToLeft('')).toBe(false);
  });
});

describe('firstLetterDirection', () => {
  it('is set by the first letter, past digits and punctuation', () => {
    expect(firstLetterDirection('480 BNSS کے تحت')).toBe('ltr');
    expect(firstLetterDirection('1. دفعہ 480')).toBe('rtl');
    expect(firstLetterDirection('«जमानत»')).toBe('ltr');
    expect(firstLetterDirection('2026 — 480')).toBeNull();
  });
});

describe('text direction in a body', () => {
  const body =
    '<h2>ضمانت کیسے ملتی ہے؟</h2><p>دفعہ 480 BNSS کے تحت۔</p><p>In English.</p>' +
    '<ul><li>پہلا نکتہ</li><li>Second point, in English</li></ul>' +
    '<p dir="ltr">کیا Kept as the editor set it.</p>' +
    '<table><tbody><tr><th>دستاویز</th><th>Document</th></tr><tr><td>شناختی کارڈ</td><td>ID card</td></tr></tbody></table>';

  it('gives an Urdu block, list or table the right-to-left direction, and English inside it its own', () => {
    const html = prepareContent(body, { memo: false }).html;
    expect(html).toContain('<h2 id="ضمانت-کیسے-ملتی-ہے" dir="rtl">');
    expect(html).toContain('<p dir="rtl">دفعہ 480 BNSS کے تحت۔</p>');
    expect(html).toContain('<p>In English.</p>');
    // The list is Urdu by its first item: its bullets on the right; its English item reads from the left.
    expect(html).toContain(
      '<ul dir="rtl"><li>پہلا نکتہ</li><li dir="ltr">Second point, in English</li></ul>',
    );
    expect(html).toContain('<p dir="ltr">کیا Kept as the editor set it.</p>');
    expect(html).toContain(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Table" dir="rtl"><table><tbody><tr><th>دستاویز</th><th dir="ltr">Document</th></tr>',
    );
    expect(html).toContain('<td dir="ltr">ID card</td>');
  });

  it('leaves a body without any right-to-left letter as it was', () => {
    const plain = '<h2>Bail</h2><p>जमानत की अर्जी, section 480.</p><ul><li>One</li></ul>';
    expect(prepareContent(plain, { memo: false }).html).not.toContain('dir=');
  });
});
