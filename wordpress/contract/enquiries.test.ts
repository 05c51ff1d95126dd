// Contact enquiries against the real WordPress: the gateway's real HTTP server (gateway/src/main.ts
// in a child process, its own outbox folder) delivering to the companion plugin's idempotent route
// with the application password.
// - 1 000 concurrent submissions -> 1 000 private enquiries in WordPress, one per idempotency key;
// - WordPress unreachable (connections refused, then answering 503) for a while -> everything
//   accepted meanwhile is delivered once it is back;
// - the gateway killed with SIGKILL between the outbox write and the delivery (and once with a
//   delivery WordPress stored but never got to confirm) -> each delivered exactly once after restart;
// - invalid input of every kind -> the right field error, nothing in the outbox, nothing sent;
// - phone numbers as visitors write them (an Indian landline, a number abroad) -> stored as typed
//   and in E.164; a delivery without the E.164 form (an older gateway) is still taken.
// "Unreachable" is a gate in front of WordPress that closes its port: to the gateway that is exactly
// a stopped WordPress, and WordPress itself keeps running for anything else using it.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENQUIRY_MESSAGES, ENQUIRY_RULES } from '@site/content-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteContractEnquiries,
  deleteEnquiries,
  enquiriesMatching,
  enquiryInput,
  outboxLines,
  runTag,
  startWordPressGate,
  submitEnquiry,
  waitFor,
  type StoredEnquiry,
} from './lib/enquiries.js';
import { figure } from './lib/figures.js';
import { startChildGateway, type ChildGateway } from './lib/gateway.js';
import { credentials, markAccessLog, restRequestsSince } from './lib/wordpress.js';

const tempDirs: string[] = [];
const gateways: ChildGateway[] = [];
const created: number[] = [];

async function outboxDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'contract-outbox-'));
  tempDirs.push(dir);
  return path.join(dir, 'outbox');
}

/** The gateway's real server with enquiry delivery on, and every rate limit out of the way. */
async function gatewayFor(
  wordpressUrl: string,
  dir: string,
  env: Record<string, string> = {},
): Promise<ChildGateway> {
  const { user, appPassword } = credentials();
  const gw = await startChildGateway({
    WORDPRESS_URL: wordpressUrl,
    WORDPRESS_USER: user,
    WORDPRESS_APP_PASSWORD: appPassword,
    OUTBOX_DIR: dir,
    ENQUIRY_RATE_LIMIT: '0',
    RATE_LIMIT_GRAPHQL: '0',
    RATE_LIMIT_WRITES: '0',
    ...env,
  });
  gateways.push(gw);
  return gw;
}

async function stored(tag: string): Promise<StoredEnquiry[]> {
  const list = (await enquiriesMatching(tag)).filter((e) => e.title.raw.includes(tag));
  created.push(...list.map((e) => e.id));
  return list;
}

/** No key twice, and every key one of the outbox's. */
function expectOnePerKey(list: StoredEnquiry[], keys: readonly string[]) {
  const stored = list.map((e) => e.idempotency_key);
  expect(new Set(stored).size).toBe(list.length);
  expect([...stored].sort()).toEqual([...keys].sort());
  expect(list.every((e) => e.status === 'private')).toBe(true);
}

const delivered = async (dir: string) => (await outboxLines(dir)).filter((l) => l.type === 'delivered');

// A run stores some 1 060 enquiries, and WordPress here deletes about ten a second: the cleanup
// takes minutes, not the minute a hook gets by default.
const CLEANUP_MS = 300_000;

beforeAll(async () => {
  const removed = await deleteContractEnquiries();
  if (removed > 0) console.log(`[enquiries] deleted ${removed} enquiries left by an earlier run`);
}, CLEANUP_MS);

afterAll(async () => {
  for (const gw of gateways) await gw.stop();
  await deleteEnquiries([...new Set(created)]);
  for (const d of tempDirs) await rm(d, { recursive: true, force: true });
}, CLEANUP_MS);

describe('enquiries delivered to the real WordPress', () => {
  it(
    'turns 1 000 concurrent submissions into 1 000 private enquiries, no duplicates',
    { timeout: 300_000 },
    async () => {
      const tag = runTag();
      const dir = await outboxDir();
      const gw = await gatewayFor(credentials().url, dir);
      const N = 1000;

      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: N }, (_, n) => submitEnquiry(gw.url, enquiryInput(tag, n))),
      );
      const acceptedMs = performance.now() - started;
      expect(answers.filter((a) => a.status === 200 && a.answer?.ok === true)).toHaveLength(N);
      expect(answers.every((a) => a.answer?.message === ENQUIRY_MESSAGES.success)).toBe(true);
      const enquiries = (await outboxLines(dir)).filter((l) => l.type === 'enquiry');
      expect(enquiries).toHaveLength(N);

      await waitFor(async () => (await delivered(dir)).length >= N, `${N} deliveries`, 240_000);
      const deliveredMs = performance.now() - started;

      const list = await stored(tag);
      expect(list).toHaveLength(N);
      expectOnePerKey(
        list,
        enquiries.map((e) => e.key),
      );
      // Every visitor's enquiry is there once, with what that visitor wrote.
      const numbers = list.map((e) => Number(/#(\d+)$/.exec(e.title.raw)?.[1]));
      expect(new Set(numbers).size).toBe(N);
      const sample = list.find((e) => e.title.raw.endsWith(`${tag} #7`))!;
      expect(sample.title.raw).toBe(`Contract Visitor 7 — ${tag} #7`);
      expect(sample.content.raw).toContain('visitor7@example.in');
      expect(sample.content.raw).toContain('<strong>Phone:</strong> +91 9800000007</p>');
      expect(sample.content.raw).toContain('<strong>Phone (E.164):</strong> +919800000007</p>');
      expect((await delivered(dir)).length).toBe(N);
      expect((await stat(path.join(dir, 'enquiries.jsonl'))).mode & 0o777).toBe(0o600);

      // Nothing a visitor typed reached the gateway's log. (Epoch timestamps are left out: a number
      // like 1795313980004 holds "98000" by chance.)
      const log = JSON.stringify(gw.logs.map(({ time: _time, ...line }) => line));
      expect(gw.logs.filter((l) => l.msg === 'enquiry delivered')).toHaveLength(N);
      for (const value of ['Contract Visitor', 'example.in', '+91 98000', '98000000', 'please call me'])
        expect(log).not.toContain(value);

      figure('enquiries: concurrent submissions accepted', `${N}/${N} in ${Math.round(acceptedMs)} ms`);
      figure(
        'enquiries: delivered to WordPress',
        `${list.length} posts, ${list.length - new Set(list.map((e) => e.idempotency_key)).size} duplicates`,
      );
      figure(
        'enquiries: time from first submission to last delivery',
        `${(deliveredMs / 1000).toFixed(1)} s (${Math.round((N * 1000) / deliveredMs)} enquiries/s)`,
      );
    },
  );

  it(
    'keeps what arrives while WordPress is unreachable or failing, and delivers it all when it is back',
    { timeout: 180_000 },
    async () => {
      const tag = runTag();
      const dir = await outboxDir();
      const gate = await startWordPressGate();
      try {
        const gw = await gatewayFor(gate.url, dir, { ENQUIRY_RETRY_MAX: '2' });
        await gate.down();
        const whileDown = await Promise.all(
          Array.from({ length: 40 }, (_, n) => submitEnquiry(gw.url, enquiryInput(tag, n))),
        );
        expect(whileDown.every((a) => a.answer?.ok === true)).toBe(true);
        await waitFor(
          () => gw.logs.filter((l) => l.msg === 'enquiry delivery failed; retrying').length >= 3,
          'three failed attempts',
          30_000,
        );
        const refusedAttempts = gw.logs.filter((l) => l.msg === 'enquiry delivery failed; retrying').length;

        // Back, but overloaded: every delivery is answered 503 for a while.
        gate.mode = 'unavailable';
        await gate.up();
        const whileFailing = await Promise.all(
          Array.from({ length: 10 }, (_, n) => submitEnquiry(gw.url, enquiryInput(tag, 100 + n))),
        );
        expect(whileFailing.every((a) => a.answer?.ok === true)).toBe(true);
        await waitFor(() => gate.enquiryPosts.length >= 4, 'four 503 answers', 30_000);
        // One probe at a time while it fails: never a burst of the whole queue.
        const failedAnswers = gate.enquiryPosts.length;
        expect(failedAnswers).toBeLessThanOrEqual(5);
        expect(await stored(tag)).toHaveLength(0);
        expect(await delivered(dir)).toHaveLength(0);

        gate.mode = 'pass';
        const back = performance.now();
        await waitFor(async () => (await delivered(dir)).length >= 50, '50 deliveries', 60_000);
        const recoveredMs = performance.now() - back;

        const list = await stored(tag);
        expect(list).toHaveLength(50);
        const keys = (await outboxLines(dir)).filter((l) => l.type === 'enquiry').map((l) => l.key);
        expectOnePerKey(list, keys);

        figure(
          'enquiries: accepted while WordPress was unreachable / answering 503',
          `${whileDown.length} / ${whileFailing.length}`,
        );
        figure(
          'enquiries: failed delivery attempts during the outage',
          `${refusedAttempts} refused connections, ${failedAnswers} 503 answers`,
        );
        figure(
          'enquiries: all delivered after WordPress came back',
          `${list.length}/50 in ${(recoveredMs / 1000).toFixed(1)} s, 0 duplicates`,
        );
      } finally {
        await gate.close();
      }
    },
  );

  it(
    'delivers exactly once after the gateway is killed with SIGKILL between the outbox and WordPress',
    { timeout: 120_000 },
    async () => {
      const tag = runTag();
      const dir = await outboxDir();
      const gate = await startWordPressGate();
      try {
        gate.mode = 'hold';
        const first = await gatewayFor(gate.url, dir);
        for (let n = 0; n < 3; n++)
          expect((await submitEnquiry(first.url, enquiryInput(tag, n))).answer?.ok).toBe(true);
        await waitFor(() => gate.held.length === 3, 'three deliveries on their way', 30_000);
        const keys = (await outboxLines(dir)).filter((l) => l.type === 'enquiry').map((l) => l.key);
        expect(keys).toHaveLength(3);

        process.kill(first.pid, 'SIGKILL');
        await waitFor(
          () => {
            try {
              process.kill(first.pid, 0);
              return false;
            } catch {
              return true;
            }
          },
          'the killed gateway to be gone',
          10_000,
        );
        // One delivery reaches WordPress after all: stored, but the gateway never heard. The other
        // two never got there.
        const reachedAfterKill = gate.held.find((h) => h.key === keys[1])!;
        expect(await reachedAfterKill.forward()).toBe(201);
        const [storedBefore] = await stored(tag);
        expect(storedBefore?.idempotency_key).toBe(keys[1]);
        expect(await delivered(dir)).toHaveLength(0);

        gate.mode = 'pass';
        const postsBefore = gate.enquiryPosts.length;
        const second = await gatewayFor(gate.url, dir);
        await waitFor(
          async () => (await delivered(dir)).length >= 3,
          'three deliveries after restart',
          60_000,
        );
        expect(second.logs.some((l) => l.msg === 'replaying undelivered enquiries' && l.pending === 3)).toBe(
          true,
        );

        const list = await stored(tag);
        expect(list).toHaveLength(3);
        expectOnePerKey(list, keys);
        expect(list.find((e) => e.idempotency_key === keys[1])?.id).toBe(storedBefore!.id);
        const replayed = second.logs.filter((l) => l.msg === 'enquiry delivered');
        expect(replayed.map((l) => l.created).sort()).toEqual([false, true, true]);
        expect(gate.enquiryPosts.length - postsBefore).toBe(3);

        figure(
          'enquiries: after SIGKILL between outbox and WordPress',
          `3 replayed: 2 created, 1 already in WordPress (answer lost) returned as is; ${list.length} posts, 0 duplicates`,
        );
      } finally {
        await gate.close();
      }
    },
  );

  it(
    'stores the phone number as the visitor typed it and in E.164, and still takes deliveries without it',
    { timeout: 60_000 },
    async () => {
      const tag = runTag();
      const dir = await outboxDir();
      const gw = await gatewayFor(credentials().url, dir);
      const phones = [
        ['0120-4001985', '+911204001985'],
        ['+44 20 7946 0958', '+442079460958'],
      ];
      for (const [n, [phone]] of phones.entries()) {
        const { answer } = await submitEnquiry(gw.url, enquiryInput(tag, n, { phone }));
        expect(answer?.ok, phone).toBe(true);
      }
      await waitFor(async () => (await delivered(dir)).length >= phones.length, 'two deliveries', 30_000);
      const lines = (await outboxLines(dir)).filter((l) => l.type === 'enquiry');
      expect(lines.map((l) => [l.enquiry?.phone, l.enquiry?.phoneE164])).toEqual(phones);
      const list = await stored(tag);
      expect(list).toHaveLength(phones.length);
      for (const [n, [phone, e164]] of phones.entries()) {
        const post = list.find((e) => e.title.raw.endsWith(`${tag} #${n}`));
        expect(post?.content.raw, phone).toContain(`<strong>Phone:</strong> ${phone}</p>`);
        expect(post?.content.raw, phone).toContain(`<strong>Phone (E.164):</strong> ${e164}</p>`);
      }

      // A gateway from before the E.164 form sends the number as typed only: still stored.
      const { url, user, appPassword } = credentials();
      const deliver = (fields: Record<string, unknown>) =>
        fetch(`${url}/wp-json/lawfirm/v1/enquiries`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${user}:${appPassword}`).toString('base64')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            idempotency_key: randomUUID(),
            received_at: new Date().toISOString(),
            name: 'Contract Visitor 9',
            email: 'visitor9@example.in',
            phone: '+91 98000 00009',
            subject: `${tag} #9`,
            message: `Enquiry 9 of ${tag}: from a gateway without E.164.`,
            practice_area: null,
            ...fields,
          }),
          signal: AbortSignal.timeout(20_000),
        });
      expect((await deliver({})).status).toBe(201);
      // The route's backstop: whatever comes as the E.164 form is one.
      expect((await deliver({ phone_e164: 'call me' })).status).toBe(400);
      const older = (await stored(tag)).filter((e) => e.title.raw.endsWith(`${tag} #9`));
      expect(older).toHaveLength(1);
      expect(older[0]?.content.raw).toContain('<strong>Phone:</strong> +91 98000 00009</p>');
      expect(older[0]?.content.raw).not.toContain('<strong>Phone (E.164):</strong>');
      figure(
        'enquiries: phone numbers stored as typed and in E.164',
        phones.map(([p, e]) => `${p} -> ${e}`).join(', '),
      );
    },
  );

  it(
    'answers invalid input of every kind with the right field error, and stores and sends nothing',
    { timeout: 120_000 },
    async () => {
      const tag = runTag();
      const dir = await outboxDir();
      const gw = await gatewayFor(credentials().url, dir);
      const mark = markAccessLog();
      const r = ENQUIRY_RULES;
      const cases: Array<[string, Record<string, unknown>, string, string]> = [
        ['no name', { name: '' }, 'name', r.name.messages.required!],
        ['a one-letter name', { name: 'Q' }, 'name', r.name.messages.tooShort!],
        ['a 101-character name', { name: 'N'.repeat(101) }, 'name', r.name.messages.tooLong],
        ['no e-mail', { email: '' }, 'email', r.email.messages.required!],
        ['an e-mail without a domain', { email: 'visitor@' }, 'email', r.email.messages.invalid!],
        ['an e-mail with spaces', { email: 'a visitor@example.in' }, 'email', r.email.messages.invalid!],
        ['no phone', { phone: '' }, 'phone', r.phone.messages.required!],
        ['a 9-digit phone', { phone: '98765 4321' }, 'phone', r.phone.messages.invalid!],
        ['a number too short for India', { phone: '+91 12345' }, 'phone', r.phone.messages.invalid!],
        ['a landline with a digit missing', { phone: '0120 40019' }, 'phone', r.phone.messages.invalid!],
        ['words for a phone', { phone: 'call me' }, 'phone', r.phone.messages.invalid!],
        ['a phone with letters', { phone: '98765 ABCDE' }, 'phone', r.phone.messages.invalid!],
        [
          'a 201-character subject',
          { subject: `${tag} ${'S'.repeat(200)}` },
          'subject',
          r.subject.messages.tooLong,
        ],
        ['no message', { message: '' }, 'message', r.message.messages.required!],
        ['a 9-character message', { message: 'Call me!!' }, 'message', r.message.messages.tooShort!],
        ['a 5001-character message', { message: 'M'.repeat(5001) }, 'message', r.message.messages.tooLong],
        [
          'an unknown practice area',
          { practiceArea: 'tax-law' },
          'practiceArea',
          r.practiceArea.messages.invalid!,
        ],
      ];
      for (const [label, bad, field, message] of cases) {
        const { answer } = await submitEnquiry(gw.url, enquiryInput(tag, 1, bad));
        expect(answer, label).toEqual({ ok: false, message: null, fieldErrors: [{ field, message }] });
      }
      const everything = await submitEnquiry(gw.url, {
        name: '',
        email: 'x',
        phone: '1',
        subject: 'S'.repeat(201),
        message: 'short',
        practiceArea: 'nope',
        elapsedMs: 5000,
      });
      expect(everything.answer?.fieldErrors.map((e) => e.field)).toEqual([
        'name',
        'email',
        'phone',
        'subject',
        'message',
        'practiceArea',
      ]);
      const tooFast = await submitEnquiry(gw.url, enquiryInput(tag, 2, { elapsedMs: 800 }));
      expect(tooFast.answer).toEqual({ ok: false, message: ENQUIRY_MESSAGES.tooFast, fieldErrors: [] });
      const honeypot = await submitEnquiry(gw.url, enquiryInput(tag, 3, { website: 'https://seo.example' }));
      expect(honeypot.answer).toEqual({ ok: true, message: ENQUIRY_MESSAGES.success, fieldErrors: [] });

      await new Promise((res) => setTimeout(res, 1500));
      expect(await outboxLines(dir)).toEqual([]);
      expect(await stored(tag)).toEqual([]);
      const sent = (await restRequestsSince(mark)).filter((l) =>
        l.uri.startsWith('/wp-json/lawfirm/v1/enquiries'),
      );
      expect(sent).toEqual([]);
      figure(
        'enquiries: invalid submissions refused with the right field error',
        `${cases.length + 1} kinds, 0 stored, 0 sent`,
      );
    },
  );
});
