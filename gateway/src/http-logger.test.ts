import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChild } from './http.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('lazyChild', () => {
  it('makes no child until the logger is used', () => {
    const { logger } = capture();
    const child = vi.spyOn(logger, 'child');
    lazyChild(logger, { reqId: 'a' });
    expect(child).not.toHaveBeenCalled();
  });

  it('logs with the bindings, through one child made on first use', async () => {
    const { logger, lines } = capture();
    const child = vi.spyOn(logger, 'child');
    const log = lazyChild(logger, { reqId: 'r-1' });
    log.info({ status: 200 }, 'request');
    log.warn('slow');
    expect(log.isLevelEnabled('debug')).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([
      { reqId: 'r-1', status: 200, msg: 'request', level: 30 },
      { reqId: 'r-1', msg: 'slow', level: 40 },
    ]);
  });
});
