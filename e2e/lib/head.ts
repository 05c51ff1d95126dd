import type { Page } from 'playwright-core';

export interface HeadFacts {
  lang: string;
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  /** Each JSON-LD block parsed; a block that does not parse is reported in `jsonLdErrors`. */
  jsonLd: unknown[];
  jsonLdErrors: string[];
}

/** The document head as the page has it now (with JavaScript off: as the server sent it). */
export function readHead(page: Page): Promise<HeadFacts> {
  return page.evaluate(() => {
    const meta = (sel: string) => document.head.querySelector<HTMLMetaElement>(sel)?.content ?? null;
    const og: Record<string, string> = {};
    const twitter: Record<string, string> = {};
    for (const m of Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[property^="og:"]'))) {
      og[m.getAttribute('property')!.slice(3)] = m.content;
    }
    for (const m of Array.from(document.head.querySelectorAll<HTMLMetaElement>('meta[name^="twitter:"]'))) {
      twitter[m.name.slice(8)] = m.content;
    }
    const jsonLd: unknown[] = [];
    const jsonLdErrors: string[] = [];
    for (const s of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
      try {
        const v: unknown = JSON.parse(s.textContent ?? '');
        if (Array.isArray(v)) jsonLd.push(...(v as unknown[]));
        else jsonLd.push(v);
      } catch (err) {
        jsonLdErrors.push(`${String(err)} in ${(s.textContent ?? '').slice(0, 120)}`);
      }
    }
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: meta('meta[name="description"]'),
      canonical:
        document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: meta('meta[name="robots"]'),
      og,
      twitter,
      jsonLd,
      jsonLdErrors,
    };
  });
}

/** JSON-LD nodes of a schema.org type, looking inside @graph too. */
export function ldOfType(nodes: unknown[], type: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const visit = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    const o = n as Record<string, unknown>;
    const t = o['@type'];
    if (t === type || (Array.isArray(t) && t.includes(type))) out.push(o);
    if (Array.isArray(o['@graph'])) (o['@graph'] as unknown[]).forEach(visit);
  };
  nodes.forEach(visit);
  return out;
}
