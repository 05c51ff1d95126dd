import { gzipSync } from 'node:zlib';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import minMetadata from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import { FULL_PLAN_COUNTRIES, phoneMetadata } from './phone-metadata.js';

/** Where a plan keeps its formats. */
const FORMATS = 4;

const gzip = (value: unknown) => gzipSync(JSON.stringify(value), { level: 9 }).length;
const withoutFormats = (plan: unknown) => (plan as unknown[]).map((v, i) => (i === FORMATS ? null : v));

describe('phoneMetadata', () => {
  it('carries India\'s full plan and every other country\'s "min" plan, without formats, in less than "min"', () => {
    const merged = phoneMetadata();
    expect(FULL_PLAN_COUNTRIES).toEqual(['IN']);
    expect(merged.countries.IN).toEqual(withoutFormats(maxMetadata.countries.IN));
    expect(merged.countries.GB).toEqual(withoutFormats(minMetadata.countries.GB));
    const countries = Object.values(merged.countries) as unknown as unknown[][];
    expect(countries.filter((plan) => plan[FORMATS] != null)).toEqual([]);
    expect(Object.keys(merged.countries)).toHaveLength(Object.keys(minMetadata.countries).length);
    expect(Object.keys(merged.nonGeographic)).toHaveLength(Object.keys(minMetadata.nonGeographic).length);
    expect(gzip(merged)).toBeLessThan(12 * 1024);
    expect(gzip(merged)).toBeLessThan(gzip(minMetadata) * 0.7);
  });

  it('leaves the published plans as they were', () => {
    phoneMetadata();
    expect((minMetadata.countries.GB as unknown[])[FORMATS]).not.toBeNull();
    expect((maxMetadata.countries.IN as unknown[])[FORMATS]).not.toBeNull();
  });
});
