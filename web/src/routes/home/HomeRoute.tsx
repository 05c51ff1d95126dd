import { useLocation, type LoaderFunctionArgs } from 'react-router';
import { chakra } from '@chakra-ui/react';
import { graphql } from '../../gql';
import type { HomeQuery as HomeData, SeoSiteFragment } from '../../gql/graphql';
import { runQuery, settle, useReady, useRouteData, type QueryOutcome } from '../../app/route-data';
import { HttpStatus } from '../../app/render-context.js';
import { Head } from '../../components/Head.js';
import { absoluteUrl, breadcrumbJsonLd, legalServiceJsonLd, pageTitle } from '../../app/seo.js';
import { HeroSection } from './HeroSection.js';
import { AboutSection } from './AboutSection.js';
import { HomePracticeAreasQuery, PracticeAreasSection } from './PracticeAreasSection.js';
import { homeAliasFor, type HomeAlias } from '@site/content-model';
import { TestimonialsSection } from './TestimonialsSection.js';
import { ContactSection } from './ContactSection.js';

const HomeQuery = graphql(`
  query Home {
    site {
      ...SeoSite
      tagline
      ...AboutSite
      ...TestimonialsSite
      ...ContactSite
    }
  }
`);

const HOME_DESCRIPTION =
  'Criminal defence and family law advocates in Ghaziabad since 1985: bail hearings, arrests, divorce, custody, domestic violence, cybercrime and motor accident claims. 24/7 emergency line and a free first consultation.';

const SHARE_IMAGE = '/images/hero-1200x675.jpg';

function HomeHead({ site, alias }: { site: SeoSiteFragment; alias: HomeAlias | null }) {
  const firm = legalServiceJsonLd(site);
  if (alias) {
    return (
      <Head
        title={pageTitle(alias.title, site.name)}
        description={alias.description}
        canonical={absoluteUrl(site, alias.path)}
        ogImage={absoluteUrl(site, SHARE_IMAGE)}
        jsonLd={[
          firm,
          breadcrumbJsonLd(site, [
            { name: 'Home', path: '/' },
            { name: alias.label, path: alias.path },
          ]),
        ]}
      />
    );
  }
  const home = absoluteUrl(site, '/');
  return (
    <Head
      title={pageTitle(`Criminal Defence Lawyers in Ghaziabad Since ${site.established}`, site.name)}
      description={HOME_DESCRIPTION}
      canonical={home}
      ogImage={absoluteUrl(site, SHARE_IMAGE)}
      jsonLd={[
        firm,
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          '@id': `${site.url}/#website`,
          name: site.name,
          url: home,
          inLanguage: 'en-IN',
          publisher: { '@id': `${site.url}/#firm` },
        },
      ]}
    />
  );
}

export async function loader({ context }: LoaderFunctionArgs) {
  return settle(context, {
    home: runQuery(context, HomeQuery),
    practiceAreas: runQuery(context, HomePracticeAreasQuery),
  });
}

/** The home page, also answering on /about/, /practice-areas/, /testimonials/ and /contact-us/. */
export function Component() {
  const { home, practiceAreas } = useRouteData<typeof loader>();
  return <HomePage outcome={useReady(home) ?? null} practiceAreas={practiceAreas} />;
}

function HomePage({
  outcome,
  practiceAreas,
}: {
  outcome: QueryOutcome<HomeData> | null;
  practiceAreas: Parameters<typeof PracticeAreasSection>[0]['areas'];
}) {
  const { pathname } = useLocation();
  const alias = homeAliasFor(pathname);
  const site = outcome?.data?.site;
  const error = outcome?.error;
  // The list the cards show is the contact form's choice too (the same object while it is there).
  const areas = useReady(practiceAreas)?.data?.practiceAreas;
  return (
    <>
      {/* Without the firm's details the page lacks its phone numbers: never let a cache keep it. */}
      {error && !site && <HttpStatus code={503} />}
      {site ? (
        <HomeHead site={site} alias={alias} />
      ) : (
        <Head
          title={alias?.title ?? 'Criminal Defence Lawyers in Ghaziabad Since 1985'}
          description={alias?.description ?? HOME_DESCRIPTION}
        />
      )}
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
