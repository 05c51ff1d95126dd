import { mediaPath } from '../media/address.js';
import { describe, expect, it } from 'vitest';
import { bannerFrom, expandHex } from './banner.js';

const defaults = { title: 'How to File for Divorce', description: 'A practical guide.' };

describe('bannerFrom', () => {
  it('uses the spec’s defaults without settings', () => {
    const expected = {
      backgroundColor: '#1a365d',
      textColor: '#ffffff',
      backgroundImage: null,
      overlayOpacity: 0.5,
      title: 'How to File for Divorce',
      description: 'A practical guide.',
      descriptionColor: '#ffffffCC',
    };
    expect(bannerFrom(null, defaults)).toEqual(expected);
    expect(bannerFrom(undefined, defaults)).toEqual(expected);
    expect(
      bannerFrom(
        {
          banner_background_color: '',
          banner_text_color: '',
          banner_background_image: '',
          banner_overlay_opacity: '',
          banner_title: '',
          banner_description: '',
        },
        defaults,
      ),
    ).toEqual(expected);
  });

  it('uses WordPress banner settings', () => {
    expect(
      bannerFrom(
        {
          banner_background_color: '#2D3748',
          banner_text_color: '#F7FAFC',
          banner_background_image: 'https://cms.firm.example/wp-content/uploads/court.jpg',
          banner_overlay_opacity: 70,
          banner_title: 'Divorce &amp; Separation',
          banner_description: 'What to expect &#8211; step by step',
        },
        defaults,
      ),
    ).toEqual({
      backgroundColor: '#2D3748',
      textColor: '#F7FAFC',
      backgroundImage: mediaPath('https://cms.firm.example/wp-content/uploads/court.jpg', 1280),
      overlayOpacity: 0.7,
      title: 'Divorce & Separation',
      description: 'What to expect – step by step',
      descriptionColor: '#F7FAFCCC',
    });
  });

  it('expands a three-digit text colour for the description colour', () => {
    expect(bannerFrom({ banner_text_color: '#fff' }, defaults)).toMatchObject({
      textColor: '#fff',
      descriptionColor: '#ffffffCC',
    });
    expect(bannerFrom({ banner_text_color: ' #A1b ' }, defaults)).toMatchObject({
      textColor: '#A1b',
      descriptionColor: '#AA11bbCC',
    });
  });

  it.each([
    ['red'],
    ['#12'],
    ['#1234'],
    ['#12345678'],
    ['#ggg'],
    ['rgb(0,0,0)'],
    ['#fff;background:url(javascript:alert(1))'],
    ['#fff}</style><script>alert(1)</script>'],
    ['expression(alert(1))'],
  ])('rejects the colour %j', (bad) => {
    expect(bannerFrom({ banner_background_color: bad, banner_text_color: bad }, defaults)).toMatchObject({
      backgroundColor: '#1a365d',
      textColor: '#ffffff',
      descriptionColor: '#ffffffCC',
    });
  });

  it.each([
    [0, 0],
    [100, 1],
    [150, 1],
    [-20, 0],
    [33, 0.33],
    ['75', 0.75],
    [' 25 ', 0.25],
    ['12.5', 0.125],
    ['', 0.5],
    ['abc', 0.5],
    ['50%', 0.5],
    ['1e2', 0.5],
    [Number.NaN, 0.5],
    [Number.POSITIVE_INFINITY, 0.5],
    [null, 0.5],
  ])('overlay %j -> %d', (value, opacity) => {
    expect(bannerFrom({ banner_overlay_opacity: value as number }, defaults).overlayOpacity).toBe(opacity);
  });

  it.each([
    // WordPress's images at the site's /media address; the site's own as they are.
    ['https://cms.firm.example/a.jpg', mediaPath('https://cms.firm.example/a.jpg', 1280)],
    ['/wp-content/uploads/a.jpg', mediaPath('/wp-content/uploads/a.jpg', 1280)],
    ['/images/banner.jpg', '/images/banner.jpg'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['//evil.example/a.jpg', null],
    ['a.jpg', null],
    ['https://x.example/a.jpg");background:red', null],
    ["/a.jpg') ; x", null],
    ['/a b.jpg', null],
    ['   ', null],
  ])('background image %j -> %j', (value, expected) => {
    expect(bannerFrom({ banner_background_image: value }, defaults).backgroundImage).toBe(expected);
  });

  it('falls back for title and description, and has no description when neither has one', () => {
    expect(bannerFrom({ banner_title: '  ' }, { title: 'Post &amp; title' })).toMatchObject({
      title: 'Post & title',
      description: null,
    });
    expect(bannerFrom({}, { title: 'T', description: null }).description).toBeNull();
    expect(
      bannerFrom({ banner_description: '<p>Own</p>' }, { title: 'T', description: 'Default' }).description,
    ).toBe('Own');
  });
});

describe('expandHex', () => {
  it('expands #rgb and leaves #rrggbb', () => {
    expect(expandHex('#abc')).toBe('#aabbcc');
    expect(expandHex('#a1b2c3')).toBe('#a1b2c3');
  });
});
