// The loopback WordPress of `npm run wordpress:up`, as the contract suite sees it: its credentials,
// authenticated REST writes with the application password, the access log it appends one line per
// request to (counted at WordPress's side), the purge webhook settings, and stopping and restarting
// its PHP server the way wordpress/scripts/up.sh and down.sh do.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const RUN_DIR = process.env.LAWFIRM_WP_RUN_DIR ?? path.join(REPO_ROOT, '.run', 'wordpress');
export const CONTENT_DIR = path.join(REPO_ROOT, 'content');
const ACCESS_LOG = path.join(RUN_DIR, 'logs', 'access.log');
const PURGE_FILE = path.join(RUN_DIR, 'purge.php');
const PHP_PID_FILE = path.join(RUN_DIR, 'php-server.pid');

/** Slug prefix of everything the suite creates, so a run that died half-way can be cleaned up. */
export const CONTRACT_SLUG_PREFIX = 'contract-test-';

export interface Credentials {
  url: string;
  user: string;
  appPassword: string;
}

function readEnvFile(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

/** contract.sh exports credentials.env; reading the file too lets a single test file run alone. */
export function credentials(): Credentials {
  const file = path.join(RUN_DIR, 'credentials.env');
  const fromFile = existsSync(file) ? readEnvFile(file) : {};
  const pick = (name: string) => process.env[name] || fromFile[name] || '';
  const url = pick('WORDPRESS_URL').replace(/\/+$/, '');
  const user = pick('WORDPRESS_USER');
  const appPassword = pick('WORDPRESS_APP_PASSWORD');
  if (!url || !user || !appPassword) {
    throw new Error(`No WordPress credentials in ${file}: run npm run wordpress:up first`);
  }
  return { url, user, appPassword };
}

export interface RestAnswer<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

/** A REST call to WordPress; `auth` sends the application password (Basic auth). */
export async function wpRest<T = unknown>(
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  options: { body?: unknown; auth?: boolean } = {},
): Promise<RestAnswer<T>> {
  const creds = credentials();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.auth !== false) {
    headers.authorization = `Basic ${Buffer.from(`${creds.user}:${creds.appPassword}`).toString('base64')}`;
  }
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${creds.url}/wp-json/wp/v2${route}`, {
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
    json = text;
  }
  return { status: res.status, headers: res.headers, json: json as T };
}

/** True when WordPress answers its REST API. */
export async function wordpressAnswers(): Promise<boolean> {
  try {
    const res = await fetch(`${credentials().url}/wp-json/wp/v2/posts?per_page=1&_fields=id`, {
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

export interface CreatedPost {
  id: number;
  slug: string;
  title: { rendered: string; raw?: string };
  status: string;
  link: string;
}

/** Creates a post (draft unless told otherwise) whose slug carries the suite's prefix. */
export async function createPost(fields: Record<string, unknown> & { slug: string }): Promise<CreatedPost> {
  if (!fields.slug.startsWith(CONTRACT_SLUG_PREFIX))
    throw new Error(`slug must start with ${CONTRACT_SLUG_PREFIX}`);
  const res = await wpRest<CreatedPost>('POST', '/posts', { body: { status: 'draft', ...fields } });
  if (res.status !== 201)
    throw new Error(`creating ${fields.slug}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

export async function updatePost(id: number, fields: Record<string, unknown>): Promise<CreatedPost> {
  const res = await wpRest<CreatedPost>('POST', `/posts/${id}`, { body: fields });
  if (res.status !== 200)
    throw new Error(`updating post ${id}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** Moves a post to the trash (`force` deletes it for good). */
export async function deletePost(id: number, force = false): Promise<void> {
  const res = await wpRest('DELETE', `/posts/${id}${force ? '?force=true' : ''}`);
  if (res.status !== 200 && !(force && res.status === 404)) {
    throw new Error(`deleting post ${id}: HTTP ${res.status} ${JSON.stringify(res.json)}`);
  }
}

/** Deletes every post the suite created (in any status, trash included); returns how many. */
export async function deleteContractPosts(): Promise<number> {
  const own: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await wpRest<Array<{ id: number; slug: string }>>(
      'GET',
      `/posts?status=publish,future,draft,pending,private,trash&per_page=100&page=${page}&context=edit&_fields=id,slug`,
    );
    if (res.status !== 200 || !Array.isArray(res.json)) {
      throw new Error(`listing posts: HTTP ${res.status} ${JSON.stringify(res.json)}`);
    }
    for (const post of res.json) {
      // WordPress renames a trashed post's slug to `{slug}__trashed`.
      if (post.slug.startsWith(CONTRACT_SLUG_PREFIX)) own.push(post.id);
    }
    if (page >= Number(res.headers.get('x-wp-totalpages') ?? 1)) break;
  }
  for (const id of own) await deletePost(id, true);
  return own.length;
}

// --- the access log ------------------------------------------------------------------------------

export interface AccessLine {
  method: string;
  uri: string;
  status: number;
}

const LINE = /^\S+ \[[^\]]+\] "(\S+) (\S+) [^"]*" (\d+) [\d.]+ms$/;

/** A position in WordPress's access log: requests WordPress served after it can be read back. */
export interface LogMark {
  offset: number;
}

export function markAccessLog(): LogMark {
  return { offset: existsSync(ACCESS_LOG) ? statSync(ACCESS_LOG).size : 0 };
}

async function readFrom(offset: number): Promise<string> {
  const handle = await open(ACCESS_LOG, 'r');
  try {
    const { size } = await handle.stat();
    if (size <= offset) return '';
    const buffer = Buffer.alloc(size - offset);
    await handle.read(buffer, 0, buffer.length, offset);
    return buffer.toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * REST requests WordPress logged since the mark. PHP's built-in server answers with
 * `Connection: close` and writes the line in a shutdown function, so a line is on disk before the
 * client has the whole answer; the short settle only guards against a worker still flushing.
 */
export async function restRequestsSince(mark: LogMark, settleMs = 150): Promise<AccessLine[]> {
  let text = await readFrom(mark.offset);
  for (;;) {
    await new Promise((r) => setTimeout(r, settleMs));
    const again = await readFrom(mark.offset);
    if (again.length === text.length) break;
    text = again;
  }
  return text
    .split('\n')
    .map((l) => LINE.exec(l.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ method: m[1] as string, uri: m[2] as string, status: Number(m[3]) }))
    .filter((l) => l.uri.startsWith('/wp-json/'));
}

/** `/wp-json/wp/v2/posts?x=1` -> `/posts?x=1`, the form the gateway's client builds. */
export function restPath(uri: string): string {
  return uri.replace(/^\/wp-json\/wp\/v2/, '');
}

// --- the purge webhook and the PHP server ------------------------------------------------------

export interface Webhook {
  url: string;
  secret: string;
}

/** The webhook the last `up` configured (RUN_DIR/purge.php), or null. */
export function currentWebhook(): Webhook | null {
  if (!existsSync(PURGE_FILE)) return null;
  const text = readFileSync(PURGE_FILE, 'utf8');
  const constant = (name: string) => {
    const m = new RegExp(`define\\( '${name}', '((?:[^'\\\\]|\\\\.)*)' \\);`).exec(text);
    return m ? (m[1] as string).replace(/\\(['\\])/g, '$1') : null;
  };
  const url = constant('LAWFIRM_PURGE_URL');
  const secret = constant('LAWFIRM_PURGE_SECRET');
  return url && secret ? { url, secret } : null;
}

let lastPurgeMtime = 0;

/**
 * `npm run wordpress:up` with the webhook given (null: none). Starts whatever is not running
 * (the PHP server after a stop) and rewrites RUN_DIR/purge.php, which WordPress reads per request.
 */
export async function wordpressUp(webhook: Webhook | null): Promise<string> {
  const output = await run('bash', [path.join(REPO_ROOT, 'wordpress', 'scripts', 'up.sh')], {
    WORDPRESS_PURGE_URL: webhook?.url ?? '',
    PURGE_SECRET: webhook?.secret ?? '',
    WORDPRESS_RESEED: '',
  });
  // OPcache revalidates by whole-second modification time: two rewrites within one second would
  // leave WordPress on the older settings, so each rewrite gets a visibly newer time.
  if (existsSync(PURGE_FILE)) {
    lastPurgeMtime = Math.max(Math.floor(Date.now() / 1000), lastPurgeMtime + 1);
    utimesSync(PURGE_FILE, lastPurgeMtime, lastPurgeMtime);
  }
  return output;
}

/** The pid of the PHP server `up` started, if it runs. */
export function phpServerPid(): number | null {
  if (!existsSync(PHP_PID_FILE)) return null;
  const pid = Number(readFileSync(PHP_PID_FILE, 'utf8').replace(/\D/g, ''));
  if (!pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Stops WordPress's PHP server as down.sh does (its process group: the server and its workers),
 * leaving MariaDB running; `wordpressUp` starts it again.
 */
export async function stopPhpServer(): Promise<number> {
  const pid = phpServerPid();
  if (pid === null) throw new Error('the PHP server of npm run wordpress:up is not running');
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  if (!cmdline.includes('-S 127.0.0.1:')) throw new Error(`pid ${pid} is not the PHP server (${cmdline})`);
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    process.kill(pid, 'SIGTERM');
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return pid;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(-pid, 'SIGKILL');
  return pid;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}
