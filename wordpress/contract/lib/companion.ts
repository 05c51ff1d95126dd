// Helpers of the companion plugin's contract tests (coexist.test.ts, enquiry-mail.test.ts,
// preview.test.ts): the fixture must-use plugin standing in for the firm's other plugins and
// wp-config.php (fixtures/other-plugins.php, active only on requests with its headers), REST calls
// with extra headers, a wp-admin session of the administrator, the loopback WordPress's mail log
// and debug log, and a proxy that adds the fixture's header to everything the gateway asks.
import { copyFileSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { CONTRACT_SLUG_PREFIX, credentials, REPO_ROOT, RUN_DIR, wpRest } from './wordpress.js';

export const FIXTURE_HEADER = 'x-lawfirm-fixture';
export const FIXTURE_NOTIFY_HEADER = 'x-lawfirm-fixture-notify';
/** Define LAWFIRM_SITE_URL and LAWFIRM_PREVIEW_SECRET on the request, as wp-config.php would. */
export const FIXTURE_SITE_URL_HEADER = 'x-lawfirm-fixture-site-url';
export const FIXTURE_PREVIEW_SECRET_HEADER = 'x-lawfirm-fixture-preview-secret';
const FIXTURE_SOURCE = path.join(REPO_ROOT, 'wordpress', 'contract', 'fixtures', 'other-plugins.php');
const FIXTURE_TARGET = path.join(RUN_DIR, 'wp-content', 'mu-plugins', 'contract-test-other-plugins.php');
const MAIL_LOG = path.join(RUN_DIR, 'logs', 'mail.log');
const DEBUG_LOG = path.join(RUN_DIR, 'logs', 'wp-debug.log');

/** Puts the fixture into mu-plugins (WordPress loads it from the next request on); returns its removal. */
export function installFixture(): () => void {
  copyFileSync(FIXTURE_SOURCE, FIXTURE_TARGET);
  return removeFixture;
}

export function removeFixture(): void {
  rmSync(FIXTURE_TARGET, { force: true });
}

/**
 * Deletes, for good, the items of a REST collection (`/pages`, `/practice_areas`) in any status
 * whose slug starts with the suite's prefix: what a run that died half-way left. Returns how many.
 */
export async function deleteContractItems(collection: string): Promise<number> {
  const res = await wpRest<Array<{ id: number; slug: string }>>(
    'GET',
    `${collection}?status=publish,future,draft,pending,private,trash&per_page=100&context=edit&_fields=id,slug`,
  );
  if (res.status !== 200 || !Array.isArray(res.json)) {
    throw new Error(`listing ${collection}: HTTP ${res.status}`);
  }
  const own = res.json.filter((item) => item.slug.startsWith(CONTRACT_SLUG_PREFIX));
  for (const item of own) await wpRest('DELETE', `${collection}/${item.id}?force=true`);
  return own.length;
}

/** Runs every cleanup step even when one fails, then throws the first failure. */
export async function cleanUp(...steps: Array<() => unknown>): Promise<void> {
  let first: unknown = null;
  for (const step of steps) {
    try {
      await step();
    } catch (error) {
      first ??= error;
    }
  }
  if (first !== null) throw first;
}

export interface Answer<T = unknown> {
  status: number;
  json: T;
  text: string;
}

/**
 * A call to WordPress's REST API (`route` after /wp-json, e.g. `/wp/v2/posts/5`) with the
 * application password unless `auth` is false, and any extra headers.
 */
export async function rest<T = unknown>(
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<Answer<T>> {
  const creds = credentials();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.auth !== false) {
    headers.authorization = `Basic ${Buffer.from(`${creds.user}:${creds.appPassword}`).toString('base64')}`;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${creds.url}/wp-json${route}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json: json as T, text };
}

function adminPassword(): string {
  const file = path.join(RUN_DIR, 'credentials.env');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('WORDPRESS_ADMIN_PASSWORD='));
  const password = process.env.WORDPRESS_ADMIN_PASSWORD || line?.slice('WORDPRESS_ADMIN_PASSWORD='.length);
  if (!password) throw new Error(`no WORDPRESS_ADMIN_PASSWORD in ${file}: run npm run wordpress:up first`);
  return password;
}

export interface AdminSession {
  /** An admin page (`/wp-admin/...`) as HTML. */
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<{ status: number; html: string }>;
  /** A form post; answers with the status and the redirect target, if any. */
  post(
    pathAndQuery: string,
    form: URLSearchParams,
    headers?: Record<string, string>,
  ): Promise<{ status: number; location: string | null }>;
}

/** Logged in to wp-admin as the loopback WordPress's administrator (editor-bot). */
export async function adminSession(): Promise<AdminSession> {
  const { url, user } = credentials();
  const login = await fetch(`${url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({ log: user, pwd: adminPassword(), testcookie: '1' }),
    signal: AbortSignal.timeout(20_000),
  });
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (login.status !== 302 || !cookie.includes('wordpress_logged_in_')) {
    throw new Error(`wp-admin login failed: HTTP ${login.status}`);
  }
  return {
    async get(pathAndQuery, headers = {}) {
      const res = await fetch(`${url}${pathAndQuery}`, {
        headers: { cookie, ...headers },
        signal: AbortSignal.timeout(20_000),
      });
      return { status: res.status, html: await res.text() };
    },
    async post(pathAndQuery, form, headers = {}) {
      const res = await fetch(`${url}${pathAndQuery}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: form,
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      return { status: res.status, location: res.headers.get('location') };
    },
  };
}

/** Ids of the meta boxes (`<div id="..." class="postbox ...">`) on an edit screen. */
export function metaBoxes(html: string): string[] {
  return [...html.matchAll(/<div id="([a-z0-9_-]+)" class="postbox/g)].map((m) => m[1] as string);
}

/** The hidden inputs and visible values of the form that holds `marker`, as a browser would post them. */
export function formFields(html: string, marker: string): URLSearchParams {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].find((m) => m[1]?.includes(marker));
  if (!form) throw new Error(`no form with ${marker} on the page`);
  const out = new URLSearchParams();
  for (const input of (form[1] as string).matchAll(/<input\b[^>]*>/g)) {
    const tag = input[0];
    const name = attribute(tag, 'name');
    if (!name || /\bdisabled\b/.test(tag) || attribute(tag, 'type') === 'submit') continue;
    out.append(name, decodeEntities(attribute(tag, 'value') ?? ''));
  }
  return out;
}

/** An attribute of an HTML tag, quoted either way (WordPress writes both). */
export function attribute(tag: string, name: string): string | null {
  const m = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)')`).exec(tag);
  return m ? ((m[1] ?? m[2]) as string) : null;
}

export function decodeEntities(s: string): string {
  return s
    .replace(/&#0*39;|&#x0*27;/gi, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#0*38;/g, '&')
    .replace(/&amp;/g, '&');
}

// --- logs ----------------------------------------------------------------------------------------

export interface Mark {
  offset: number;
}

function mark(file: string): Mark {
  return { offset: existsSync(file) ? statSync(file).size : 0 };
}

async function readSince(file: string, from: Mark): Promise<string> {
  if (!existsSync(file)) return '';
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= from.offset) return '';
    const buffer = Buffer.alloc(size - from.offset);
    await handle.read(buffer, 0, buffer.length, from.offset);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

export interface LoggedMail {
  time: string;
  to: string[];
  subject: string;
  message: string;
}

export const markMailLog = (): Mark => mark(MAIL_LOG);
export const markDebugLog = (): Mark => mark(DEBUG_LOG);

/** Mails the loopback WordPress wrote to its mail log since the mark (wordpress/local/lawfirm-local.php). */
export async function mailsSince(from: Mark): Promise<LoggedMail[]> {
  return (await readSince(MAIL_LOG, from))
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LoggedMail);
}

/** Lines WordPress wrote to wp-debug.log (error_log) since the mark. */
export async function debugLinesSince(from: Mark): Promise<string[]> {
  return (await readSince(DEBUG_LOG, from)).split('\n').filter((l) => l.trim() !== '');
}

// --- a proxy that adds the fixture's headers --------------------------------------------------------

export interface HeaderProxy {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** A loopback proxy in front of WordPress that adds `headers` to every request (for a gateway). */
export async function startHeaderProxy(headers: Record<string, string>): Promise<HeaderProxy> {
  const target = new URL(credentials().url);
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '/');
    const upstream = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host, ...headers },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
