import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, createDeliveryWorker, type DeliveryWorker } from './delivery.js';
import { createOutbox, type Outbox, type OutboxEntry } from './outbox.js';
import type { Enquiry } from './schema.js';
import { DeliveryError, type Deliver } from './wordpress.js';

const enquiry = (n: number): Enquiry => ({
  name: `Visitor ${n}`,
  email: `v${n}@example.in`,
  phone: '+91 98765 43210',
  phoneE164: '+919876543210',
  subject: null,
  message: `Message ${n} for the firm`,
  practiceArea: null,
});

/** WordPress as the worker sees it: idempotent by key, switchable between up, down and refusing. */
function fakeWordPress() {
  const posts = new Map<string, number>();
  const attempts: string[] = [];
  const state = { down: false, refuse: new Set<string>(), inFlight: 0, maxInFlight: 0 };
  const deliver: Deliver = async (entry) => {
    attempts.push(entry.key);
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      await new Promise((r) => setTimeout(r, 2));
      if (state.down) throw new DeliveryError('WordPress unreachable', 'retry', null, null);
      if (state.refuse.has(entry.key))
        throw new DeliveryError('WordPress answered 400', 'rejected', 400, 'rest_invalid_param');
      const existing = posts.get(entry.key);
      if (existing) return { postId: existing, created: false };
      const id = posts.size + 1;
      posts.set(entry.key, id);
      return { postId: id, created: true };
    } finally {
      state.inFlight -= 1;
    }
  };
  return { posts, attempts, state, deliver };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const silent = pino({ level: 'silent' });

let dir: string;
let outbox: Outbox;
let worker: DeliveryWorker | null;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'delivery-'));
  outbox = createOutbox({ dir });
  worker = null;
});
afterEach(async () => {
  await worker?.stop();
  await outbox.close();
  await rm(dir, { recursive: true, force: true });
});

function start(deliver: Deliver, options: { concurrency?: number } = {}) {
  worker = createDeliveryWorker({
    outbox,
    deliver,
    logger: silent,
    initialDelayMs: 5,
    maxDelayMs: 40,
    random: () => 0.5,
    ...options,
  });
  return worker;
}

describe('delivery worker', () => {
  it('delivers every enquiry once, a few at a time, and records each delivery in the outbox', async () => {
    const wp = fakeWordPress();
    const w = start(wp.deliver, { concurrency: 3 });
    await w.start();
    const entries = await Promise.all(Array.from({ length: 40 }, (_, i) => outbox.append(enquiry(i))));
    for (const e of entries) w.enqueue(e);
    await w.idle();
    expect(wp.posts.size).toBe(40);
    expect(wp.attempts).toHaveLength(40);
    expect(wp.state.maxInFlight).toBe(3);
    expect(await outbox.pending()).toEqual([]);
    expect(w.stats()).toMatchObject({ delivered: 40, failures: 0, queued: 0, inFlight: 0 });
  });

  it('replays at start what an earlier process accepted but never delivered', async () => {
    const earlier = await Promise.all([1, 2, 3].map((n) => outbox.append(enquiry(n))));
    await outbox.markDelivered(earlier[1]!.key, 99);
    const wp = fakeWordPress();
    const w = start(wp.deliver);
    await w.start();
    // Enqueued again by mistake: still one delivery each.
    w.enqueue(earlier[0] as OutboxEntry);
    await w.idle();
    expect([...wp.posts.keys()].sort()).toEqual([earlier[0]!.key, earlier[2]!.key].sort());
    expect(wp.attempts).toHaveLength(2);
  });

  it('waits while WordPress is unreachable, probing one at a time, then delivers everything', async () => {
    const wp = fakeWordPress();
    wp.state.down = true;
    const w = start(wp.deliver, { concurrency: 4 });
    await w.start();
    for (let i = 0; i < 25; i++) w.enqueue(await outbox.append(enquiry(i)));
    await until(() => w.stats().streak >= 4, 'four failed probes');
    const probesBefore = wp.attempts.length;
    // While down, attempts are probes (one at a time), not the whole queue over and over.
    expect(probesBefore).toBeLessThan(25);
    expect(w.stats().queued + w.stats().inFlight).toBe(25);
    wp.state.down = false;
    await w.idle();
    expect(wp.posts.size).toBe(25);
    expect(await outbox.pending()).toEqual([]);
    expect(w.stats().streak).toBe(0);
  });

  it('holds back only the enquiry WordPress refuses, and retries it on its own backoff', async () => {
    const wp = fakeWordPress();
    const w = start(wp.deliver);
    await w.start();
    const refused = await outbox.append(enquiry(0));
    wp.state.refuse.add(refused.key);
    w.enqueue(refused);
    for (let i = 1; i <= 10; i++) w.enqueue(await outbox.append(enquiry(i)));
    // Recorded in the outbox too (the worker counts a delivery once it has marked it there), not only
    // received by WordPress: the outbox is read below.
    await until(() => w.stats().delivered === 10, 'the ten others');
    expect(wp.posts.size).toBe(10);
    expect(wp.posts.has(refused.key)).toBe(false);
    await until(() => wp.attempts.filter((k) => k === refused.key).length >= 3, 'three attempts');
    expect(w.stats().streak).toBe(0);
    expect((await outbox.pending()).map((e) => e.key)).toEqual([refused.key]);
    wp.state.refuse.clear();
    await w.idle();
    expect(wp.posts.has(refused.key)).toBe(true);
    expect(await outbox.pending()).toEqual([]);
  });

  it('stops without losing anything: undelivered enquiries stay in the outbox', async () => {
    const wp = fakeWordPress();
    wp.state.down = true;
    const w = start(wp.deliver);
    await w.start();
    for (let i = 0; i < 5; i++) w.enqueue(await outbox.append(enquiry(i)));
    await until(() => w.stats().failures > 0, 'a failure');
    await w.stop();
    expect(await outbox.pending()).toHaveLength(5);
    // A stopped worker sends nothing more, even once WordPress is back.
    wp.state.down = false;
    const attempts = wp.attempts.length;
    w.enqueue(await outbox.append(enquiry(9)));
    await new Promise((r) => setTimeout(r, 100));
    expect(wp.attempts).toHaveLength(attempts);
    expect(wp.posts.size).toBe(0);
  });

  it('backs off exponentially up to the cap, with jitter between half and all of the step', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffDelay(n, 1000, 8000, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect([1, 2, 3].map((n) => backoffDelay(n, 1000, 8000, () => 0))).toEqual([500, 1000, 2000]);
    expect(backoffDelay(500, 1000, 300_000, () => 1)).toBe(300_000);
  });
});
