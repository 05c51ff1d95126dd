// submitEnquiry end to end in-process: the resolver, the outbox on disk, the delivery worker and its
// HTTP call to a stand-in for the companion plugin's idempotent route (fake-enquiry-wordpress.ts).
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ENQUIRY_MESSAGES, ENQUIRY_RULES } from '@site/content-model';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '../src/config.js';
import { OUTBOX_FILE, createOutbox } from '../src/enquiry/outbox.js';
import type { EnquiryResult } from '../src/generated/resolvers.js';
import { createHttpServer, listen } from '../src/http.js';
import { createGateway, type Gateway } from '../src/server.js';
import { formatEnquiries } from '../src/tools/enquiries.js';
import { startFakeEnquiryWordPress, type FakeEnquiryWordPress } from './fake-enquiry-wordpress.js';

const SUBMIT = /* GraphQL */ `
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

const CREDENTIALS = { user: 'editor-bot', appPassword: 'abcd efgh ijkl mnop qrst uvwx' };

type Input = Record<string, unknown>;

const valid = (n = 0, extra: Input = {}): Input => ({
  name: `Visitor Number ${n}`,
  email: `visitor${n}@example.in`,
  phone: '+91 98765 43210',
  subject: `Question ${n}`,
  message: `I need advice about case ${n}, please call me back.`,
  elapsedMs: 12_000,
  ...extra,
});

interface Rig {
  gateway: Gateway;
  outboxDir: string;
  logs: string[];
  submit(input: Input, clientIp?: string): Promise<EnquiryResult>;
  close(): Promise<void>;
}

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'enquiries-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function rig(
  options: { wp?: FakeEnquiryWordPress | null; env?: Env; outboxDir?: string } = {},
): Promise<Rig> {
  const outboxDir = options.outboxDir ?? path.join(await tempDir(), 'outbox');
  const logs: string[] = [];
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    }),
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    OUTBOX_DIR: outboxDir,
    ENQUIRY_RETRY_MAX: '1',
    ...(options.wp
      ? {
          WORDPRESS_URL: options.wp.url,
          WORDPRESS_USER: CREDENTIALS.user,
          WORDPRESS_APP_PASSWORD: CREDENTIALS.appPassword,
        }
      : {}),
    ...options.env,
  });
  const gateway = createGateway(config, {
    logger,
    enquiries: { initialDelayMs: 10, random: () => 0.5 },
  });
  await gateway.start();
  return {
    gateway,
    outboxDir,
    logs,
    async submit(input, clientIp = '198.51.100.1') {
      const response = await gateway.executeOperation<{ submitEnquiry: EnquiryResult }>(
        { query: SUBMIT, variables: { input } },
        { clientIp },
      );
      if (response.body.kind !== 'single') throw new Error('expected a single result');
      const { data, errors } = response.body.singleResult;
      if (errors) throw new Error(JSON.stringify(errors));
      return data!.submitEnquiry;
    },
    close: () => gateway.stop(),
  };
}

async function outboxLines(dir: string): Promise<Array<Record<string, unknown>>> {
  try {
    return (await readFile(path.join(dir, OUTBOX_FILE), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('submitEnquiry with WordPress', () => {
  let wp: FakeEnquiryWordPress;
  let r: Rig;
  beforeAll(async () => {
    wp = await startFakeEnquiryWordPress(CREDENTIALS);
  });
  afterAll(async () => {
    await wp.close();
  });
  afterEach(async () => {
    await r?.close();
    wp.posts.clear();
    wp.requests.length = 0;
    wp.status = null;
    wp.refuseMessagesContaining = null;
    await wp.up();
  });

  it('answers only once the enquiry is on disk, then delivers it once as a private post', async () => {
    r = await rig({ wp });
    await wp.down();
    const result = await r.submit(
      valid(1, { phone: '0120-4001985', subject: '', practiceArea: 'family-law' }),
    );
    expect(result).toEqual({ ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] });
    expect(result.message).toContain('within 24 hours');
    const [line] = await outboxLines(r.outboxDir);
    expect(line).toMatchObject({
      type: 'enquiry',
      enquiry: {
        name: 'Visitor Number 1',
        email: 'visitor1@example.in',
        // What the visitor typed, and the number to dial from anywhere.
        phone: '0120-4001985',
        phoneE164: '+911204001985',
        subject: null,
        practiceArea: 'family-law',
      },
    });
    expect((await stat(path.join(r.outboxDir, OUTBOX_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(r.outboxDir)).mode & 0o777).toBe(0o700);
    expect(wp.posts.size).toBe(0);

    await wp.up();
    await r.gateway.enquiries.idle();
    expect(wp.posts.size).toBe(1);
    const post = wp.posts.get(line!.key as string)!;
    expect(post.body).toEqual({
      idempotency_key: line!.key,
      received_at: line!.receivedAt,
      name: 'Visitor Number 1',
      email: 'visitor1@example.in',
      phone: '0120-4001985',
      phone_e164: '+911204001985',
      subject: null,
      message: 'I need advice about case 1, please call me back.',
      practice_area: 'family-law',
    });
    const lines = await outboxLines(r.outboxDir);
    expect(lines.map((l) => l.type)).toEqual(['enquiry', 'delivered']);
    expect(lines[1]).toMatchObject({ key: line!.key, postId: post.id });
  });

  it('delivers 200 concurrent submissions exactly once each', async () => {
    r = await rig({ wp, env: { ENQUIRY_RATE_LIMIT: '0' } });
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => r.submit(valid(i))));
    expect(results.every((x) => x.ok)).toBe(true);
    await r.gateway.enquiries.idle();
    expect(wp.posts.size).toBe(200);
    expect(new Set([...wp.posts.values()].map((p) => p.body.name)).size).toBe(200);
    expect(wp.requests).toHaveLength(200);
    expect(await r.gateway.enquiries.outbox.pending()).toEqual([]);
  });

  it('keeps enquiries while WordPress is down or failing, and delivers them all when it is back', async () => {
    r = await rig({ wp, env: { ENQUIRY_RATE_LIMIT: '0' } });
    await wp.down();
    const first = await Promise.all(Array.from({ length: 15 }, (_, i) => r.submit(valid(i))));
    await until(() => (r.gateway.enquiries.stats()?.failures ?? 0) >= 2, 'failed attempts while down');
    await wp.up();
    wp.status = 503;
    const second = await Promise.all(Array.from({ length: 15 }, (_, i) => r.submit(valid(100 + i))));
    await until(() => wp.failed >= 2, '503 answers');
    expect(wp.posts.size).toBe(0);
    expect([...first, ...second].every((x) => x.ok)).toBe(true);
    wp.status = null;
    await r.gateway.enquiries.idle();
    expect(wp.posts.size).toBe(30);
    expect(await r.gateway.enquiries.outbox.pending()).toEqual([]);
    // While WordPress failed, the worker probed; it did not resend the whole queue each time.
    expect(wp.requests.length).toBeLessThan(30 + 30);
  });

  it('replays after a restart: delivered once, even the one WordPress stored but never confirmed', async () => {
    const outboxDir = path.join(await tempDir(), 'outbox');
    r = await rig({ wp, outboxDir });
    await wp.down();
    for (let i = 0; i < 5; i++) expect((await r.submit(valid(i), `198.51.100.${i}`)).ok).toBe(true);
    await r.close();
    const undelivered = await createOutbox({ dir: outboxDir }).pending();
    expect(undelivered).toHaveLength(5);
    // WordPress stored this one, but its answer never reached the gateway (it went down first).
    wp.posts.set(undelivered[2]!.key, { id: 1, key: undelivered[2]!.key, body: {} });
    await wp.up();

    r = await rig({ wp, outboxDir });
    await r.gateway.enquiries.idle();
    expect(wp.posts.size).toBe(5);
    expect(wp.requests).toHaveLength(5);
    expect(new Set(wp.requests).size).toBe(5);
    expect(await r.gateway.enquiries.outbox.pending()).toEqual([]);
    const delivered = (await outboxLines(outboxDir)).filter((l) => l.type === 'delivered');
    expect(delivered).toHaveLength(5);
    expect(delivered.find((l) => l.key === undelivered[2]!.key)?.postId).toBe(1);
  });

  it('never logs personal data, even when WordPress echoes it in an error', async () => {
    r = await rig({ wp, env: { ENQUIRY_RATE_LIMIT: '0' } });
    const server: FastifyInstance = createHttpServer(r.gateway);
    await listen(server, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const pii = {
      name: 'Zebulon Quixote-Marwah',
      email: 'zq.private.mail@example.in',
      phone: '+91 99887-76655',
      subject: 'Secret custody matter Xylophone',
      message: 'My neighbour Ravindra Kumblewala threatened me on the telephone. REFUSE-ME',
    };
    const post = (input: Input) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50' },
        body: JSON.stringify({ query: SUBMIT, variables: { input } }),
      }).then((res) => res.json() as Promise<{ data: { submitEnquiry: EnquiryResult } }>);
    try {
      wp.refuseMessagesContaining = 'REFUSE-ME';
      expect((await post({ ...pii, elapsedMs: 9000 })).data.submitEnquiry.ok).toBe(true);
      expect((await post({ ...pii, message: 'Delivered fine', elapsedMs: 9000 })).data.submitEnquiry.ok).toBe(
        true,
      );
      expect((await post({ ...pii, email: 'zq.private.mail@', elapsedMs: 9000 })).data.submitEnquiry.ok).toBe(
        false,
      );
      expect((await post({ ...pii, elapsedMs: 100 })).data.submitEnquiry.ok).toBe(false);
      expect(
        (await post({ ...pii, website: 'http://spam.example', elapsedMs: 9000 })).data.submitEnquiry.ok,
      ).toBe(true);
      await until(() => {
        const stats = r.gateway.enquiries.stats();
        return stats?.delivered === 1 && stats.failures >= 2;
      }, 'one delivery and two refusals');
    } finally {
      await server.close();
    }
    const text = r.logs.join('\n');
    expect(r.logs.length).toBeGreaterThan(8);
    expect(text).toContain('enquiry accepted');
    expect(text).toContain('enquiry delivered');
    expect(text).toContain('WordPress refused an enquiry');
    for (const value of [
      pii.name,
      'Zebulon',
      'Marwah',
      pii.email,
      'zq.private',
      pii.phone,
      '99887',
      '76655',
      pii.subject,
      'Xylophone',
      'Ravindra',
      'Kumblewala',
      'Delivered fine',
      'spam.example',
    ]) {
      expect(text, value).not.toContain(value);
    }
  });

  it("does not let one submission's answer carry another visitor's data, nor serve it from a cache", async () => {
    r = await rig({ wp, env: { ENQUIRY_RATE_LIMIT: '0' } });
    const server = createHttpServer(r.gateway);
    await listen(server, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const body = JSON.stringify({
      query: SUBMIT,
      variables: { input: valid(7, { name: 'Priyamvada Sharma' }) },
    });
    const send = (b: string) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: b,
      }).then((res) => res.text());
    try {
      const answers = [await send(body), await send(body)];
      const other = await send(
        JSON.stringify({
          query: SUBMIT,
          variables: { input: valid(8, { email: 'bad', name: 'Ishaan Verma' }) },
        }),
      );
      for (const answer of [...answers, other]) {
        for (const value of [
          'Priyamvada',
          'Sharma',
          'visitor7@',
          'Ishaan',
          'Verma',
          'case 7',
          'case 8',
          '98765',
        ]) {
          expect(answer, value).not.toContain(value);
        }
      }
      expect(JSON.parse(other)).toEqual({
        data: {
          submitEnquiry: {
            ok: false,
            message: null,
            fieldErrors: [{ field: 'email', message: ENQUIRY_RULES.email.messages.invalid }],
          },
        },
      });
    } finally {
      await server.close();
    }
    // The identical request was executed twice: two enquiries, none answered from a response cache.
    expect((await outboxLines(r.outboxDir)).filter((l) => l.type === 'enquiry')).toHaveLength(2);
  });
});

describe('submitEnquiry refusals', () => {
  let r: Rig;
  afterEach(async () => {
    await r?.close();
  });

  const cases: Array<[string, Input, string]> = [
    ['no name', { name: '' }, 'name'],
    ['a one-letter name', { name: 'Z' }, 'name'],
    ['a name over 100 characters', { name: 'N'.repeat(101) }, 'name'],
    ['a malformed e-mail', { email: 'visitor@' }, 'email'],
    ['no e-mail', { email: '   ' }, 'email'],
    ['a short phone number', { phone: '98765' }, 'phone'],
    ['a landline with a digit missing', { phone: '0120 40019' }, 'phone'],
    ['words instead of a number', { phone: 'call me' }, 'phone'],
    ['a subject over 200 characters', { subject: 'S'.repeat(201) }, 'subject'],
    ['a message under 10 characters', { message: 'Help me' }, 'message'],
    ['a message over 5000 characters', { message: 'M'.repeat(5001) }, 'message'],
    ['an unknown practice area', { practiceArea: 'tax-law' }, 'practiceArea'],
  ];

  it.each(cases)("refuses %s with that field's error and stores nothing", async (_label, bad, field) => {
    r = await rig();
    const result = await r.submit(valid(1, bad));
    expect(result.ok).toBe(false);
    expect(result.message).toBeNull();
    expect(result.fieldErrors).toHaveLength(1);
    expect(result.fieldErrors[0]?.field).toBe(field);
    expect(result.fieldErrors[0]?.message).toMatch(/^Please /);
    await expect(stat(r.outboxDir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('tells a filled honeypot it worked, and keeps nothing', async () => {
    r = await rig();
    const result = await r.submit(valid(1, { website: 'https://cheap-seo.example' }));
    expect(result).toEqual({ ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] });
    expect(await outboxLines(r.outboxDir)).toEqual([]);
  });

  it('asks a form sent in under 3 seconds (or without its timing) to be sent again, keeping nothing', async () => {
    r = await rig();
    for (const elapsedMs of [0, 2999, null, undefined]) {
      const result = await r.submit(valid(1, { elapsedMs }));
      expect(result).toEqual({ ok: false, message: ENQUIRY_MESSAGES.tooFast, fieldErrors: [] });
    }
    expect(await outboxLines(r.outboxDir)).toEqual([]);
    expect((await r.submit(valid(1, { elapsedMs: 3000 }))).ok).toBe(true);
  });

  it('limits each address to ENQUIRY_RATE_LIMIT submissions per window', async () => {
    r = await rig({ env: { ENQUIRY_RATE_LIMIT: '3', ENQUIRY_RATE_WINDOW: '600' } });
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await r.submit(valid(i), '198.51.100.20'));
    expect(mine.map((x) => x.ok)).toEqual([true, true, true, false, false]);
    expect(mine[3]).toEqual({ ok: false, message: ENQUIRY_MESSAGES.rateLimited, fieldErrors: [] });
    expect((await r.submit(valid(9), '198.51.100.21')).ok).toBe(true);
    expect((await outboxLines(r.outboxDir)).length).toBe(4);
  });

  it("keys the limit on the visitor behind the site's web server (X-Forwarded-For from loopback)", async () => {
    r = await rig({ env: { ENQUIRY_RATE_LIMIT: '1' } });
    const server = createHttpServer(r.gateway);
    await listen(server, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const send = (ip: string, n: number) =>
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ query: SUBMIT, variables: { input: valid(n) } }),
      })
        .then((res) => res.json() as Promise<{ data: { submitEnquiry: EnquiryResult } }>)
        .then((j) => j.data.submitEnquiry.ok);
    try {
      expect([
        await send('203.0.113.1', 1),
        await send('203.0.113.1', 2),
        await send('203.0.113.2', 3),
      ]).toEqual([true, false, true]);
    } finally {
      await server.close();
    }
  });

  it('says so instead of pretending when the outbox cannot be written', async () => {
    const parent = await tempDir();
    await writeFile(path.join(parent, 'file'), 'not a folder');
    r = await rig({ outboxDir: path.join(parent, 'file', 'outbox') });
    expect(await r.submit(valid(1))).toEqual({
      ok: false,
      message: ENQUIRY_MESSAGES.unavailable,
      fieldErrors: [],
    });
  });
});

describe('submitEnquiry without WordPress (embedded content)', () => {
  it('keeps enquiries in the outbox for npm run enquiries', async () => {
    const r = await rig({ wp: null });
    try {
      expect(r.gateway.enquiries.mode).toBe('outbox');
      expect((await r.submit(valid(1, { practiceArea: 'bail-hearings', subject: '' }))).ok).toBe(true);
      // A client abroad writes their number with its country code.
      expect((await r.submit(valid(2, { phone: '+44 20 7946 0958' }))).ok).toBe(true);
      await r.gateway.enquiries.idle();
      const report = await r.gateway.enquiries.outbox.read();
      expect(report.entries.map((e) => e.delivered)).toEqual([null, null]);
      const listing = formatEnquiries(report);
      expect(listing).toContain('2 enquiries in the outbox, 2 not delivered to WordPress.');
      expect(listing).toContain('Visitor Number 1');
      expect(listing).toContain('Bail Hearings');
      expect(listing).toContain('Question 2');
      expect(listing.match(/pending/g)).toHaveLength(2);
      const full = formatEnquiries(report, { full: true });
      expect(full).toContain('Phone:         +44 20 7946 0958 (+442079460958)\n');
      expect(full).toContain('Phone:         +91 98765 43210 (+919876543210)\n');
    } finally {
      await r.close();
    }
  });
});
