import { afterEach, describe, expect, it } from 'vitest';
import { FLOOR_HTML, floorHeaders, floorRunSlots, startFloorServer } from './floor-page.js';

/** The security headers the site sends (as packages/server-kit writes them), and the rest. */
const SECURITY = {
  'content-security-policy': "default-src 'self'; script-src 'self' 'nonce-abc'",
  'cross-origin-opener-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=()',
};
const SITE = new Headers({
  ...SECURITY,
  'content-type': 'text/html; charset=utf-8',
  'content-encoding': 'br',
  'content-length': '24425',
  etag: '"abc"',
  'cache-control': 'public, max-age=0, s-maxage=23',
  'set-cookie': 'lang=en',
});

describe('the floor page', () => {
  it("keeps the site's security headers as sent and none about the site's own body", () => {
    const headers = floorHeaders(SITE, 321);
    expect(headers).toEqual({
      ...SECURITY,
      'content-type': 'text/html; charset=utf-8',
      'content-length': '321',
      'cache-control': 'no-store',
    });
  });

  it('sends a header the site leaves out only if the site sends it', () => {
    expect(floorHeaders(new Headers(), 1)).not.toHaveProperty('cross-origin-opener-policy');
    expect(floorHeaders(new Headers({ 'strict-transport-security': 'max-age=1' }), 1)).toHaveProperty(
      'strict-transport-security',
      'max-age=1',
    );
  });

  it('spreads its runs among the pages, the last after the last page', () => {
    expect(floorRunSlots(6, 3)).toEqual([1, 3, 5]);
    expect(floorRunSlots(6, 1)).toEqual([5]);
    expect(floorRunSlots(4, 3)).toEqual([1, 2, 3]);
    expect(floorRunSlots(2, 3)).toEqual([0, 1, 1]);
    expect(floorRunSlots(6, 0)).toEqual([]);
  });

  describe('its server', () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    it('answers the page with the headers on loopback, and 404 elsewhere', async () => {
      const floor = await startFloorServer(SITE);
      close = floor.close;
      expect(floor.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const res = await fetch(floor.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(await res.text()).toBe(FLOOR_HTML);
      expect((await fetch(new URL('/other', floor.url))).status).toBe(404);
    });
  });
});
