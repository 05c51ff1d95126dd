import { BUILT_IN_PRACTICE_AREAS, detectLanguage } from '@site/content-model';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE } from './media.js';
import { siteFromConfig, telHref } from './site.js';

const testimonialImage = (key: string, name: string) => ({
  id: `media:testimonial-${key}`,
  databaseId: 0,
  url: `/images/testimonials/${key}.jpg`,
  alt: name,
  caption: null,
  width: 160,
  height: 160,
  srcSet: null,
  mimeType: 'image/jpeg',
  isDefault: false,
});

describe('siteFromConfig', () => {
  it('has the firm’s published details by default', () => {
    const site = siteFromConfig({});
    expect(site).toMatchObject({
      name: 'Law Partners',
      url: 'http://localhost:3000',
      tagline: 'Criminal Defence Since 1985',
      phone: '+91 120 400 1985',
      phoneHref: 'tel:+911204001985',
      emergencyPhone: '+91 120 400 1985',
      emergencyPhoneHref: 'tel:+911204001985',
      email: 'info@lawpartners.example',
      whatsappUrl: 'https://wa.me/911204001985',
      established: 1985,
      replyPromise: 'We respond to all enquiries within 24 hours.',
      officeHours: [
        { days: 'Monday - Saturday', hours: '10AM - 8PM' },
        { days: 'Sunday', hours: 'Closed' },
      ],
      address: {
        streetAddress: 'Raj Nagar',
        locality: 'Ghaziabad',
        region: 'Uttar Pradesh',
        postalCode: '201002',
        country: 'IN',
      },
      socialLinks: [
        { network: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/' },
        { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/' },
        { network: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/' },
        { network: 'x', label: 'X', url: 'https://x.com/' },
      ],
      logo: {
        id: 'media:logo',
        databaseId: 0,
        url: '/logo.svg',
        alt: 'Law Partners logo',
        caption: null,
        width: null,
        height: null,
        srcSet: null,
        mimeType: 'image/svg+xml',
        isDefault: false,
      },
      defaultImage: DEFAULT_IMAGE,
    });
    expect(siteFromConfig(null)).toEqual(site);
    expect(siteFromConfig(undefined)).toEqual(site);
  });

  it('states exactly the claims of brief §1', () => {
    expect(siteFromConfig({}).stats).toEqual([
      { key: 'experience', value: '40+', label: 'Years Experience' },
      { key: 'cases', value: '900+', label: 'Successful Cases' },
      { key: 'success-rate', value: '95%', label: 'Success Rate' },
      { key: 'attorneys', value: '15', label: 'Expert Attorneys' },
      { key: 'availability', value: '24/7', label: 'Availability' },
      { key: 'established', value: '1985', label: 'Established' },
    ]);
  });

  it('has the three static testimonials', () => {
    const t = siteFromConfig({}).testimonials;
    expect(t.map(({ content: _c, ...rest }) => rest)).toEqual([
      {
        name: 'Priya S.',
        role: 'Business owner, Indirapuram',
        image: testimonialImage('priya', 'Priya S.'),
        caseType: 'Criminal Defence',
        outcome: 'Charges Reduced',
        rating: 5,
      },
      {
        name: 'Rajesh K.',
        role: 'Father of two, Vaishali',
        image: testimonialImage('rajesh', 'Rajesh K.'),
        caseType: 'Family Law',
        outcome: 'Custody Secured',
        rating: 5,
      },
      {
        name: 'Anita M.',
        role: 'Teacher, Raj Nagar',
        image: testimonialImage('anita', 'Anita M.'),
        caseType: 'Bail Hearings',
        outcome: 'Charges Dismissed',
        rating: 5,
      },
    ]);
    for (const { content } of t) expect(content.length).toBeGreaterThan(60);
  });

  it("links WhatsApp to the firm's own phone when no chat link is set", () => {
    expect(siteFromConfig({ phone: '+91 98100 12345' }).whatsappUrl).toBe('https://wa.me/919810012345');
    // Written the Indian way, without +91.
    expect(siteFromConfig({ phone: '098100 12345' }).whatsappUrl).toBe('https://wa.me/919810012345');
    // An explicit link wins; a number that is not one keeps the site's default.
    expect(
      siteFromConfig({ phone: '+91 98100 12345', whatsappUrl: 'https://wa.me/919999900000' }).whatsappUrl,
    ).toBe('https://wa.me/919999900000');
    expect(siteFromConfig({ phone: '+91 00000 00000' }).whatsappUrl).toBe('https://wa.me/911204001985');
    expect(siteFromConfig({}).whatsappUrl).toBe('https://wa.me/911204001985');
  });

  it('takes the firm’s details from configuration', () => {
    const site = siteFromConfig({
      name: '  Sharma & Associates ',
      url: 'https://www.sharma-law.example/',
      phone: '+91 98100 12345',
      email: 'contact@sharma-law.example',
      whatsappUrl: 'https://wa.me/919810012345',
      streetAddress: 'KJ-13, Kavi Nagar',
      social: {
        facebook: 'https://www.facebook.com/sharmalaw',
        instagram: 'https://www.instagram.com/sharmalaw',
        linkedin: 'https://www.linkedin.com/company/sharmalaw',
        x: 'https://x.com/sharmalaw',
      },
    });
    expect(site).toMatchObject({
      name: 'Sharma & Associates',
      url: 'https://www.sharma-law.example',
      phone: '+91 98100 12345',
      phoneHref: 'tel:+919810012345',
      emergencyPhone: '+91 98100 12345',
      emergencyPhoneHref: 'tel:+919810012345',
      email: 'contact@sharma-law.example',
      whatsappUrl: 'https://wa.me/919810012345',
      address: { streetAddress: 'KJ-13, Kavi Nagar', locality: 'Ghaziabad' },
      socialLinks: [
        { network: 'facebook', url: 'https://www.facebook.com/sharmalaw' },
        { network: 'instagram', url: 'https://www.instagram.com/sharmalaw' },
        { network: 'linkedin', url: 'https://www.linkedin.com/company/sharmalaw' },
        { network: 'x', url: 'https://x.com/sharmalaw' },
      ],
    });
    expect(site.logo.alt).toBe('Sharma & Associates logo');
    expect(siteFromConfig({ emergencyPhone: '0120-400-7777' })).toMatchObject({
      phone: '+91 120 400 1985',
      emergencyPhone: '0120-400-7777',
      emergencyPhoneHref: 'tel:01204007777',
    });
  });

  it('ignores empty or unusable configuration values', () => {
    const defaults = siteFromConfig({});
    expect(
      siteFromConfig({
        name: '  ',
        url: 'javascript:alert(1)',
        phone: 'call us',
        emergencyPhone: '123',
        email: 'not an email',
        whatsappUrl: 'http://wa.me/911204001985',
        streetAddress: '',
        social: {
          facebook: 'javascript:alert(1)',
          instagram: '//instagram.com/x',
          linkedin: null,
          x: 'ftp://x.com/',
        },
      }),
    ).toEqual(defaults);
  });

  it('gives every caller fresh objects', () => {
    const a = siteFromConfig({});
    a.stats[0]!.value = 'changed';
    a.testimonials[0]!.image.url = '/changed.jpg';
    a.defaultImage.alt = 'changed';
    const b = siteFromConfig({});
    expect(b.stats[0]?.value).toBe('40+');
    expect(b.testimonials[0]?.image.url).toBe('/images/testimonials/priya.jpg');
    expect(b.defaultImage.alt).toBe('Featured image');
  });
});

describe('siteFromConfig in Hindi (brief §10)', () => {
  it('is English unless Hindi is asked for', () => {
    expect(siteFromConfig({}, 'en')).toEqual(siteFromConfig({}));
  });

  it('says the fixed texts in Hindi, the figures in the same Western digits', () => {
    const en = siteFromConfig({});
    const hi = siteFromConfig({}, 'hi');
    expect(hi).toMatchObject({
      tagline: '1985 से फ़ौजदारी मामलों की पैरवी',
      replyPromise: 'हम हर पूछताछ का जवाब 24 घंटे के भीतर देते हैं।',
      officeHours: [
        { days: 'सोमवार से शनिवार', hours: 'सुबह 10 से रात 8 बजे तक' },
        { days: 'रविवार', hours: 'बंद' },
      ],
      address: {
        streetAddress: 'राज नगर',
        locality: 'गाज़ियाबाद',
        region: 'उत्तर प्रदेश',
        postalCode: '201002',
        country: 'IN',
      },
    });
    expect(hi.stats.map((s) => [s.key, s.value])).toEqual(en.stats.map((s) => [s.key, s.value]));
    expect(hi.stats.map((s) => s.value)).toEqual(['40+', '900+', '95%', '15', '24/7', '1985']);
    for (const stat of hi.stats) expect(detectLanguage(stat.label), stat.key).toBe('hi');
    expect(hi.socialLinks.map((l) => [l.network, l.url])).toEqual(
      en.socialLinks.map((l) => [l.network, l.url]),
    );
    expect(hi.socialLinks.map((l) => l.label)).toEqual(['फ़ेसबुक', 'इंस्टाग्राम', 'लिंक्डइन', 'एक्स']);
    expect(hi.logo).toEqual({ ...en.logo, alt: 'Law Partners का लोगो' });
    expect(hi.defaultImage).toEqual({ ...en.defaultImage, alt: 'मुख्य चित्र' });
  });

  it('keeps the clients’ names, pictures and ratings, and tells their stories in Hindi', () => {
    const en = siteFromConfig({}).testimonials;
    const hi = siteFromConfig({}, 'hi').testimonials;
    expect(hi.map((t) => [t.name, t.image, t.rating])).toEqual(en.map((t) => [t.name, t.image, t.rating]));
    expect(hi.map((t) => [t.role, t.caseType, t.outcome])).toEqual([
      ['व्यवसायी, इंदिरापुरम', 'आपराधिक बचाव', 'आरोपों में कमी'],
      ['दो बच्चों के पिता, वैशाली', 'पारिवारिक कानून', 'कस्टडी मिली'],
      ['शिक्षिका, राज नगर', 'जमानत की सुनवाई', 'आरोप खारिज'],
    ]);
    for (const t of hi) expect(detectLanguage(t.content), t.name).toBe('hi');
  });

  it('links the built-in areas by their Hindi names at their /hi/ addresses', () => {
    expect(siteFromConfig({}, 'hi').practiceLinks).toEqual(
      BUILT_IN_PRACTICE_AREAS.map((a) => ({ label: a.titles.hi, href: `/hi${a.link}` })),
    );
    expect(siteFromConfig({}).practiceLinks).toEqual(
      BUILT_IN_PRACTICE_AREAS.map((a) => ({ label: a.title, href: a.link })),
    );
  });

  it('shows what is configured as configured, in either language', () => {
    const config = {
      name: 'Sharma & Associates $&',
      phone: '+91 98100 12345',
      email: 'contact@sharma-law.example',
      streetAddress: 'KJ-13, Kavi Nagar',
    };
    const en = siteFromConfig(config);
    const hi = siteFromConfig(config, 'hi');
    for (const key of ['name', 'phone', 'phoneHref', 'email', 'whatsappUrl', 'url', 'established'] as const) {
      expect(hi[key], key).toEqual(en[key]);
    }
    expect(hi.address.streetAddress).toBe('KJ-13, Kavi Nagar');
    expect(hi.logo.alt).toBe('Sharma & Associates $& का लोगो');
  });

  it('gives every caller fresh objects', () => {
    const a = siteFromConfig({}, 'hi');
    a.officeHours[0]!.days = 'changed';
    a.stats[0]!.label = 'changed';
    a.testimonials[0]!.role = 'changed';
    const b = siteFromConfig({}, 'hi');
    expect(b.officeHours[0]?.days).toBe('सोमवार से शनिवार');
    expect(b.stats[0]?.label).toBe('वर्षों का अनुभव');
    expect(b.testimonials[0]?.role).toBe('व्यवसायी, इंदिरापुरम');
  });
});

describe('telHref', () => {
  it.each([
    ['+91 120 400 1985', 'tel:+911204001985'],
    ['(0120) 400-1985', 'tel:01204001985'],
    [' +91-98100-12345 ', 'tel:+919810012345'],
  ])('%j -> %j', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
