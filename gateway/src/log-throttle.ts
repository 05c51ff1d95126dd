// During a WordPress outage every page view meets the same failure. The cache logs upstream
// failures once per window per resource (cache/cached-source.ts); the resolvers' own notes of the
// fallback they took go through here, so an outage costs a few log lines a minute, not one per visitor.
export const FAILURE_LOG_WINDOW_MS = 30_000;

interface Window {
  at: number;
  suppressed: number;
}

// Per gateway (its config object), per message.
const windows = new WeakMap<object, Map<string, Window>>();

/**
 * `logger.warn(fields, msg)` at most once per window for one gateway; repeats inside the window are
 * counted and reported as `suppressedSinceLastLog` on the next line that is written.
 */
export function warnThrottled(
  ctx: { config: object; logger: { warn(fields: Record<string, unknown>, msg: string): void } },
  fields: Record<string, unknown>,
  msg: string,
  now: () => number = Date.now,
): void {
  let byMessage = windows.get(ctx.config);
  if (!byMessage) windows.set(ctx.config, (byMessage = new Map()));
  const t = now();
  const last = byMessage.get(msg);
  if (last && t - last.at < FAILURE_LOG_WINDOW_MS) {
    last.suppressed += 1;
    return;
  }
  byMessage.set(msg, { at: t, suppressed: 0 });
  ctx.logger.warn({ ...fields, suppressedSinceLastLog: last?.suppressed ?? 0 }, msg);
}
