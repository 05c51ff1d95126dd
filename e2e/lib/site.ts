/** Where the site under test runs, and what it says about itself through its public GraphQL endpoint. */

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the browser tests with \`npm run test:e2e\` (e2e/run.mjs starts the site).`,
    );
  }
  return value.replace(/\/+$/, '');
}

export const BASE_URL = required('E2E_BASE_URL');
export const GATEWAY_URL = process.env.E2E_GATEWAY_URL?.replace(/\/+$/, '') ?? null;

export function url(path: string): string {
  return new URL(path, BASE_URL).href;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  location: string | null;
  body: string;
}

/** One request as a crawler makes it: no JavaScript, redirects not followed. */
export async function fetchRaw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const res = await fetch(url(path), {
    redirect: 'manual',
    headers: { 'user-agent': 'e2e-crawler', ...headers },
  });
  return {
    status: res.status,
    headers: res.headers,
    location: res.headers.get('location'),
    body: await res.text(),
  };
}

export async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(url('/graphql'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (!json.data || json.errors?.length) {
    throw new Error(`GraphQL ${res.status}: ${JSON.stringify(json.errors ?? json)}`);
  }
  return json.data;
}

export interface SiteFacts {
  site: {
    name: string;
    url: string;
    phone: string;
    phoneHref: string;
    email: string;
    whatsappUrl: string;
    socialLinks: { network: string; label: string; url: string }[];
    testimonials: {
      name: string;
      role: string;
      content: string;
      caseType: string;
      outcome: string;
      rating: number;
    }[];
  };
  practiceAreas: { slug: string; title: string; link: string; description: string }[];
  posts: { totalCount: number; nodes: PostFacts[] } | null;
  /** The English blog's categories, each counting its English posts. */
  categories: { slug: string; name: string; count: number }[];
  pages: { slug: string; uri: string }[];
}

export interface PostFacts {
  slug: string;
  uri: string;
  title: string;
  dateFormatted: string;
  readingTimeMinutes: number;
  authorName: string;
  toc: { id: string; text: string; level: number }[];
  categories: { slug: string }[];
  banner: { title: string; backgroundColor: string };
}

let facts: Promise<SiteFacts> | undefined;

/** The firm's configured details and the published content, as the gateway serves them to the site. */
export function siteFacts(): Promise<SiteFacts> {
  facts ??= gql<SiteFacts>(`{
    site {
      name url phone phoneHref email whatsappUrl
      socialLinks { network label url }
      testimonials { name role content caseType outcome rating }
    }
    practiceAreas { slug title link description }
    posts(first: 100, language: EN) {
      totalCount
      nodes {
        slug uri title dateFormatted readingTimeMinutes authorName
        toc { id text level }
        categories { slug }
        banner { title backgroundColor }
      }
    }
    categories(language: EN) { slug name count }
    pages(first: 100) { slug uri }
  }`);
  return facts;
}

/** The post the spec names (its old address redirects to it); the one with the richest contents. */
export const DIVORCE_POST = 'how-to-file-for-divorce-in-india';

/** Canonical practice pages of issue 3 and the brief §2 route table, with the titles of brief §2. */
export const PRACTICE_PAGES = [
  { slug: 'criminal-defense', title: 'Criminal Defence' },
  { slug: 'family-law', title: 'Family Law' },
  { slug: 'bail-hearings', title: 'Bail Hearings' },
  { slug: 'motor-accident', title: 'Motor Accident Claims' },
  { slug: 'cybercrime-defense', title: 'Cybercrime Defense' },
  { slug: 'domestic-violence', title: 'Domestic Violence' },
  { slug: 'divorce-advisory', title: 'Divorce Advisory' },
] as const;
