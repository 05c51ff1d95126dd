// Configuration comes only from environment variables (listed with their defaults in .env.example).
// Every variable is validated at start; a wrong value stops start-up with one line naming it.
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SITE_DEFAULTS } from './derive/site.js';
import { parseTrustProxy, PREVIEW_SECRET_MIN_LENGTH, TrustProxyError } from '@site/server-kit';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(message);
    this.variable = variable;
  }
}

/** The gateway's settings, as loadConfig reads them. */
export type GatewayConfig = ReturnType<typeof loadConfig>;

export type Env = Readonly<Record<string, string | undefined>>;

/** The repository root: gateway/src/config.ts -> ../.. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function describe(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
}

function read<T>(env: Env, name: string, schema: z.ZodType<T>, expectation: string, secret = false): T {
  const raw = env[name];
  const value = raw === undefined || raw.trim() === '' ? undefined : raw.trim();
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const shown = secret ? `a value of ${value?.length ?? 0} characters` : describe(value ?? '');
    const got = value === undefined ? 'it is not set' : `got ${shown}`;
    throw new ConfigError(name, `Invalid environment variable ${name}: expected ${expectation}, ${got}.`);
  }
  return parsed.data;
}

const int = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const redisUrl = z.url({ protocol: /^rediss?$/ });

const httpsUrl = z.url({ protocol: /^https$/ }).transform((u) => u.replace(/\/+$/, ''));

const bool = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']))
  .transform((s) => ['true', '1', 'yes', 'on'].includes(s));

/** A URL host name that never leaves this machine: localhost, 127.0.0.0/8 or ::1 (URL forms). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) !== 6) return false;
  if (host === '::1') return true;
  // The URL parser writes an IPv4-mapped address in hex: [::ffff:127.0.0.1] becomes ::ffff:7f00:1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
  return mapped !== null && parseInt(mapped[1] as string, 16) >> 8 === 0x7f;
}

const digits = (s: string) => s.replace(/\D/g, '');

/** The placeholder number (unset, or the default however it is spaced). */
export function isPlaceholderPhone(value: string | null): boolean {
  return value === null || digits(value) === digits(SITE_DEFAULTS.phone);
}

/** A chat link to the placeholder number (unset is not one: the site then links the firm's phone). */
export function isPlaceholderWhatsApp(value: string | null): boolean {
  return value !== null && digits(new URL(value).pathname) === digits(SITE_DEFAULTS.phone);
}

/** The placeholder address (unset, or the default), or any address at a domain reserved for examples. */
export function isPlaceholderEmail(value: string | null): boolean {
  if (value === null || value.toLowerCase() === SITE_DEFAULTS.email) return true;
  const domain = value.slice(value.lastIndexOf('@') + 1).toLowerCase();
  return (
    /(^|\.)(example|invalid|test|localhost)$/.test(domain) || /(^|\.)example\.(com|net|org)$/.test(domain)
  );
}

function refusePlaceholder(
  name: string,
  value: string | null,
  isPlaceholder: (value: string | null) => boolean,
  siteUrl: string,
): void {
  if (!isPlaceholder(value)) return;
  const got = value === null ? 'it is not set' : `got the placeholder ${describe(value)}`;
  throw new ConfigError(
    name,
    `Invalid environment variable ${name}: expected the firm's own contact details in production (SITE_URL ${siteUrl}), ${got}.`,
  );
}

export function loadConfig(env: Env) {
  /** A setting that may be left unset: null then. */
  const optional = <T>(name: string, schema: z.ZodType<T>, expectation: string, secret = false) =>
    read(env, name, schema.optional(), expectation, secret) ?? null;
  const flag = (name: string) => optional(name, bool, 'true or false');
  const directory = (name: string) => optional(name, z.string(), 'a directory path');
  /** A whole number of `unit` with its default and bounds, as the expectation states them. */
  const whole = (name: string, fallback: number, min: number, max: number, unit: string) =>
    read(env, name, int(min, max).default(fallback), `a whole number of ${unit} between ${min} and ${max}`);
  const secondsAsMs = (name: string, fallback: number, min: number, max: number) =>
    whole(name, fallback, min, max, 'seconds') * 1000;
  const megabytes = (name: string, fallback: number, min: number, max: number) =>
    whole(name, fallback, min, max, 'megabytes') * 1024 * 1024;
  const port = (name: string, fallback: number) =>
    read(env, name, int(1, 65535).default(fallback), 'a port number between 1 and 65535');
  const perMinute = (name: string, fallback: number) =>
    read(
      env,
      name,
      int(0, 1_000_000).default(fallback),
      'a whole number of requests per minute (0 turns the limit off)',
    );
  /** A token bucket: RATE_LIMIT_… per minute, and RATE_LIMIT_…_BURST at once. */
  const bucket = (name: string, rate: number, burst: number) => ({
    perMinute: perMinute(name, rate),
    burst: read(
      env,
      `${name}_BURST`,
      int(1, 1_000_000).default(burst),
      'a whole number of requests of at least 1',
    ),
  });
  const phone = (name: string) =>
    optional(name, z.string().regex(/^\+?[0-9][0-9 ().-]{5,23}$/), 'a phone number such as +91 120 400 1985');

  const nodeEnv = read(
    env,
    'NODE_ENV',
    z.enum(['development', 'production', 'test']).default('development'),
    'one of development, production, test',
  );
  const isProduction = nodeEnv === 'production';
  const wordpressUrl = optional('WORDPRESS_URL', httpUrl, 'an http(s) URL of the WordPress site');
  const contentDir = directory('CONTENT_DIR');
  const purgeSecret = optional(
    'PURGE_SECRET',
    z.string().min(16),
    'a secret of at least 16 characters (or leave it unset to disable /purge)',
    true,
  );
  const previewSecret = optional(
    'PREVIEW_SECRET',
    z.string().min(PREVIEW_SECRET_MIN_LENGTH),
    `a secret of at least ${PREVIEW_SECRET_MIN_LENGTH} characters (or leave it unset to turn previews off)`,
    true,
  );

  const wordpressUser = optional('WORDPRESS_USER', z.string().max(60), 'a WordPress user name');
  const wordpressAppPassword = optional(
    'WORDPRESS_APP_PASSWORD',
    z.string().min(16).max(64),
    'a WordPress application password (24 characters, spaces allowed)',
    true,
  );
  if ((wordpressUser === null) !== (wordpressAppPassword === null)) {
    // Enquiries are delivered with both or kept in the outbox with neither; one alone is a mistake.
    const [missing, other] =
      wordpressUser === null
        ? ['WORDPRESS_USER', 'WORDPRESS_APP_PASSWORD']
        : ['WORDPRESS_APP_PASSWORD', 'WORDPRESS_USER'];
    throw new ConfigError(
      missing,
      `Invalid environment variable ${missing}: expected it together with ${other}, it is not set.`,
    );
  }
  // Basic authentication sends the application password with every delivery: over plain http it
  // can be read by anyone on the path, unless that path never leaves the machine or a private network.
  const allowInsecureWordpress = flag('ALLOW_INSECURE_WORDPRESS') ?? false;
  if (wordpressAppPassword !== null && wordpressUrl && !allowInsecureWordpress) {
    const url = new URL(wordpressUrl);
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new ConfigError(
        'WORDPRESS_URL',
        `Invalid environment variable WORDPRESS_URL: expected an https:// URL (or a loopback host) while WORDPRESS_APP_PASSWORD is set, got ${describe(url.origin)}; set ALLOW_INSECURE_WORDPRESS=true only if that network is private.`,
      );
    }
  }
  const sandbox = flag('GRAPHQL_SANDBOX') ?? !isProduction;
  // The sandbox reads the schema by introspection: GRAPHQL_SANDBOX=true in production turns it on
  // too (whoever may open the sandbox may read the schema), unless GRAPHQL_INTROSPECTION=false.
  const introspection = flag('GRAPHQL_INTROSPECTION') ?? (!isProduction || sandbox);

  const siteUrl = read(
    env,
    'SITE_URL',
    httpUrl.default('http://localhost:3000'),
    'an http(s) URL (the public site origin)',
  );
  const sitePhone = phone('SITE_PHONE');
  const siteEmail = optional('SITE_EMAIL', z.email(), 'an e-mail address');
  const siteWhatsApp = optional(
    'SITE_WHATSAPP_URL',
    httpsUrl,
    'an https URL such as https://wa.me/911204001985',
  );
  if (isProduction && !isLoopbackHost(new URL(siteUrl).hostname)) {
    // A public site must not send visitors to the placeholder number and address the site falls
    // back to (derive/site.ts); on this machine (npm start, the test suites) they are fine.
    refusePlaceholder('SITE_PHONE', sitePhone, isPlaceholderPhone, siteUrl);
    refusePlaceholder('SITE_EMAIL', siteEmail, isPlaceholderEmail, siteUrl);
    refusePlaceholder('SITE_WHATSAPP_URL', siteWhatsApp, isPlaceholderWhatsApp, siteUrl);
  }
  const socialUrl = (name: string) => optional(name, httpUrl, 'an http(s) URL');

  return {
    nodeEnv,
    /** The web server's port (the gateway only uses it to describe the site). */
    port: port('PORT', 3000),
    gatewayPort: port('GATEWAY_PORT', 4000),
    gatewayHost: read(
      env,
      'GATEWAY_HOST',
      z
        .string()
        .regex(/^[A-Za-z0-9.:[\]-]+$/)
        .default('127.0.0.1'),
      'a host name or IP address',
    ),
    /** WordPress site root without a trailing slash; null serves the embedded content snapshot. */
    wordpressUrl,
    contentDir: path.resolve(REPO_ROOT, contentDir ?? 'content'),
    cache: {
      ttlMs: secondsAsMs('CONTENT_CACHE_TTL', 30, 0, 86_400),
      staleWhileRevalidateMs: secondsAsMs('STALE_WHILE_REVALIDATE', 300, 0, 604_800),
      staleIfErrorMaxAgeMs: secondsAsMs('STALE_IF_ERROR_MAX_AGE', 86_400, 0, 2_592_000),
      maxBytes: megabytes('CACHE_MAX_MB', 64, 1, 4096),
    },
    upstream: {
      timeoutMs: whole('UPSTREAM_TIMEOUT_MS', 5000, 100, 120_000, 'milliseconds'),
      retries: read(env, 'UPSTREAM_RETRIES', int(0, 5).default(2), 'a whole number between 0 and 5'),
      /** Largest WordPress answer read; a bigger one is abandoned mid-stream. */
      maxResponseBytes: megabytes('UPSTREAM_MAX_RESPONSE_MB', 16, 1, 1024),
      /** Circuit breaker: consecutive failed requests that open it (0: off), and its cool-down. */
      breaker: {
        threshold: read(
          env,
          'UPSTREAM_BREAKER_THRESHOLD',
          int(0, 1000).default(5),
          'a whole number of consecutive failures between 0 (off) and 1000',
        ),
        cooldownMs: secondsAsMs('UPSTREAM_BREAKER_COOLDOWN', 30, 1, 3600),
      },
    },
    /** Images served from /media (media/): where WordPress keeps them, and the disk cache. */
    media: {
      /** Hosts besides WORDPRESS_URL's whose images may be fetched (MEDIA_HOSTS). */
      hosts: read(
        env,
        'MEDIA_HOSTS',
        z
          .string()
          .regex(/^\s*([A-Za-z0-9.-]+(:\d{1,5})?\s*(,\s*|$))*$/)
          .default('')
          .transform((v) =>
            v
              .split(',')
              .map((h) => h.trim())
              .filter(Boolean),
          ),
        'a comma-separated list of host names (host or host:port), e.g. media.example.in,cdn.example.in',
      ),
      cacheDir: path.resolve(REPO_ROOT, directory('MEDIA_CACHE_DIR') ?? path.join(tmpdir(), 'lawfirm-media')),
      cacheMaxBytes: megabytes('MEDIA_CACHE_MAX_MB', 512, 16, 1_048_576),
      /** Largest original fetched; a bigger one is refused mid-stream. */
      maxOriginalBytes: megabytes('MEDIA_MAX_ORIGINAL_MB', 20, 1, 200),
    },
    /** Limits and trust at the HTTP edge (docs/security.md). */
    security: {
      /** Which peers' X-Forwarded-For is believed (GATEWAY_TRUST_PROXY; default: loopback, the web server). */
      trustProxy: read(
        env,
        'GATEWAY_TRUST_PROXY',
        z
          .string()
          .optional()
          .transform((value, ctx) => {
            try {
              return parseTrustProxy(value, 'loopback');
            } catch (error) {
              if (!(error instanceof TrustProxyError)) throw error;
              ctx.addIssue({ code: 'custom', message: error.message });
              return z.NEVER;
            }
          }),
        'none, a number of proxy hops, or a list of addresses and CIDR ranges (loopback, private, linklocal allowed)',
      ),
      hsts: read(env, 'HSTS', z.enum(['on', 'off']).default('off'), 'on or off') === 'on',
      maxBodyBytes: whole('MAX_BODY_KB', 1024, 1, 102_400, 'kilobytes') * 1024,
      /** Token buckets per client address; perMinute 0 turns a limit off. */
      rateLimit: {
        graphql: bucket('RATE_LIMIT_GRAPHQL', 300, 60),
        /** Mutations (on top of any limit of their own, e.g. enquiries). */
        writes: bucket('RATE_LIMIT_WRITES', 10, 5),
        /** Operations that ask for a draft (Query.preview): each one is a live WordPress request. */
        preview: { perMinute: perMinute('RATE_LIMIT_PREVIEW', 30), burst: 10 },
      },
    },
    /** A shared cache for several replicas; null keeps every cache in this process's memory. */
    redis: {
      // The URL may carry a password: never echoed.
      url: optional('REDIS_URL', redisUrl, 'a redis:// or rediss:// URL', true),
      prefix: read(
        env,
        'REDIS_PREFIX',
        z
          .string()
          .regex(/^[A-Za-z0-9:._-]{1,64}$/)
          .default('lawfirm:'),
        'up to 64 letters, digits or : . _ -',
      ),
      timeoutMs: whole('REDIS_TIMEOUT_MS', 200, 10, 10_000, 'milliseconds'),
    },
    site: {
      /** Origin of the public site, no trailing slash. */
      url: siteUrl,
      name: optional('SITE_NAME', z.string().max(120), 'a name of at most 120 characters'),
      phone: sitePhone,
      emergencyPhone: phone('SITE_EMERGENCY_PHONE'),
      email: siteEmail,
      whatsappUrl: siteWhatsApp,
      streetAddress: optional(
        'SITE_STREET_ADDRESS',
        z.string().max(200),
        'an address of at most 200 characters',
      ),
      social: {
        facebook: socialUrl('SOCIAL_FACEBOOK'),
        instagram: socialUrl('SOCIAL_INSTAGRAM'),
        linkedin: socialUrl('SOCIAL_LINKEDIN'),
        x: socialUrl('SOCIAL_X'),
      },
    },
    purgeSecret,
    /** Verifies preview links (PREVIEW_SECRET, shared with WordPress); null: previews are off. */
    previewSecret,
    enquiries: {
      /** Folder of the outbox (enquiries.jsonl): every enquiry is written here before it is delivered. */
      outboxDir: path.resolve(REPO_ROOT, directory('OUTBOX_DIR') ?? path.join('.run', 'outbox')),
      /** WordPress user and application password the enquiries are delivered as; null keeps them in the outbox. */
      wordpressUser,
      wordpressAppPassword,
      /** Enquiries one client address may send at once, then again per window; 0 turns the limit off. */
      rateLimit: read(
        env,
        'ENQUIRY_RATE_LIMIT',
        int(0, 100_000).default(5),
        'a whole number of enquiries (0 turns the limit off)',
      ),
      rateWindowMs: secondsAsMs('ENQUIRY_RATE_WINDOW', 600, 1, 86_400),
      /** Longest wait between two delivery attempts while WordPress is unreachable. */
      retryMaxMs: secondsAsMs('ENQUIRY_RETRY_MAX', 300, 1, 86_400),
    },
    sandbox,
    introspection,
    logLevel: read(
      env,
      'LOG_LEVEL',
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
        .default(nodeEnv === 'test' ? 'silent' : 'info'),
      'one of fatal, error, warn, info, debug, trace, silent',
    ),
  };
}
