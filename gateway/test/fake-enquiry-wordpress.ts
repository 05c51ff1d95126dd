// The companion plugin's enquiry route, stood in for on loopback: POST
// /wp-json/lawfirm/v1/enquiries with Basic auth, one post per idempotency key (201 first, 200 with
// the same id after), as wordpress/plugin/lawfirm-companion/includes/enquiries.php behaves. It can
// be taken down (connection refused) and brought back on the same port, answer with an error
// status, or refuse chosen enquiries, and it records what it received.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface StoredEnquiry {
  id: number;
  key: string;
  body: Record<string, unknown>;
}

export interface FakeEnquiryWordPress {
  readonly url: string;
  /** Posts stored, one per key. */
  readonly posts: Map<string, StoredEnquiry>;
  /** Every POST that reached the route (repeats included), by key. */
  readonly requests: string[];
  /** Requests refused with `status` (or taken down) so far. */
  failed: number;
  /** Answer every request with this status (e.g. 503) until set back to null. */
  status: number | null;
  /** Refuse (400 rest_invalid_param) enquiries whose message includes this text. */
  refuseMessagesContaining: string | null;
  /** Stop listening: connections are refused until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeEnquiryWordPress(credentials: {
  user: string;
  appPassword: string;
}): Promise<FakeEnquiryWordPress> {
  const expectedAuth = `Basic ${Buffer.from(`${credentials.user}:${credentials.appPassword}`).toString('base64')}`;
  const posts = new Map<string, StoredEnquiry>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  let nextId = 1000;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const fake: FakeEnquiryWordPress = {
    url: '',
    posts,
    requests,
    failed: 0,
    status: null,
    refuseMessagesContaining: null,
    down: async () => undefined,
    up: async () => undefined,
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/wp-json/lawfirm/v1/enquiries') {
        return json(res, 404, {
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        });
      }
      if (req.headers.authorization !== expectedAuth) {
        return json(res, 401, {
          code: 'rest_forbidden',
          message: 'Sorry, you are not allowed to do that.',
          data: { status: 401 },
        });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(res, 400, {
          code: 'rest_invalid_json',
          message: 'Invalid JSON body passed.',
          data: { status: 400 },
        });
      }
      const key = String(body.idempotency_key ?? '');
      requests.push(key);
      if (fake.status !== null) {
        fake.failed += 1;
        return json(res, fake.status, {
          code: 'internal_server_error',
          message: 'Simulated failure',
          data: { status: fake.status },
        });
      }
      if (fake.refuseMessagesContaining && String(body.message).includes(fake.refuseMessagesContaining)) {
        fake.failed += 1;
        // WordPress's own error echoes what was sent in `data.params`: the gateway must not log it.
        return json(res, 400, {
          code: 'rest_invalid_param',
          message: `Invalid parameter(s): message (${String(body.message)})`,
          data: { status: 400, params: { message: String(body.message) } },
        });
      }
      const existing = posts.get(key);
      if (existing)
        return json(res, 200, { id: existing.id, created: false, status: 'private', idempotency_key: key });
      const post = { id: nextId++, key, body };
      posts.set(key, post);
      return json(res, 201, { id: post.id, created: true, status: 'private', idempotency_key: key });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  (fake as { url: string }).url = `http://127.0.0.1:${port}`;

  let listening = true;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  fake.down = stop;
  fake.up = async () => {
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
  fake.close = stop;
  return fake;
}
