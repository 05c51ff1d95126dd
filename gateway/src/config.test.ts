import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, REPO_ROOT, loadConfig } from './config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      gatewayPort: 4000,
      gatewayHost: '127.0.0.1',
      wordpressUrl: null,
      contentDir: path.join(REPO_ROOT, 'content'),
      cache: {
        ttlMs: 30_000,
        staleWhileRevalidateMs: 300_000,
        staleIfErrorMaxAgeMs: 86_400_000,
        maxBytes: 64 * 1024 * 1024,
      },
      upstream: { timeoutMs: 5000, retries: 2 },
      purgeSecret: null,
      previewSecret: null,
      sandbox: true,
      introspection: true,
      logLevel: 'info',
    });
    expect(c.site.url).toBe('http://localhost:3000');
  });

  it('reads the preview secret, refusing a short one without echoing it', () => {
    const secret = 'p'.repeat(32);
    expect(loadConfig({ PREVIEW_SECRET: secret }).previewSecret).toBe(secret);
    const error = configError({ PREVIEW_SECRET: 'short-preview-secret' });
    expect(error.variable).toBe('PREVIEW_SECRET');
    expect(error.message).toContain('at least 32 characters');
    expect(error.message).not.toContain('short-preview-secret');
    expect(loadConfig({}).security.rateLimit.preview.perMinute).toBe(30);
    expect(loadConfig({ RATE_LIMIT_PREVIEW: '5' }).security.rateLimit.preview.perMinute).toBe(5);
  });

  it('turns the sandbox and introspection off in production unless enabled', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ sandbox: false, introspection: false });
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true', GRAPHQL_INTROSPECTION: '1' }),
    ).toMatchObject({
      sandbox: true,
      introspection: true,
    });
    expect(loadConfig({ GRAPHQL_SANDBOX: 'off' }).sandbox).toBe(false);
  });

  it('lets the sandbox bring the introspection it needs, unless introspection is turned off', () => {
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true' })).toMatchObject({
      sandbox: true,
      introspection: true,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_SANDBOX: 'true', GRAPHQL_INTROSPECTION: 'false' }),
    ).toMatchObject({ sandbox: true, introspection: false });
    expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' })).toMatchObject({
      sandbox: false,
      introspection: true,
    });
    // In development introspection stays on without the sandbox (codegen, tools).
    expect(loadConfig({ GRAPHQL_SANDBOX: 'false' })).toMatchObject({ sandbox: false, introspection: true });
  });

  it('reads WordPress and site settings, trimming trailing slashes', () => {
    const c = loadConfig({
      WORDPRESS_URL: 'https://cms.example.in/',
      SITE_URL: 'https://www.example.in/',
      SITE_NAME: 'Sharma & Associates',
      SITE_PHONE: '+91 98765 43210',
      SITE_EMAIL: 'info@example.in',
      SITE_WHATSAPP_URL: 'https://wa.me/919876543210',
      SOCIAL_FACEBOOK: 'https://facebook.com/firm',
      CONTENT_DIR: '/srv/content',
      PURGE_SECRET: 'x'.repeat(32),
      CONTENT_CACHE_TTL: '0',
    });
    expect(c.wordpressUrl).toBe('https://cms.example.in');
    expect(c.site).toMatchObject({
      url: 'https://www.example.in',
      name: 'Sharma & Associates',
      phone: '+91 98765 43210',
      email: 'info@example.in',
      whatsappUrl: 'https://wa.me/919876543210',
      social: { facebook: 'https://facebook.com/firm', instagram: null },
    });
    expect(c.contentDir).toBe('/srv/content');
    expect(c.purgeSecret).toBe('x'.repeat(32));
    expect(c.cache.ttlMs).toBe(0);
  });

  it('reads where images may come from and where they are kept', () => {
    const config = loadConfig({
      MEDIA_HOSTS: ' media.example.in, cdn.example.in:8443 ',
      MEDIA_CACHE_MAX_MB: '64',
    });
    expect(config.media.hosts).toEqual(['media.example.in', 'cdn.example.in:8443']);
    expect(config.media.cacheMaxBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({}).media).toMatchObject({ hosts: [], maxOriginalBytes: 20 * 1024 * 1024 });
    expect(configError({ MEDIA_HOSTS: 'http://media.example.in/' }).message).toMatch(
      /^Invalid environment variable MEDIA_HOSTS: expected a comma-separated list of host names/,
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ WORDPRESS_URL: '', PORT: ' ' })).toMatchObject({ wordpressUrl: null, port: 3000 });
  });

  it.each([
    [{ GATEWAY_PORT: 'abc' }, 'GATEWAY_PORT', 'a port number between 1 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT', 'a port number'],
    [{ WORDPRESS_URL: 'cms.example.in' }, 'WORDPRESS_URL', 'an http(s) URL'],
    [{ WORDPRESS_URL: 'ftp://cms.example.in' }, 'WORDPRESS_URL', 'an http(s) URL'],
    [{ CONTENT_CACHE_TTL: '-1' }, 'CONTENT_CACHE_TTL', 'a whole number of seconds'],
    [{ UPSTREAM_TIMEOUT_MS: '5s' }, 'UPSTREAM_TIMEOUT_MS', 'milliseconds'],
    [{ UPSTREAM_RETRIES: '9' }, 'UPSTREAM_RETRIES', 'between 0 and 5'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV', 'one of development, production, test'],
    [{ GRAPHQL_SANDBOX: 'maybe' }, 'GRAPHQL_SANDBOX', 'true or false'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'one of fatal'],
    [{ PURGE_SECRET: 'short' }, 'PURGE_SECRET', 'at least 16 characters'],
    [{ SITE_EMAIL: 'not-an-email' }, 'SITE_EMAIL', 'an e-mail address'],
    [{ SITE_WHATSAPP_URL: 'http://wa.me/1' }, 'SITE_WHATSAPP_URL', 'an https URL'],
  ])('refuses %j with one line naming the variable', (env, variable, expectation) => {
    const error = configError(env as Record<string, string>);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(`Invalid environment variable ${variable}: expected`);
    expect(error.message).toContain(expectation);
    expect(error.message).not.toContain('\n');
  });

  describe('the WordPress application password over plain http', () => {
    const password = 'abcd efgh ijkl mnop qrst uvwx';
    const credentials = { WORDPRESS_USER: 'editor-bot', WORDPRESS_APP_PASSWORD: password };

    it.each(['http://cms.example.in', 'http://wordpress', 'http://10.0.0.5:8080', 'http://[2001:db8::1]'])(
      'refuses %s with one line naming the variables, without the password',
      (url) => {
        const error = configError({ ...credentials, WORDPRESS_URL: url });
        expect(error.variable).toBe('WORDPRESS_URL');
        expect(error.message).toMatch(/^Invalid environment variable WORDPRESS_URL: expected an https:\/\//);
        expect(error.message).toContain('WORDPRESS_APP_PASSWORD');
        expect(error.message).toContain('ALLOW_INSECURE_WORDPRESS=true');
        expect(error.message).not.toContain(password);
        expect(error.message).not.toContain('\n');
      },
    );

    it.each([
      'https://cms.example.in',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://127.3.2.1',
      'http://[::1]:8080',
      'http://[::ffff:127.0.0.1]',
    ])('allows %s', (url) => {
      expect(loadConfig({ ...credentials, WORDPRESS_URL: url }).enquiries.wordpressAppPassword).toBe(
        password,
      );
    });

    it('allows plain http to another host when told the network is private', () => {
      const c = loadConfig({
        ...credentials,
        WORDPRESS_URL: 'http://wordpress',
        ALLOW_INSECURE_WORDPRESS: 'true',
      });
      expect(c.wordpressUrl).toBe('http://wordpress');
      expect(
        configError({ ...credentials, WORDPRESS_URL: 'http://wordpress', ALLOW_INSECURE_WORDPRESS: 'false' })
          .variable,
      ).toBe('WORDPRESS_URL');
      expect(configError({ ALLOW_INSECURE_WORDPRESS: 'maybe' }).variable).toBe('ALLOW_INSECURE_WORDPRESS');
    });

    it('has nothing to protect without a password: reading over http stays allowed', () => {
      expect(loadConfig({ WORDPRESS_URL: 'http://cms.example.in' }).wordpressUrl).toBe(
        'http://cms.example.in',
      );
    });
  });

  describe('in production on a public address', () => {
    const PUBLIC = { NODE_ENV: 'production', SITE_URL: 'https://www.example.in' };
    const OWN = { SITE_PHONE: '+91 98110 22334', SITE_EMAIL: 'office@sharma-law.in' };

    it.each([
      [{}, 'SITE_PHONE', 'it is not set'],
      [{ SITE_PHONE: '+91 120 400 1985' }, 'SITE_PHONE', 'got the placeholder "+91 120 400 1985"'],
      [{ SITE_PHONE: '+911204001985' }, 'SITE_PHONE', 'got the placeholder "+911204001985"'],
      [{ SITE_EMAIL: '' }, 'SITE_EMAIL', 'it is not set'],
      [{ SITE_EMAIL: 'info@lawpartners.example' }, 'SITE_EMAIL', 'got the placeholder'],
      [{ SITE_EMAIL: 'INFO@LawPartners.example' }, 'SITE_EMAIL', 'got the placeholder'],
      [{ SITE_EMAIL: 'office@example.com' }, 'SITE_EMAIL', 'got the placeholder "office@example.com"'],
      [{ SITE_EMAIL: 'office@firm.test' }, 'SITE_EMAIL', 'got the placeholder'],
      [
        { SITE_WHATSAPP_URL: 'https://wa.me/911204001985' },
        'SITE_WHATSAPP_URL',
        'got the placeholder "https://wa.me/911204001985"',
      ],
    ])('refuses to start with the placeholder contact details: %j', (change, variable, got) => {
      const env = {
        ...PUBLIC,
        ...(variable === 'SITE_EMAIL' ? { SITE_PHONE: OWN.SITE_PHONE } : {}),
        ...(variable === 'SITE_WHATSAPP_URL' ? OWN : {}),
        ...change,
      };
      const error = configError(env as Record<string, string>);
      expect(error.variable).toBe(variable);
      expect(error.message).toContain(
        `Invalid environment variable ${variable}: expected the firm's own contact details in production (SITE_URL https://www.example.in), ${got}`,
      );
      expect(error.message).not.toContain('\n');
    });

    it("starts with the firm's own phone and e-mail", () => {
      expect(loadConfig({ ...PUBLIC, ...OWN }).site).toMatchObject({
        phone: '+91 98110 22334',
        email: 'office@sharma-law.in',
      });
      expect(loadConfig({ ...PUBLIC, ...OWN, SITE_EMAIL: 'info@example.in' }).site.email).toBe(
        'info@example.in',
      );
    });

    it('starts with the placeholders on this machine (npm start, the test suites) and outside production', () => {
      for (const url of ['http://localhost:3000', 'http://127.0.0.1:3400', 'http://[::1]:3000']) {
        expect(loadConfig({ NODE_ENV: 'production', SITE_URL: url }).site.phone, url).toBeNull();
      }
      expect(loadConfig({ NODE_ENV: 'production' }).site.email).toBeNull();
      for (const nodeEnv of ['development', 'test']) {
        expect(loadConfig({ ...PUBLIC, NODE_ENV: nodeEnv }).site.phone, nodeEnv).toBeNull();
      }
    });
  });

  it('shortens long values and never echoes the purge secret', () => {
    const error = configError({ GATEWAY_HOST: `bad host ${'y'.repeat(100)}` });
    expect(error.message.length).toBeLessThan(200);
    const secret = configError({ PURGE_SECRET: 'hunter2' });
    expect(secret.message).not.toContain('hunter2');
    expect(secret.message).toContain('got a value of 7 characters');
  });
});

describe('.env.example', () => {
  const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  const env = Object.fromEntries(
    example
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  it('lists every variable the gateway reads', () => {
    const read = new Set<string>();
    loadConfig(
      new Proxy({} as Record<string, string | undefined>, {
        get(_target, key) {
          if (typeof key === 'string') read.add(key);
          return undefined;
        },
      }),
    );
    expect([...read].filter((name) => !(name in env))).toEqual([]);
  });

  it('loads as it stands, giving the defaults', () => {
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
