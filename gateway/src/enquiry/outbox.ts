// The outbox: an append-only JSON-lines file (OUTBOX_DIR/enquiries.jsonl, mode 600, folder 700).
// An enquiry is accepted only once its line is on disk (written and fsynced); delivery to WordPress
// appends a `delivered` line for the same idempotency key. Nothing is ever rewritten, so a crash at
// any moment leaves at worst a torn last line, which is fenced off with a newline and skipped.
//
// Appends that arrive together share one write and one fsync (group commit): a burst of enquiries
// costs a few fsyncs, not one each, and none is acknowledged before its fsync returned.
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Enquiry } from './schema.js';

export const OUTBOX_FILE = 'enquiries.jsonl';

export interface OutboxEntry {
  /** Idempotency key (a UUID): WordPress stores one enquiry per key whatever the retries. */
  key: string;
  /** ISO time the gateway accepted the enquiry. */
  receivedAt: string;
  enquiry: Enquiry;
  delivered: { at: string; postId: number } | null;
}

export interface OutboxReport {
  entries: OutboxEntry[];
  /** Lines that could not be read (a torn last line after a crash, or damage). */
  unreadable: number;
}

export type Outbox = ReturnType<typeof createOutbox>;

/** The outbox exists but this process may not make it private: personal data must not sit there. */
export class OutboxNotPrivateError extends Error {
  override readonly name = 'OutboxNotPrivateError';
}

/**
 * Gives an existing folder or file `mode`. One that is missing (or cannot be reached) has nothing to
 * protect yet: writing to it creates it private, or fails and is reported per enquiry.
 */
async function restrictMode(
  target: string,
  mode: number,
  kind: 'folder' | 'file',
  setMode: typeof chmod,
): Promise<void> {
  let current: number;
  try {
    const info = await stat(target);
    if (info.isDirectory() !== (kind === 'folder')) return;
    current = info.mode & 0o777;
  } catch {
    return;
  }
  // mkdir and open leave an existing entry's mode alone: a folder made by hand, by a container
  // volume or under a loose umask stays readable by others until it is changed here.
  if (current === mode) return;
  try {
    await setMode(target, mode);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new OutboxNotPrivateError(
      `The enquiry outbox ${kind} ${target} is mode ${current.toString(8)} and cannot be made ${mode.toString(8)} (${reason}); it holds personal data: give it to the user the gateway runs as, or set OUTBOX_DIR to a folder that user owns.`,
    );
  }
}

const enquiryLine = z.object({
  type: z.literal('enquiry'),
  key: z.string().min(1),
  receivedAt: z.string(),
  enquiry: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    // Lines written before numbers were stored in E.164 as well have none.
    phoneE164: z.string().nullable().default(null),
    subject: z.string().nullable(),
    message: z.string(),
    practiceArea: z.string().nullable(),
  }),
});

const deliveredLine = z.object({
  type: z.literal('delivered'),
  key: z.string().min(1),
  at: z.string(),
  postId: z.number().int(),
});

const line = z.discriminatedUnion('type', [enquiryLine, deliveredLine]);

/** Parses outbox text: what a staff tool and the replay at start both read. */
export function parseOutbox(text: string): OutboxReport {
  const byKey = new Map<string, OutboxEntry>();
  const early = new Map<string, { at: string; postId: number }>();
  let unreadable = 0;
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let parsed;
    try {
      parsed = line.safeParse(JSON.parse(raw));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      unreadable += 1;
      continue;
    }
    const record = parsed.data;
    if (record.type === 'enquiry') {
      if (!byKey.has(record.key)) {
        byKey.set(record.key, {
          key: record.key,
          receivedAt: record.receivedAt,
          enquiry: record.enquiry,
          delivered: early.get(record.key) ?? null,
        });
      }
    } else {
      const entry = byKey.get(record.key);
      const delivered = { at: record.at, postId: record.postId };
      // Several gateways may share an outbox: a marker can only follow its enquiry in one file,
      // but keep it even if the order ever differs.
      if (entry) entry.delivered ??= delivered;
      else early.set(record.key, delivered);
    }
  }
  return { entries: [...byKey.values()], unreadable };
}

interface Pending {
  text: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface OutboxOptions {
  dir: string;
  now?: () => Date;
  newKey?: () => string;
  /** Changes a mode (tests stand in a refusal: whoever runs them may change any mode they own). */
  chmod?: typeof chmod;
}

export function createOutbox(options: OutboxOptions) {
  const dir = path.resolve(options.dir);
  const file = path.join(dir, OUTBOX_FILE);
  const now = options.now ?? (() => new Date());
  const newKey = options.newKey ?? randomUUID;
  const setMode = options.chmod ?? chmod;

  let handle: Promise<FileHandle> | null = null;
  let queue: Pending[] = [];
  /** The running flush; cleared in the same tick its loop sees an empty queue, so no write is missed. */
  let flushing: Promise<void> | null = null;

  async function openForAppend(): Promise<FileHandle> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // The folder may have been made after start, by someone else: private before anything is written.
    await restrictMode(dir, 0o700, 'folder', setMode);
    const existed = await stat(file).then(
      (s) => s.size,
      () => null,
    );
    const fh = await open(file, 'a', 0o600);
    try {
      // The file may predate this process (or a umask): personal data is for its owner only.
      await fh.chmod(0o600);
      if (existed === null) {
        // The new name must survive a crash too, not only the file's contents.
        const dirHandle = await open(dir, 'r');
        try {
          await dirHandle.sync();
        } finally {
          await dirHandle.close();
        }
      } else if (existed > 0) {
        const reader = await open(file, 'r');
        try {
          const last = Buffer.alloc(1);
          await reader.read(last, 0, 1, existed - 1);
          // A crash mid-append left a partial line: end it so the next record starts clean.
          if (last[0] !== 0x0a) await fh.appendFile('\n');
        } finally {
          await reader.close();
        }
      }
    } catch (error) {
      await fh.close();
      throw error;
    }
    return fh;
  }

  async function flush(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        handle ??= openForAppend();
        const fh = await handle;
        await fh.appendFile(batch.map((p) => p.text).join(''));
        await fh.sync();
        for (const p of batch) p.resolve();
      } catch (error) {
        // Try opening afresh next time (the folder may have been fixed or recreated).
        const stale = handle;
        handle = null;
        stale?.then((fh) => fh.close()).catch(() => undefined);
        for (const p of batch) p.reject(error);
      }
    }
    flushing = null;
  }

  function write(record: object): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ text: `${JSON.stringify(record)}\n`, resolve, reject });
      flushing ??= flush();
    });
  }

  /** Every enquiry in the file, oldest first, with its delivery if there was one. */
  async function read(): Promise<OutboxReport> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], unreadable: 0 };
      throw error;
    }
    return parseOutbox(text);
  }

  return {
    file,
    /** Resolves once the enquiry is durably on disk, with its new idempotency key. */
    async append(enquiry: Enquiry): Promise<OutboxEntry> {
      const key = newKey();
      const receivedAt = now().toISOString();
      await write({ v: 1, type: 'enquiry', key, receivedAt, enquiry });
      return { key, receivedAt, enquiry, delivered: null };
    },
    async markDelivered(key: string, postId: number) {
      await write({ v: 1, type: 'delivered', key, at: now().toISOString(), postId });
    },
    read,
    /** Enquiries not yet delivered, oldest first. */
    async pending() {
      return (await read()).entries.filter((e) => e.delivered === null);
    },
    /**
     * Makes an existing folder 700 and file 600 (run at start); one that does not exist yet is made
     * private when first written. Rejects with an OutboxNotPrivateError when that is not allowed.
     */
    async makePrivate() {
      await restrictMode(dir, 0o700, 'folder', setMode);
      await restrictMode(file, 0o600, 'file', setMode);
    },
    async close() {
      while (flushing) await flushing;
      const h = handle;
      handle = null;
      if (h) await (await h).close();
    },
  };
}
