import { describe, expect, it } from 'vitest';
import { ConfigError, loadWebConfig } from './config.server';

describe('HSTS', () => {
  const hsts = (env: Record<string, string>) => loadWebConfig({ LOG_LEVEL: 'silent', ...env }).HSTS;

  it('is on by default for an https site and off for an http one', () => {
    expect(hsts({ SITE_URL: 'https://www.example.in' })).toBe('on');
    expect(hsts({ SITE_URL: 'http://localhost:3000' })).toBe('off');
    expect(hsts({})).toBe('off');
    // Empty is unset (docker-compose passes an unset variable on as empty).
    expect(hsts({ SITE_URL: 'https://www.example.in', HSTS: '' })).toBe('on');
  });

  it('follows HSTS=on or off whatever the site', () => {
    expect(hsts({ SITE_URL: 'https://www.example.in', HSTS: 'off' })).toBe('off');
    expect(hsts({ SITE_URL: 'http://localhost:3000', HSTS: 'on' })).toBe('on');
  });

  it('refuses anything else with one clear line', () => {
    expect(() => hsts({ HSTS: 'yes' })).toThrow(ConfigError);
    expect(() => hsts({ HSTS: 'yes' })).toThrow(/^Invalid configuration: HSTS: /);
  });
});

describe('RATE_LIMIT_SEARCH', () => {
  it('defaults to a bounded number of search renders per visitor, and 0 turns it off', () => {
    const config = loadWebConfig({});
    expect(config.RATE_LIMIT_SEARCH).toBe(30);
    expect(config.RATE_LIMIT_SEARCH_BURST).toBe(20);
    expect(loadWebConfig({ RATE_LIMIT_SEARCH: '0' }).RATE_LIMIT_SEARCH).toBe(0);
    expect(() => loadWebConfig({ RATE_LIMIT_SEARCH: '-1' })).toThrow(/RATE_LIMIT_SEARCH/);
    expect(() => loadWebConfig({ RATE_LIMIT_SEARCH_BURST: '0' })).toThrow(/RATE_LIMIT_SEARCH_BURST/);
  });
});

describe('SITE_NAME', () => {
  it("is the firm's name as given, Law Partners when unset or empty (as docker-compose passes an unset one)", () => {
    expect(loadWebConfig({ SITE_NAME: ' Sharma & Associates ' }).SITE_NAME).toBe('Sharma & Associates');
    expect(loadWebConfig({}).SITE_NAME).toBe('Law Partners');
    expect(loadWebConfig({ SITE_NAME: '  ' }).SITE_NAME).toBe('Law Partners');
    expect(() => loadWebConfig({ SITE_NAME: 'N'.repeat(121) })).toThrow(
      /^Invalid configuration: SITE_NAME: /,
    );
  });
});

describe('PREVIEW_SECRET', () => {
  it('is off when unset or empty (as docker-compose passes an unset one), and refuses a short one unechoed', () => {
    expect(loadWebConfig({}).PREVIEW_SECRET).toBeUndefined();
    expect(loadWebConfig({ PREVIEW_SECRET: '' }).PREVIEW_SECRET).toBeUndefined();
    expect(loadWebConfig({ PREVIEW_SECRET: 's'.repeat(32) }).PREVIEW_SECRET).toBe('s'.repeat(32));
    expect(() => loadWebConfig({ PREVIEW_SECRET: 'too-short-a-secret' })).toThrow(
      /^Invalid configuration: PREVIEW_SECRET: /,
    );
    expect(() => loadWebConfig({ PREVIEW_SECRET: 'too-short-a-secret' })).not.toThrow(/too-short-a-secret/);
    expect(loadWebConfig({}).RATE_LIMIT_PREVIEW).toBe(30);
  });
});
