import {
  BUILT_IN_PRACTICE_AREAS,
  findBuiltInPracticeArea,
  ICON_NAMES,
  type BuiltInPracticeArea,
  type BuiltInPracticeAreaSlug,
} from '@site/content-model';
import type { ContentOrigin, Feature, IconName, Media, PracticeArea } from '../generated/resolvers.js';
import { prepareContent } from './content.js';
import type { SanitizeOptions } from './sanitize.js';
import { lastModifiedWithOffset } from './date.js';
import { makeExcerpt } from './excerpt.js';
import { mediaOrDefault } from './media.js';
import { mergeSeo } from './seo.js';
import { htmlToText, toWellFormed } from './text.js';
import type { WpFeatureItemLike, WpMediaLike, WpPageLike, WpPracticeAreaLike } from './types.js';

export type { Feature, IconName, PracticeArea };

const ICON_BY_KEY = new Map<string, IconName>(ICON_NAMES.map((name) => [name.toLowerCase(), name]));

/**
 * An icon name from WordPress input, matched without regard to case or separators ("file-text",
 * "FILE_TEXT" -> FileText); anything unknown becomes `fallback`.
 */
export function toIconName(value: unknown, fallback: IconName): IconName {
  if (typeof value !== 'string') return fallback;
  return ICON_BY_KEY.get(value.replace(/[\s_-]+/g, '').toLowerCase()) ?? fallback;
}

/**
 * What the site says about a built-in area (whose name, slugs and icon are in @site/content-model)
 * wherever its WordPress content says nothing.
 */
export interface BuiltInPracticeAreaCopy {
  description: string;
  heroSubtitle: string;
  servicesTitle: string;
  services: readonly Feature[];
  whyChooseTitle: string;
  whyChooseUs: readonly Feature[];
}

function frozenCopy(c: BuiltInPracticeAreaCopy): BuiltInPracticeAreaCopy {
  return Object.freeze({
    ...c,
    services: Object.freeze(c.services.map((f) => Object.freeze({ ...f }))),
    whyChooseUs: Object.freeze(c.whyChooseUs.map((f) => Object.freeze({ ...f }))),
  });
}

/** brief §2: the copy of each built-in area, by its canonical slug (frozen: every request shares it). */
const BUILT_IN_COPY: Readonly<Record<BuiltInPracticeAreaSlug, BuiltInPracticeAreaCopy>> = Object.freeze({
  'criminal-defense': frozenCopy({
    description:
      'Defence in criminal cases before the courts in Ghaziabad and the Allahabad High Court, from the first police notice to the final hearing.',
    heroSubtitle: 'Careful, prompt representation when you are accused of an offence.',
    servicesTitle: 'Criminal Defence Services',
    services: [
      {
        icon: 'FileText',
        title: 'FIR and Investigation Stage',
        description:
          'Advice on an FIR or a police notice, your rights during questioning and what to keep on record while the investigation runs.',
      },
      {
        icon: 'Clock',
        title: 'Bail and Anticipatory Bail',
        description:
          'Applications for regular and anticipatory bail before the Sessions Court and the High Court, prepared with the documents courts ask for.',
      },
      {
        icon: 'Scale',
        title: 'Trial Defence',
        description:
          'Representation at trial: scrutiny of the charge sheet, arguments on charge, cross-examination of witnesses and final arguments.',
      },
      {
        icon: 'Shield',
        title: 'Quashing Petitions',
        description:
          'Petitions before the Allahabad High Court to quash proceedings that disclose no offence or have been settled between the parties.',
      },
      {
        icon: 'Award',
        title: 'Appeals and Revisions',
        description: 'Criminal appeals and revisions against conviction, sentence or interim orders.',
      },
    ],
    whyChooseTitle: 'Why Clients Trust Our Criminal Defence Team',
    whyChooseUs: [
      {
        icon: 'Award',
        title: 'Practising Since 1985',
        description:
          'Four decades of criminal practice in the district courts of Ghaziabad and western Uttar Pradesh.',
      },
      {
        icon: 'Clock',
        title: 'Reachable Around the Clock',
        description: 'An emergency line for arrests, raids and urgent bail matters, day or night.',
      },
      {
        icon: 'FileText',
        title: 'Current With the New Codes',
        description:
          'We work under the Bharatiya Nyaya Sanhita and the BNSS as well as the IPC and CrPC that still govern older cases.',
      },
      {
        icon: 'Shield',
        title: 'Confidential Advice',
        description:
          'What you tell us stays between you and your advocate, protected by professional privilege.',
      },
    ],
  }),
  'family-law': frozenCopy({
    description:
      'Advice and representation in matrimonial, maintenance, custody and guardianship matters before the Family Court in Ghaziabad.',
    heroSubtitle: 'Practical guidance through family disputes, with your children’s welfare in view.',
    servicesTitle: 'Family Law Services',
    services: [
      {
        icon: 'Heart',
        title: 'Divorce and Judicial Separation',
        description:
          'Petitions by mutual consent or on contested grounds under the Hindu Marriage Act and the Special Marriage Act.',
      },
      {
        icon: 'Users',
        title: 'Child Custody and Visitation',
        description:
          'Custody, guardianship and visitation arrangements argued on the welfare of the child, including under the Guardians and Wards Act.',
      },
      {
        icon: 'FileText',
        title: 'Maintenance',
        description:
          'Claims and defence for maintenance of a spouse, children and parents, interim and final, under the applicable personal laws and the BNSS.',
      },
      {
        icon: 'Home',
        title: 'Restitution and Matrimonial Property',
        description:
          'Petitions for restitution of conjugal rights and the return of stridhan and other matrimonial property.',
      },
      {
        icon: 'Scale',
        title: 'Mediation and Settlement',
        description:
          'Representation in court-annexed mediation and the drafting of settlement terms that courts will record.',
      },
    ],
    whyChooseTitle: 'Why Families Choose Us',
    whyChooseUs: [
      {
        icon: 'Heart',
        title: 'Sensitive Handling',
        description:
          'Family cases are personal; we keep you informed and treat every detail with discretion.',
      },
      {
        icon: 'Scale',
        title: 'Settlement Where Possible',
        description:
          'We explore mediation first when it serves you, and prepare fully for trial when it does not.',
      },
      {
        icon: 'Users',
        title: 'One Team for Linked Cases',
        description:
          'Matrimonial disputes often run alongside criminal complaints; one team keeps the strategy consistent.',
      },
    ],
  }),
  'bail-hearings': frozenCopy({
    description:
      'Urgent help with regular, interim and anticipatory bail before the Magistrate, Sessions Court and High Court.',
    heroSubtitle: 'When liberty is at stake, the first hours matter.',
    servicesTitle: 'Bail Services',
    services: [
      {
        icon: 'Shield',
        title: 'Anticipatory Bail',
        description:
          'Applications for protection from arrest when you expect to be named or arrested in a case.',
      },
      {
        icon: 'Clock',
        title: 'Regular Bail',
        description:
          'Bail applications after arrest before the Magistrate or the Sessions Court, and in the High Court.',
      },
      {
        icon: 'FileText',
        title: 'Default Bail',
        description:
          'Applications for statutory bail when the charge sheet is not filed within the period the law allows.',
      },
      {
        icon: 'Scale',
        title: 'Bail Conditions',
        description:
          'Applications to modify or relax onerous bail conditions, and help with sureties and bonds.',
      },
    ],
    whyChooseTitle: 'Why Choose Us for Bail',
    whyChooseUs: [
      {
        icon: 'Clock',
        title: '24/7 Emergency Line',
        description: 'Arrests happen at any hour; so does our first response.',
      },
      {
        icon: 'FileText',
        title: 'Prepared Applications',
        description: 'We gather the case papers, antecedents and surety documents that bail courts expect.',
      },
      {
        icon: 'Award',
        title: 'Experience Since 1985',
        description: 'Decades of bail practice in the courts of Ghaziabad and at the Allahabad High Court.',
      },
    ],
  }),
  'motor-accident': frozenCopy({
    description:
      'Compensation claims for road accident injuries and deaths before the Motor Accident Claims Tribunal in Ghaziabad.',
    heroSubtitle: 'Help with the paperwork and the claim, so you can focus on recovery.',
    servicesTitle: 'Motor Accident Claim Services',
    services: [
      {
        icon: 'Car',
        title: 'Injury Claims',
        description:
          'Claims for medical expenses, loss of income and pain and suffering under the Motor Vehicles Act, 1988.',
      },
      {
        icon: 'Heart',
        title: 'Death Claims for Families',
        description:
          'Claims by the dependants of a person killed in a road accident, including loss of dependency.',
      },
      {
        icon: 'FileText',
        title: 'Documentation',
        description:
          'Collecting the FIR, medical records, income proof and vehicle and insurance papers a claim needs.',
      },
      {
        icon: 'Shield',
        title: 'Dealing With Insurers',
        description: 'Representation against insurance companies, including settlement talks and Lok Adalat.',
      },
      {
        icon: 'Scale',
        title: 'Appeals',
        description:
          'Appeals to the High Court against Tribunal awards, by claimants or in defence of an award.',
      },
    ],
    whyChooseTitle: 'Why Choose Us for Accident Claims',
    whyChooseUs: [
      {
        icon: 'FileText',
        title: 'Thorough Evidence',
        description: 'Compensation depends on proof; we build the record of expenses and income carefully.',
      },
      {
        icon: 'Users',
        title: 'Support for Families',
        description: 'We explain each step of the claim in plain language to the family.',
      },
      {
        icon: 'Clock',
        title: 'Timely Filing',
        description: 'We file promptly and follow the claim through every hearing at the Tribunal.',
      },
    ],
  }),
  'cybercrime-defense': frozenCopy({
    description:
      'Defence and advice in cases under the Information Technology Act and related offences, and help for victims of online fraud.',
    heroSubtitle: 'Digital cases need lawyers who understand the evidence.',
    servicesTitle: 'Cybercrime Services',
    services: [
      {
        icon: 'Shield',
        title: 'Defence in IT Act Cases',
        description:
          'Representation in cases of alleged hacking, identity theft, online cheating and publishing obscene material.',
      },
      {
        icon: 'Monitor',
        title: 'Online Fraud Complaints',
        description:
          'Help for victims to report fraud on the national cybercrime portal or helpline 1930 and to follow up with the police and banks.',
      },
      {
        icon: 'FileText',
        title: 'Electronic Evidence',
        description:
          'Review of the electronic records and certificates the prosecution relies on, and of how they were collected.',
      },
      {
        icon: 'Users',
        title: 'Social Media Harassment',
        description: 'Complaints and court remedies for online stalking, impersonation and defamation.',
      },
      {
        icon: 'Clock',
        title: 'Bail in Cyber Cases',
        description: 'Bail and anticipatory bail applications in cases registered by cyber police stations.',
      },
    ],
    whyChooseTitle: 'Why Choose Us for Cybercrime Matters',
    whyChooseUs: [
      {
        icon: 'Monitor',
        title: 'Technical Understanding',
        description: 'We read call records, device extractions and transaction trails alongside the law.',
      },
      {
        icon: 'Shield',
        title: 'Privacy First',
        description: 'Your devices, accounts and personal data are handled with strict confidentiality.',
      },
      {
        icon: 'Clock',
        title: 'Quick Action',
        description: 'In fraud cases, early reporting can matter; we help you act the same day.',
      },
    ],
  }),
  'domestic-violence': frozenCopy({
    description:
      'Protection, residence and maintenance orders under the Protection of Women from Domestic Violence Act, 2005, and representation for family members facing allegations.',
    heroSubtitle: 'Safety first, then a clear legal path forward.',
    servicesTitle: 'Domestic Violence Services',
    services: [
      {
        icon: 'Shield',
        title: 'Protection Orders',
        description:
          'Applications before the Magistrate for protection orders that restrain further violence.',
      },
      {
        icon: 'Home',
        title: 'Residence Orders',
        description:
          'Orders protecting the right to live in the shared household, or for alternative accommodation.',
      },
      {
        icon: 'FileText',
        title: 'Monetary Relief and Maintenance',
        description: 'Claims for maintenance, medical costs and loss of earnings arising from the violence.',
      },
      {
        icon: 'Users',
        title: 'Custody Orders',
        description: 'Temporary custody of children while proceedings are pending.',
      },
      {
        icon: 'Scale',
        title: 'Defending Allegations',
        description:
          'Representation of family members facing complaints of cruelty or dowry demands, with attention to the facts of each person’s role.',
      },
    ],
    whyChooseTitle: 'Why Choose Us',
    whyChooseUs: [
      {
        icon: 'Heart',
        title: 'Respectful and Discreet',
        description: 'We listen first and keep every conversation confidential.',
      },
      {
        icon: 'Clock',
        title: 'Urgent Help',
        description:
          'Our emergency line can help you reach the police, a Protection Officer or the court quickly.',
      },
      {
        icon: 'Scale',
        title: 'Both Civil and Criminal Remedies',
        description:
          'We advise on how the Domestic Violence Act and criminal complaints fit together in your case.',
      },
    ],
  }),
  'divorce-advisory': frozenCopy({
    description:
      'Clear advice on whether and how to seek a divorce, by mutual consent or on contested grounds, and what it means for children, maintenance and property.',
    heroSubtitle: 'Understand your options before you decide.',
    servicesTitle: 'Divorce Advisory Services',
    services: [
      {
        icon: 'Heart',
        title: 'Mutual Consent Divorce',
        description:
          'Drafting the joint petition and settlement terms under Section 13B of the Hindu Marriage Act, including when the waiting period may be waived.',
      },
      {
        icon: 'Scale',
        title: 'Contested Divorce',
        description:
          'Assessment of the grounds available to you, the evidence needed and how long a contested case can take.',
      },
      {
        icon: 'FileText',
        title: 'Settlement Agreements',
        description:
          'Terms on alimony, stridhan, custody and pending cases, drafted so that the court can record them.',
      },
      {
        icon: 'Users',
        title: 'Custody Planning',
        description: 'Arrangements for custody and visitation that put the children’s welfare first.',
      },
      {
        icon: 'Users',
        title: 'Inter-faith and NRI Marriages',
        description:
          'Advice on divorce under the Special Marriage Act and on marriages with a spouse living abroad.',
      },
    ],
    whyChooseTitle: 'Why Choose Our Divorce Advisory',
    whyChooseUs: [
      {
        icon: 'Heart',
        title: 'Honest Assessment',
        description: 'We tell you what the law allows and what to expect, not what you might want to hear.',
      },
      {
        icon: 'Shield',
        title: 'Confidential Consultations',
        description: 'Your first conversation with us stays private, whatever you decide.',
      },
      {
        icon: 'Award',
        title: 'Family Law Experience',
        description: 'Years of matrimonial practice before the Family Court in Ghaziabad.',
      },
    ],
  }),
});

/** The copy of a built-in area. */
export function builtInCopy(area: BuiltInPracticeArea): BuiltInPracticeAreaCopy {
  return BUILT_IN_COPY[area.slug];
}

export interface PracticeAreaHelpers {
  siteName: string;
  /** Origin of the public site (canonical URLs are built on it). */
  siteUrl: string;
  /**
   * Media already fetched for this request, by WordPress id: a mapped Media or the raw attachment.
   * Passed in so the derivation stays pure.
   */
  media?: (id: number) => Media | WpMediaLike | null | undefined;
  /** The WordPress edit screen for a post/page id, when there is a WordPress to edit in. */
  editUrl?: (id: number) => string | null | undefined;
  /** How bodies are sanitised (internal hosts, links to make site-relative). */
  content?: SanitizeOptions;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rendered(value: unknown): string {
  return isRecord(value) && typeof value.rendered === 'string' ? value.rendered : '';
}

function plain(value: unknown): string {
  return typeof value === 'string' ? htmlToText(value) : '';
}

function positiveId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Feature items from page_structure; items without a title are dropped. */
export function featuresFromWp(items: unknown, fallbackIcon: IconName): Feature[] {
  if (!Array.isArray(items)) return [];
  const out: Feature[] = [];
  for (const item of items as unknown[]) {
    if (!isRecord(item)) continue;
    const i = item as WpFeatureItemLike;
    const title = plain(i.title);
    if (title === '') continue;
    out.push({ icon: toIconName(i.icon, fallbackIcon), title, description: plain(i.description) });
  }
  return out;
}

function lookupMedia(helpers: PracticeAreaHelpers, id: unknown, alt: string): Media | null {
  const mediaId = positiveId(id);
  if (mediaId === null || !helpers.media) return null;
  const found = helpers.media(mediaId);
  if (found === null || found === undefined) return null;
  const media = mediaOrDefault(found, { fallbackAlt: alt });
  return media.isDefault ? null : media;
}

function contentHtml(page: WpPageLike, options: SanitizeOptions = {}): string | null {
  const raw = rendered(page.content);
  if (raw.trim() === '') return null;
  const html = prepareContent(raw, options).html.trim();
  return html === '' ? null : html;
}

function editUrlFor(helpers: Pick<PracticeAreaHelpers, 'editUrl'>, id: unknown): string | null {
  const wpId = positiveId(id);
  if (wpId === null || !helpers.editUrl) return null;
  return helpers.editUrl(wpId) ?? null;
}

function canonicalFor(siteUrl: string, link: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${link}`;
}

/**
 * What one practice area is made of. A built-in area (brief §2) takes its content from a
 * `practice_area` post whose slug names it when there is one, else from its WordPress page (brief §7);
 * built-in data fills every gap. Without a built-in area, the post is the area (/practice/{slug}/).
 */
export interface PracticeAreaParts {
  builtIn: BuiltInPracticeArea | null;
  page: WpPageLike | null;
  post: WpPracticeAreaLike | null;
}

/** What a card, a link and the admin list show: known from a list, without a body or an image. */
export interface PracticeAreaCard {
  id: string;
  slug: string;
  title: string;
  /** Null when only the body can tell: a practice_area post without an excerpt. */
  description: string | null;
  icon: IconName;
  link: string;
  origin: ContentOrigin;
  editUrl: string | null;
  modified: string | null;
}

function record<T extends object>(value: T | null | undefined): T | null {
  return isRecord(value) ? value : null;
}

function slugOf(wp: WpPracticeAreaLike): string {
  const slug = typeof wp.slug === 'string' ? wp.slug.trim().toLowerCase() : '';
  // WordPress stores non-ASCII slugs percent-encoded; anything else unexpected is encoded here so the
  // link stays one path segment.
  if (/^[a-z0-9%-]+$/.test(slug) && slug !== '') return slug;
  if (slug !== '') return encodeURIComponent(toWellFormed(slug));
  const id = positiveId(wp.id);
  return id === null ? 'practice-area' : `practice-area-${id}`;
}

function excerptOf(post: WpPracticeAreaLike): string {
  return makeExcerpt(rendered(post.excerpt), 200);
}

function modifiedOf(wp: WpPageLike): string | null {
  return lastModifiedWithOffset(wp) || null;
}

export function practiceAreaCard(
  parts: PracticeAreaParts,
  helpers: Pick<PracticeAreaHelpers, 'editUrl'>,
): PracticeAreaCard {
  const post = record(parts.post);
  const wp = post ?? record(parts.page);
  const { builtIn } = parts;
  if (builtIn) {
    return {
      id: `practice-area:${builtIn.slug}`,
      slug: builtIn.slug,
      title: (wp && plain(rendered(wp.title))) || builtIn.title,
      // A page's excerpt was never written for a card; a practice area's is.
      description: (post && excerptOf(post)) || builtInCopy(builtIn).description,
      icon: post ? toIconName(post.practice_icon, builtIn.icon) : builtIn.icon,
      link: builtIn.link,
      origin: wp ? 'WORDPRESS' : 'BUILT_IN',
      editUrl: wp ? editUrlFor(helpers, wp.id) : null,
      modified: wp ? modifiedOf(wp) : null,
    };
  }
  const own = post ?? {};
  const slug = slugOf(own);
  const databaseId = positiveId(own.id);
  return {
    id: databaseId === null ? `practice_area:${slug}` : `practice_area:${databaseId}`,
    slug,
    title: plain(rendered(own.title)) || 'Practice Area',
    description: excerptOf(own) || null,
    icon: toIconName(own.practice_icon, 'Scale'),
    link: `/practice/${slug}/`,
    origin: 'WORDPRESS',
    editUrl: editUrlFor(helpers, own.id),
    modified: modifiedOf(own),
  };
}

/** The description of an area whose card has none: the post's excerpt, else its body. */
export function practiceAreaDescription(parts: PracticeAreaParts, card: PracticeAreaCard): string {
  if (card.description !== null) return card.description;
  const post = record(parts.post);
  return post ? makeExcerpt(rendered(post.content), 200) : '';
}

/** The whole area: the card's fields and the body, structure, image and SEO. */
export function practiceAreaOf(parts: PracticeAreaParts, helpers: PracticeAreaHelpers): PracticeArea {
  const card = practiceAreaCard(parts, helpers);
  // Built-in data fills every gap WordPress leaves.
  const fallback = parts.builtIn ? builtInCopy(parts.builtIn) : null;
  const wp = record(parts.post) ?? record(parts.page);
  const structure = isRecord(wp?.page_structure) ? wp.page_structure : {};
  const description = practiceAreaDescription(parts, card);
  const services = featuresFromWp(structure.services_items, 'Scale');
  const whyChooseUs = featuresFromWp(structure.why_choose_items, 'Award');
  const featuredImage = wp
    ? (lookupMedia(helpers, wp.featured_media, card.title) ??
      lookupMedia(helpers, structure.hero_image, card.title))
    : null;
  const copies = (features: readonly Feature[]) => features.map((f) => ({ ...f }));
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    description,
    icon: card.icon,
    link: card.link,
    contentHtml: wp ? contentHtml(wp, helpers.content) : null,
    heroSubtitle: plain(structure.hero_subtitle) || fallback?.heroSubtitle || null,
    servicesTitle: plain(structure.services_title) || fallback?.servicesTitle || null,
    services: services.length > 0 || !fallback ? services : copies(fallback.services),
    whyChooseTitle: plain(structure.why_choose_title) || fallback?.whyChooseTitle || null,
    whyChooseUs: whyChooseUs.length > 0 || !fallback ? whyChooseUs : copies(fallback.whyChooseUs),
    featuredImage,
    origin: card.origin,
    editUrl: card.editUrl,
    modified: card.modified,
    seo: mergeSeo({
      yoast: wp?.yoast_head_json ?? null,
      seoMeta: wp?.seo_meta ?? null,
      title: card.title,
      description,
      canonical: canonicalFor(helpers.siteUrl, card.link),
      image: featuredImage?.url ?? null,
      siteName: helpers.siteName,
    }),
  };
}

/**
 * A built-in area with its WordPress page's content inserted when there is one (brief §2): the
 * WordPress title when it is not empty, the sanitised body, page_structure's hero subtitle, titles
 * and items (icons normalised: Scale for services, Award for why-choose), and the featured image.
 * Built-in data fills every gap.
 */
export function mergePracticeArea(
  builtIn: BuiltInPracticeArea,
  wpPage: WpPageLike | null | undefined,
  helpers: PracticeAreaHelpers,
): PracticeArea {
  return practiceAreaOf({ builtIn, page: wpPage ?? null, post: null }, helpers);
}

/** A `practice_area` custom post (brief §2 /practice/{slug}) as a PracticeArea. */
export function practiceAreaFromWp(wp: WpPracticeAreaLike, helpers: PracticeAreaHelpers): PracticeArea {
  return practiceAreaOf({ builtIn: null, page: null, post: wp }, helpers);
}

function menuOrder(post: WpPracticeAreaLike): number {
  return typeof post.menu_order === 'number' && Number.isFinite(post.menu_order) ? post.menu_order : 0;
}

const titleOrder = new Intl.Collator('en', { sensitivity: 'base' });

/** WordPress's "Order" (menu_order, lower first), then the title, then the older post first. */
export function comparePracticeAreaPosts(a: WpPracticeAreaLike, b: WpPracticeAreaLike): number {
  return (
    menuOrder(a) - menuOrder(b) ||
    titleOrder.compare(plain(rendered(a.title)), plain(rendered(b.title))) ||
    (positiveId(a.id) ?? 0) - (positiveId(b.id) ?? 0)
  );
}

export interface PracticeAreaListEntry<P extends WpPracticeAreaLike> {
  builtIn: BuiltInPracticeArea | null;
  post: P | null;
}

/**
 * Every practice area in the order the site lists them: the seven built-in areas in brief §2's order,
 * then the practice_area posts by comparePracticeAreaPosts. A post whose slug names a built-in area
 * (its slug, its WordPress page's slug or an old address of it) is that area's content instead, in
 * its place and at its address; when several name one area, the one with its exact slug wins, else
 * the first in order, and the others are left out (their addresses lead to the area anyway).
 */
export function practiceAreaList<P extends WpPracticeAreaLike>(
  posts: readonly P[],
): PracticeAreaListEntry<P>[] {
  const sorted = posts.filter((p) => isRecord(p)).sort(comparePracticeAreaPosts);
  const replacing = new Map<BuiltInPracticeArea, P>();
  const own: P[] = [];
  for (const post of sorted) {
    const builtIn = typeof post.slug === 'string' ? findBuiltInPracticeArea(post.slug) : undefined;
    if (!builtIn) {
      own.push(post);
      continue;
    }
    const current = replacing.get(builtIn);
    const exact = (p: P) => slugOf(p) === builtIn.slug;
    if (!current || (exact(post) && !exact(current))) replacing.set(builtIn, post);
  }
  return [
    ...BUILT_IN_PRACTICE_AREAS.map((builtIn) => ({ builtIn, post: replacing.get(builtIn) ?? null })),
    ...own.map((post) => ({ builtIn: null, post })),
  ];
}
