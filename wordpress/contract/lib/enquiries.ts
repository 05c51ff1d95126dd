// Helpers of the enquiry contract tests (enquiries.test.ts): the submitEnquiry mutation, the
// enquiries a run stored in WordPress (found by the run's tag, which every subject carries) and
// their cleanup, the gateway's outbox file, and a gate in front of WordPress that can refuse
// connections, answer 503, or hold the gateway's enquiry requests.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { credentials, wpRest } from './wordpress.js';

export const SUBMIT_ENQUIRY = /* GraphQL */ `
  mutation Submit($input: EnquiryInput!) {
    submitEnquiry(input: $input) {
      ok
      message
      fieldErrors {
        field
        message
      }
    }
  }
`;

export interface EnquiryAnswer {
  ok: boolean;
  message: string | null;
  fieldErrors: Array<{ field: string; message: string }>;
}

/** Subjects of a run start with this, so its enquiries can be found and removed. */
export const ENQUIRY_TAG_PREFIX = 'contract-enquiry-';

export function runTag(): string {
  return `${ENQUIRY_TAG_PREFIX}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** A valid enquiry numbered `n` of a run; `extra` overrides fields. */
export function enquiryInput(
  tag: string,
  n: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    name: `Contract Visitor ${n}`,
    email: `visitor${n}@example.in`,
    phone: `+91 98${String(n % 100_000_000).padStart(8, '0')}`,
    subject: `${tag} #${n}`,
    message: `Enquiry ${n} of ${tag}: please call me about my case.`,
    elapsedMs: 5000,
    ...extra,
  };
}

export async function submitEnquiry(
  gatewayUrl: string,
  input: Record<string, unknown>,
): Promise<{ status: number; answer: EnquiryAnswer | null; raw: string }> {
  const res = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: SUBMIT_ENQUIRY, variables: { input } }),
    signal: AbortSignal.timeout(60_000),
  });
  const raw = await res.text();
  let answer: EnquiryAnswer | null = null;
  try {
    answer = (JSON.parse(raw) as { data?: { submitEnquiry?: EnquiryAnswer } }).data?.submitEnquiry ?? null;
  } catch {
    answer = null;
  }
  return { status: res.status, answer, raw };
}

export interface StoredEnquiry {
  id: number;
  idempotency_key: string | null;
  title: { raw: string };
  content: { raw: string };
  date_gmt: string;
  status: string;
}

/** Every enquiry in WordPress whose title or content holds `search` (any status, trash included). */
export async function enquiriesMatching(search: string): Promise<StoredEnquiry[]> {
  const out: StoredEnquiry[] = [];
  for (let page = 1; ; page += 1) {
    const res = await wpRest<StoredEnquiry[]>(
      'GET',
      `/enquiries?status=private,publish,draft,pending,trash&context=edit&per_page=100&page=${page}` +
        `&search=${encodeURIComponent(search)}&_fields=id,idempotency_key,title,content,date_gmt,status`,
    );
    if (res.status !== 200 || !Array.isArray(res.json)) {
      throw new Error(`listing enquiries: HTTP ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    }
    out.push(...res.json);
    if (page >= Number(res.headers.get('x-wp-totalpages') ?? 1)) break;
  }
  return out;
}

/** Deletes enquiries for good, a few at a time (WordPress here has four PHP workers). */
export async function deleteEnquiries(ids: readonly number[]): Promise<void> {
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const res = await wpRest('DELETE', `/enquiries/${id}?force=true`);
      if (res.status !== 200 && res.status !== 404 && res.status !== 410) {
        throw new Error(`deleting enquiry ${id}: HTTP ${res.status}`);
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

/** Removes what earlier runs of this suite left in WordPress; returns how many. */
export async function deleteContractEnquiries(): Promise<number> {
  const found = (await enquiriesMatching(ENQUIRY_TAG_PREFIX)).filter((e) =>
    e.title.raw.includes(ENQUIRY_TAG_PREFIX),
  );
  await deleteEnquiries(found.map((e) => e.id));
  return found.length;
}

export interface OutboxLine {
  type: 'enquiry' | 'delivered';
  key: string;
  receivedAt?: string;
  at?: string;
  postId?: number;
  enquiry?: Record<string, unknown>;
}

export async function outboxLines(dir: string): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'enquiries.jsonl'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as OutboxLine);
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface HeldRequest {
  key: string;
  /** Sends the request on to WordPress now (whoever asked may be gone); resolves with its status. */
  forward(): Promise<number>;
}

export interface WordPressGate {
  /** Stands in for WORDPRESS_URL. */
  readonly url: string;
  /** Enquiry deliveries that reached the gate (including held and failed ones). */
  readonly enquiryPosts: string[];
  /** 'pass' forwards everything; 'unavailable' answers enquiry deliveries 503; 'hold' keeps them. */
  mode: 'pass' | 'unavailable' | 'hold';
  readonly held: HeldRequest[];
  /** Closes the port: connections are refused, as from a WordPress that is down. */
  down(): Promise<void>;
  /** Listens on the same port again. */
  up(): Promise<void>;
  close(): Promise<void>;
}

const ENQUIRY_PATH = '/wp-json/lawfirm/v1/enquiries';

/** A loopback HTTP proxy in front of the WordPress of `npm run wordpress:up`. */
export async function startWordPressGate(): Promise<WordPressGate> {
  const target = new URL(credentials().url);
  const sockets = new Set<Socket>();
  const enquiryPosts: string[] = [];
  const held: HeldRequest[] = [];

  const forward = (
    req: http.IncomingMessage,
    body: Buffer,
    res: http.ServerResponse | null,
  ): Promise<number> =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
      delete headers.connection;
      const upstream = http.request(
        {
          hostname: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers,
        },
        (up) => {
          const chunks: Buffer[] = [];
          up.on('data', (c: Buffer) => chunks.push(c));
          up.on('end', () => {
            const answer = Buffer.concat(chunks);
            if (res && !res.destroyed && !res.headersSent) {
              const out: http.OutgoingHttpHeaders = { 'content-length': answer.length };
              for (const name of ['content-type', 'x-wp-total', 'x-wp-totalpages']) {
                const v = up.headers[name];
                if (v !== undefined) out[name] = v;
              }
              res.writeHead(up.statusCode ?? 502, out);
              res.end(answer);
            }
            resolve(up.statusCode ?? 0);
          });
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const gate: WordPressGate = {
    url: '',
    enquiryPosts,
    mode: 'pass',
    held,
    down: async () => undefined,
    up: async () => undefined,
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isEnquiry = req.method === 'POST' && (req.url ?? '').startsWith(ENQUIRY_PATH);
      if (isEnquiry) {
        let key = '';
        try {
          key = String(
            (JSON.parse(body.toString('utf8')) as { idempotency_key?: unknown }).idempotency_key ?? '',
          );
        } catch {
          key = '';
        }
        enquiryPosts.push(key);
        if (gate.mode === 'unavailable') {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end('{"code":"service_unavailable","message":"Down for maintenance","data":{"status":503}}');
          return;
        }
        if (gate.mode === 'hold') {
          held.push({ key, forward: () => forward(req, body, null) });
          return;
        }
      }
      forward(req, body, res).catch(() => {
        if (!res.headersSent) {
          res.writeHead(502);
          res.end();
        }
      });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  (gate as { url: string }).url = `http://127.0.0.1:${port}`;

  let listening = true;
  gate.down = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  gate.up = async () => {
    if (listening) return;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    listening = true;
  };
  gate.close = gate.down;
  return gate;
}
