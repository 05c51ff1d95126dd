import { describe, expect, it } from 'vitest';
import { wpSeoMetaSchema, wpYoastHeadSchema } from './types.js';

describe('the robots choice in WordPress answers', () => {
  it('reads the companion flag however a site stores it, and nothing else as a choice', () => {
    const flag = (v: unknown) => wpSeoMetaSchema.parse({ yoast_seo_noindex: v }).yoast_seo_noindex;
    expect([true, '1', 1].map(flag)).toEqual([true, true, true]);
    expect([false, '0', 0].map(flag)).toEqual([false, false, false]);
    expect([undefined, null, 'yes', 2, {}].map(flag)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("keeps Yoast's robots index and drops a malformed robots block", () => {
    expect(wpYoastHeadSchema.parse({ robots: { index: 'noindex', follow: 'follow' } }).robots?.index).toBe(
      'noindex',
    );
    expect(wpYoastHeadSchema.parse({ robots: 'noindex' }).robots).toBeUndefined();
  });
});
