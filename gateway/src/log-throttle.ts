// During a WordPress outage every page view meets the same failure. The cache logs upstream
// failures once per window per resource (cache/cached-source.ts); the resolvers' own notes of the
// fallback they took go through here, so an outage costs a few log lines a minute, not one per visitor.
export const FAILURE_LOG_WINDOW_MS = 30_000;

/** When a key's line was last written, and how many were held back since. */
export type LogWindows = Map<string, { at: number; suppressed: number }>;

/**
 * Whether a line under `key` may be written at `t` (at most one per window): the number of lines
 * held back since the last one written, or null to hold this one back too.
 */
export function admitLine(windows: LogWindows, key: string, windowMs: number, t: number): number | null {
  const last = windows.get(key);
  if (last && t - last.at < windowMs) {
    last.suppressed += 1;
    return null;
  }
  windows.set(key, { at: t, suppressed: 0 });
  return last?.suppressed ?? 0;
}

// Per gateway (its config object), per message.
const windows = new WeakMap<object, LogWindows>();

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
  const suppressed = admitLine(byMessage, msg, FAILURE_LOG_WINDOW_MS, now());
  if (suppressed !== null) ctx.logger.warn({ ...fields, suppressedSinceLastLog: suppressed }, msg);
}
