import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_FILE, OutboxNotPrivateError, createOutbox, parseOutbox } from './outbox.js';
import type { Enquiry } from './schema.js';

const enquiry = (n: number): Enquiry => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.in`,
  phone: '098765-43210',
  phoneE164: '+919876543210',
  subject: n % 2 ? `Subject ${n}` : null,
  message: `Message number ${n}\nwith two lines`,
  practiceArea: n % 3 ? null : 'family-law',
});

let dir: string;
beforeEach(async () => {
  dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'outbox-')), 'nested', 'outbox');
});
afterEach(async () => {
  await rm(path.dirname(path.dirname(dir)), { recursive: true, force: true });
});

describe('outbox', () => {
  it('writes nothing until the first enquiry, then a private folder and a private file', async () => {
    const outbox = createOutbox({ dir });
    expect(await outbox.pending()).toEqual([]);
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    const entry = await outbox.append(enquiry(1));
    expect(entry.key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(outbox.file)).mode & 0o777).toBe(0o600);
    expect(outbox.file).toBe(path.join(dir, OUTBOX_FILE));
    await outbox.close();
  });

  it('has the enquiry on disk when append resolves, as one JSON line', async () => {
    const outbox = createOutbox({ dir, now: () => new Date('2026-11-21T10:00:00.000Z') });
    const entry = await outbox.append(enquiry(7));
    const lines = (await readFile(outbox.file, 'utf8')).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    expect(JSON.parse(lines[0] as string)).toEqual({
      v: 1,
      type: 'enquiry',
      key: entry.key,
      receivedAt: '2026-11-21T10:00:00.000Z',
      enquiry: enquiry(7),
    });
    await outbox.close();
  });

  it('keeps every one of 500 concurrent appends, each under its own key', async () => {
    const outbox = createOutbox({ dir });
    const entries = await Promise.all(Array.from({ length: 500 }, (_, i) => outbox.append(enquiry(i))));
    expect(new Set(entries.map((e) => e.key)).size).toBe(500);
    const report = await outbox.read();
    expect(report.unreadable).toBe(0);
    expect(report.entries).toHaveLength(500);
    expect(report.entries.map((e) => e.enquiry.name).sort()).toEqual(
      Array.from({ length: 500 }, (_, i) => `Visitor ${i}`).sort(),
    );
    await outbox.close();
  });

  it('records deliveries: an enquiry with a delivered marker is no longer pending', async () => {
    const outbox = createOutbox({ dir });
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => outbox.append(enquiry(n))));
    await outbox.markDelivered(b!.key, 42);
    const pending = await outbox.pending();
    expect(pending.map((e) => e.key)).toEqual([a!.key, c!.key]);
    const report = await outbox.read();
    expect(report.entries.find((e) => e.key === b!.key)?.delivered).toMatchObject({ postId: 42 });
    await outbox.close();
    // A second process reads the same state from the file alone.
    expect((await createOutbox({ dir }).pending()).map((e) => e.key)).toEqual([a!.key, c!.key]);
  });

  it('fences off a torn last line after a crash and goes on appending cleanly', async () => {
    const first = createOutbox({ dir });
    const kept = await first.append(enquiry(1));
    await first.close();
    // A crash in the middle of a write: half a record, no newline.
    await appendFile(path.join(dir, OUTBOX_FILE), '{"v":1,"type":"enquiry","key":"torn","rece');
    const second = createOutbox({ dir });
    const next = await second.append(enquiry(2));
    const report = await second.read();
    expect(report.unreadable).toBe(1);
    expect(report.entries.map((e) => e.key)).toEqual([kept.key, next.key]);
    await second.close();
  });

  it('makes an existing file private again', async () => {
    const outbox = createOutbox({ dir });
    await outbox.append(enquiry(1));
    await outbox.close();
    await chmod(path.join(dir, OUTBOX_FILE), 0o644);
    const again = createOutbox({ dir });
    await again.append(enquiry(2));
    expect((await stat(again.file)).mode & 0o777).toBe(0o600);
    await again.close();
  });

  it('makes an existing loose folder and file private at start', async () => {
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o755);
    await writeFile(path.join(dir, OUTBOX_FILE), '', { mode: 0o644 });
    await chmod(path.join(dir, OUTBOX_FILE), 0o644);
    const outbox = createOutbox({ dir });
    await outbox.makePrivate();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(outbox.file)).mode & 0o777).toBe(0o600);
  });

  it('makes a loose folder made after start private before writing into it', async () => {
    const outbox = createOutbox({ dir });
    await outbox.makePrivate();
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o777);
    await outbox.append(enquiry(1));
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(outbox.file)).mode & 0o777).toBe(0o600);
    await outbox.close();
  });

  it('leaves a folder that does not exist yet to its first write, and a private one alone', async () => {
    const calls: string[] = [];
    const counting = async (target: Parameters<typeof chmod>[0], mode: Parameters<typeof chmod>[1]) => {
      calls.push(String(target));
      await chmod(target, mode);
    };
    const outbox = createOutbox({ dir, chmod: counting });
    await outbox.makePrivate();
    await expect(stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    await outbox.append(enquiry(1));
    await outbox.close();
    await createOutbox({ dir, chmod: counting }).makePrivate();
    expect(calls).toEqual([]);
  });

  it('refuses with one line naming the folder and OUTBOX_DIR when it may not change the mode', async () => {
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o750);
    const refused = () =>
      Promise.reject(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
    const outbox = createOutbox({ dir, chmod: refused });
    const error = await outbox.makePrivate().then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(OutboxNotPrivateError);
    expect(error?.message).toBe(
      `The enquiry outbox folder ${dir} is mode 750 and cannot be made 700 (EPERM); it holds personal data: give it to the user the gateway runs as, or set OUTBOX_DIR to a folder that user owns.`,
    );
    // Nor is anything written into it.
    await expect(outbox.append(enquiry(1))).rejects.toBeInstanceOf(OutboxNotPrivateError);
    await expect(stat(path.join(dir, OUTBOX_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    await outbox.close();
  });

  it('refuses to acknowledge when the folder cannot be written, and recovers when it can', async () => {
    const parent = path.dirname(dir);
    await rm(parent, { recursive: true, force: true });
    await mkdir(path.dirname(parent), { recursive: true });
    // A file where the folder should be: mkdir fails (ENOTDIR), whoever runs the tests.
    await writeFile(parent, 'not a folder');
    const outbox = createOutbox({ dir });
    await expect(outbox.append(enquiry(1))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await rm(parent);
    const entry = await outbox.append(enquiry(2));
    expect((await outbox.pending()).map((e) => e.key)).toEqual([entry.key]);
    await outbox.close();
  });

  it('reads back the number as typed and in E.164, and lines written before E.164 was kept as null', async () => {
    const outbox = createOutbox({ dir });
    const entry = await outbox.append(enquiry(1));
    await outbox.close();
    const { phoneE164: _left, ...older } = enquiry(2);
    await appendFile(
      path.join(dir, OUTBOX_FILE),
      `${JSON.stringify({ v: 1, type: 'enquiry', key: 'older', receivedAt: 'x', enquiry: older })}\n`,
    );
    const report = await createOutbox({ dir }).read();
    expect(report.unreadable).toBe(0);
    expect(report.entries.map((e) => [e.key, e.enquiry.phone, e.enquiry.phoneE164])).toEqual([
      [entry.key, '098765-43210', '+919876543210'],
      ['older', '098765-43210', null],
    ]);
  });

  it('parses markers and skips damaged lines', () => {
    const text = [
      '{"v":1,"type":"delivered","key":"k2","at":"2026-01-01T00:00:00Z","postId":9}',
      JSON.stringify({ v: 1, type: 'enquiry', key: 'k1', receivedAt: 'x', enquiry: enquiry(1) }),
      'not json',
      '{"v":1,"type":"enquiry","key":"bad"}',
      JSON.stringify({ v: 1, type: 'enquiry', key: 'k2', receivedAt: 'y', enquiry: enquiry(2) }),
      JSON.stringify({ v: 1, type: 'enquiry', key: 'k1', receivedAt: 'again', enquiry: enquiry(3) }),
      '',
    ].join('\n');
    const report = parseOutbox(text);
    expect(report.unreadable).toBe(2);
    expect(report.entries.map((e) => [e.key, e.receivedAt, e.delivered?.postId ?? null])).toEqual([
      ['k1', 'x', null],
      ['k2', 'y', 9],
    ]);
  });
});
