import { describe, expect, it } from 'vitest';
import { FAILURE_LOG_WINDOW_MS, warnThrottled } from './log-throttle.js';

describe('warnThrottled', () => {
  it('writes one line per message per window per gateway, and counts what it held back', () => {
    let t = 0;
    const lines: Array<[Record<string, unknown>, string]> = [];
    const logger = { warn: (fields: Record<string, unknown>, msg: string) => void lines.push([fields, msg]) };
    const gatewayA = { config: {}, logger };
    const gatewayB = { config: {}, logger };
    const now = () => t;
    for (let i = 0; i < 100; i++) warnThrottled(gatewayA, { i }, 'post lookup failed', now);
    warnThrottled(gatewayA, {}, 'categories failed', now);
    warnThrottled(gatewayB, {}, 'post lookup failed', now);
    expect(lines.map(([, msg]) => msg)).toEqual([
      'post lookup failed',
      'categories failed',
      'post lookup failed',
    ]);
    t += FAILURE_LOG_WINDOW_MS;
    warnThrottled(gatewayA, { i: 100 }, 'post lookup failed', now);
    expect(lines.at(-1)).toEqual([{ i: 100, suppressedSinceLastLog: 99 }, 'post lookup failed']);
  });
});
