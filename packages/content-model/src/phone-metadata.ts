// The numbering plans the contact form checks phone numbers against (libphonenumber-js metadata).
// The "min" plans of every country know only how many digits a number may have; India's "min" plan
// allows 8 to 13 digits, so a landline typed with a digit missing (0120 40019) would pass and the
// firm could not call back. India, where nearly every visitor writes from, gets its full plan (each
// range of numbers and its length); the rest of the world keeps "min" (the right country code and
// a possible length). Every plan's formats (how to print a number) are left out: the form parses
// and checks numbers and never prints one. That halves the plans the form downloads (10.8 KiB
// gzip, where "min" as published is 19 KiB and "max" 39 KiB).
//
// The browser bundle gets only the value this returns (web/build/phone-metadata.ts evaluates it at
// build time); the gateway, where size does not matter, imports both files and merges them at start.
import type { MetadataJson } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import minMetadata from 'libphonenumber-js/metadata.min.json';

/** Countries whose numbers are checked against their full plan rather than possible lengths. */
export const FULL_PLAN_COUNTRIES = ['IN'] as const;

/** Where a plan (metadata version 4) keeps its formats; only formatting reads them. */
const FORMATS = 4;

/** Every plan of a table (a country's or a non-geographic number's) without its formats. */
function withoutFormats(plans: object): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(plans as Record<string, unknown[]>).map(([code, plan]) => {
      const copy = [...plan];
      copy[FORMATS] = null;
      return [code, copy];
    }),
  );
}

export function phoneMetadata(): MetadataJson {
  if (minMetadata.version !== 4 || maxMetadata.version !== 4) {
    throw new Error(`phone-metadata: expected metadata version 4, got ${minMetadata.version}`);
  }
  const countries = { ...minMetadata.countries };
  for (const code of FULL_PLAN_COUNTRIES) countries[code] = maxMetadata.countries[code];
  return {
    ...minMetadata,
    countries: withoutFormats(countries) as unknown as MetadataJson['countries'],
    nonGeographic: withoutFormats(minMetadata.nonGeographic) as unknown as MetadataJson['nonGeographic'],
  };
}
