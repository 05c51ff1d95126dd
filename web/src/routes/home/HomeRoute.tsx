import { useLocation, type LoaderFunctionArgs } from 'react-router';
import { chakra } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { SeoSiteFragment } from '../../gql/graphql';
import { useTranslation } from 'react-i18next';
import { requestLanguage, runQuery, settle, useReady, useRouteData } from '../../app/route-data';
import { HttpStatus } from '../../app/render-context.js';
import { Head } from '../../components/Head.js';
import { absoluteUrl, breadcrumbJsonLd, legalServiceJsonLd, pageTitle } from '../../app/seo.js';
import { HeroSection } from './HeroSection.js';
import { AboutSection } from './AboutSection.js';
import { HomePracticeAreasQuery, PracticeAreasSection } from './PracticeAreasSection.js';
import {
  HTML_LANG,
  homeAliasCopy,
  homeAliasFor,
  localizePath,
  splitLangPath,
  type HomeAlias,
} from '@site/content-model';
import { useLang } from '../../i18n/use-lang';
import { TestimonialsSection } from './TestimonialsSection.js';
import { ContactSection } from './ContactSection.js';

const HomeQuery = graphql(`
  query Home($language: Language = EN) {
    site(language: $language) {
      ...SeoSite
      tagline
      ...AboutSite
      ...TestimonialsSite
      ...ContactSite
    }
  }
`);

const SHARE_IMAGE = '/images/hero-1200x675.jpg';

/** The home page's head, or an alias's (/about/, ...); without the firm's details, its title and description. */
function HomeHead({ site, alias }: { site: SeoSiteFragment | undefined; alias: HomeAlias | null }) {
  const { t } = useTranslation('home');
  const lang = useLang();
  const copy = alias && homeAliasCopy(alias, lang);
  const title = copy ? copy.title : t('seo.title', { year: site?.established ?? 1985 });
  const description = copy ? copy.description : t('seo.description');
  if (!site) return <Head title={title} description={description} />;
  return (
    <Head
      title={pageTitle(title, site.name)}
      description={description}
      // The English address: the server gives a Hindi page its own canonical (entry-server.tsx).
      canonical={absoluteUrl(site, alias ? alias.path : '/')}
      ogImage={absoluteUrl(site, SHARE_IMAGE)}
      jsonLd={[
        legalServiceJsonLd(site),
        copy
          ? // A BreadcrumbList has no inLanguage (schema.org ItemList): its names are the page's language.
            breadcrumbJsonLd(site, [
              { name: t('common:nav.home'), path: localizePath(lang, '/') },
              { name: copy.label, path: copy.path },
            ])
          : {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              '@id': `${site.url}/#website`,
              name: site.name,
              url: absoluteUrl(site, localizePath(lang, '/')),
              inLanguage: HTML_LANG[lang],
              publisher: { '@id': `${site.url}/#firm` },
            },
      ]}
    />
  );
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const language = requestLanguage(request);
  return settle({
    home: runQuery(context, HomeQuery, { language }),
    practiceAreas: runQuery(context, HomePracticeAreasQuery, { language }),
  });
}

/**
 * The home page, also answering on /about/, /practice-areas/, /testimonials/ and /contact-us/, and
 * on their Hindi twins under /hi/ (brief §10).
 */
export function Component() {
  const { home, practiceAreas } = useRouteData<typeof loader>();
  const { pathname } = useLocation();
  const alias = homeAliasFor(splitLangPath(pathname).path);
  const outcome = useReady(home);
  const site = outcome?.data?.site;
  const error = outcome?.error;
  // The list the cards show is the contact form's choice too (the same object while it is there).
  const areas = useReady(practiceAreas)?.data?.practiceAreas;
  return (
    <>
      {/* Without the firm's details the page lacks its phone numbers: never let a cache keep it. */}
      {error && !site && <HttpStatus code={503} />}
      <HomeHead site={site} alias={alias} />
      <HeroSection established={site?.established ?? 1985} phone={site?.phone} phoneHref={site?.phoneHref} />
      <AboutSection site={site} />
      <PracticeAreasSection areas={practiceAreas} />
      <TestimonialsSection site={site} />
      <ContactSection site={site} practiceAreas={areas} />
      {/* /about/, /contact-us/, ...: the page opens at the section (web/src/boot/sections.ts). */}
      {alias && <chakra.span hidden data-open-at={alias.section} />}
    </>
  );
}
