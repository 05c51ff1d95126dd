import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, PREVIEW_SECRET_MIN_LENGTH, TrustProxyError } from '@site/server-kit';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  GATEWAY_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4000/graphql'),
  SITE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  // The firm's name in page titles and og:site_name; the gateway reads the same variable.
  SITE_NAME: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(120).default('Law Partners'),
  ),
  CONTENT_DIR: z.string().default(path.join(repoRoot, 'content')),
  PAGE_CACHE_TTL: z.coerce.number().int().min(0).max(86_400).default(30),
  PAGE_CACHE_MAX_STALE: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(86_400),
  // Unset (or empty): on when SITE_URL is https (loadWebConfig), so a site served over https asks
  // browsers never to try it over plain http.
  HSTS: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['on', 'off']).optional()),
  // Proxies in front of this server whose X-Forwarded-For is believed (docs/security.md): none by
  // default, so the visitor is the TCP peer and a forged header changes nothing.
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value, 'none');
      } catch (error) {
        if (!(error instanceof TrustProxyError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /**
   * Renders of pages with a search (or a category or practice area) in the address that the page
   * cache does not hold, per visitor address: a minute's worth (0 turns the limit off) and how many
   * may come at once.
   */
  RATE_LIMIT_SEARCH: z.coerce.number().int().min(0).max(1_000_000).default(30),
  RATE_LIMIT_SEARCH_BURST: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /**
   * Previews of drafts (/preview/{type}/{id}?token=...): the secret the links are signed with, shared
   * with WordPress and the gateway. Unset (or empty): every /preview address answers 403.
   */
  PREVIEW_SECRET: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(PREVIEW_SECRET_MIN_LENGTH).optional(),
  ),
  /** Preview pages one visitor address may open per minute (0 turns the limit off). */
  RATE_LIMIT_PREVIEW: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /** Largest request body accepted (the /graphql pass-through), in kilobytes. */
  MAX_BODY_KB: z.coerce.number().int().min(1).max(102_400).default(1024),
  // Shared page cache and purge messages for several replicas; unset keeps pages in memory.
  REDIS_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^rediss?$/ }).optional()),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/)
    .default('lawfirm:'),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The variables the web server reads, for the configuration reference (scripts/config-doc.ts). */
export { schema as webEnvSchema };

export type WebConfig = Omit<z.infer<typeof schema>, 'HSTS'> & {
  HSTS: 'on' | 'off';
  repoRoot: string;
  distDir: string;
};

export class ConfigError extends Error {}

/** Validates the environment once at start; a wrong value stops start-up with one clear line. */
export function loadWebConfig(env: NodeJS.ProcessEnv = process.env): WebConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const https = new URL(parsed.data.SITE_URL).protocol === 'https:';
  return {
    ...parsed.data,
    HSTS: parsed.data.HSTS ?? (https ? 'on' : 'off'),
    repoRoot,
    distDir: path.join(repoRoot, 'web', 'dist'),
  };
}
