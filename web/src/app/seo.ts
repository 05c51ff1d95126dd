import { useTranslation } from 'react-i18next';
import { HTML_LANG, LANGUAGES, localizePath } from '@site/content-model';
import { graphql } from '../gql';
import type { SeoSiteFragment } from '../gql/graphql';
import { useLang } from '../i18n/use-lang';

/** What every route's head needs to know about the firm. */
graphql(`
  fragment SeoSite on Site {
    name
    url
    phone
    email
    established
    logo {
      url
    }
    defaultImage {
      url
    }
    address {
      streetAddress
      locality
      region
      postalCode
      country
    }
    officeHours {
      days
      hours
    }
    socialLinks {
      url
    }
  }
`);

export function pageTitle(title: string, siteName: string): string {
  const suffix = ` | ${siteName}`;
  return title && title !== siteName ? (title.endsWith(suffix) ? title : `${title}${suffix}`) : siteName;
}

export function absoluteUrl(site: Pick<SeoSiteFragment, 'url'>, path: string): string {
  return new URL(path, site.url).href;
}

/**
 * schema.org LegalService with the office hours of brief §1 (Mon–Sat 10:00–20:00, Sunday closed),
 * in the page's language as the gateway answered `site(language:)`. An organisation has no
 * `inLanguage`: it names the languages it serves its clients in (brief §10).
 */
export function legalServiceJsonLd(site: SeoSiteFragment): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': ['LegalService', 'Attorney'],
    '@id': `${site.url}/#firm`,
    name: site.name,
    url: site.url,
    logo: absoluteUrl(site, site.logo.url),
    image: absoluteUrl(site, site.defaultImage.url),
    telephone: site.phone,
    email: site.email,
    foundingDate: String(site.established),
    areaServed: { '@type': 'City', name: site.address.locality },
    knowsLanguage: LANGUAGES.map((lang) => HTML_LANG[lang]),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.streetAddress,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      postalCode: site.address.postalCode,
      addressCountry: site.address.country,
    },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '10:00',
        closes: '20:00',
      },
    ],
    sameAs: site.socialLinks.map((s) => s.url),
  };
}

export function breadcrumbJsonLd(
  site: Pick<SeoSiteFragment, 'url'>,
  items: { name: string; path: string }[],
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(site, item.path),
    })),
  };
}

/** The trail to a page from the home page, in the page's language. */
export function useBreadcrumbJsonLd(
  site: Pick<SeoSiteFragment, 'url'>,
  trail: { name: string; path: string }[],
): Record<string, unknown> {
  const { t } = useTranslation('page');
  const lang = useLang();
  return {
    ...breadcrumbJsonLd(site, [{ name: t('breadcrumbs.home'), path: localizePath(lang, '/') }, ...trail]),
    inLanguage: HTML_LANG[lang],
  };
}
