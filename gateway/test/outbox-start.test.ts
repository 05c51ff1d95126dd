// The enquiry outbox holds personal data: a gateway starts only once an existing outbox folder is
// private to it (700, its file 600), and refuses to start, with one line, when it may not make it so.
import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { OUTBOX_FILE, createOutbox } from '../src/enquiry/outbox.js';
import { createGateway, type GatewayDeps } from '../src/server.js';

let root: string;
let dir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'outbox-start-'));
  dir = path.join(root, 'outbox');
  // As a container volume or a hand-made folder often is: readable by everyone.
  await mkdir(dir);
  await chmod(dir, 0o755);
  await writeFile(path.join(dir, OUTBOX_FILE), '');
  await chmod(path.join(dir, OUTBOX_FILE), 0o644);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Starts a gateway over the embedded content with OUTBOX_DIR=dir; the start's error, or null. */
async function start(deps: GatewayDeps = {}): Promise<Error | null> {
  const config = loadConfig({ NODE_ENV: 'test', OUTBOX_DIR: dir });
  const gateway = createGateway(config, { logger: pino({ level: 'silent' }), ...deps });
  try {
    return await gateway.start().then(
      () => null,
      (error: unknown) => error as Error,
    );
  } finally {
    await gateway.stop();
  }
}

describe('the outbox at start', () => {
  it('makes an existing folder 700 and its file 600', async () => {
    expect(await start()).toBeNull();
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(dir, OUTBOX_FILE))).mode & 0o777).toBe(0o600);
  });

  it('refuses to start, with one line naming the folder, when it may not change its mode', async () => {
    const outbox = createOutbox({
      dir,
      chmod: () => Promise.reject(Object.assign(new Error('operation not permitted'), { code: 'EPERM' })),
    });
    const error = await start({ enquiries: { outbox } });
    expect(error?.message).toContain(
      `The enquiry outbox folder ${dir} is mode 755 and cannot be made 700 (EPERM)`,
    );
    expect(error?.message).toContain('OUTBOX_DIR');
    expect(error?.message).not.toContain('\n');
    expect((await stat(dir)).mode & 0o777).toBe(0o755);
  });
});
