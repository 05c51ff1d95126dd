// Server-Timing for a rendered page: how long the render waited on the gateway (and, as the gateway
// reports it, on WordPress or its cache), and how long the rest of the render took.

/** `name;desc="…";dur=12.3, other;dur=4` → { name: 12.3, other: 4 }; anything else is skipped. */
export function parseServerTiming(header: string | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const entry of (header ?? '').split(',')) {
    const [name, ...params] = entry.split(';').map((p) => p.trim());
    if (!name || !/^[\w-]+$/.test(name)) continue;
    for (const param of params) {
      const match = /^dur=(\d+(?:\.\d+)?)$/.exec(param);
      if (match) out[name] = Number(match[1]);
    }
  }
  return out;
}

/** Total length of the union of [start, end] intervals (parallel requests count once). */
export function unionMs(intervals: readonly (readonly [number, number])[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let start = -Infinity;
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (s > end) {
      if (end > start) total += end - start;
      start = s;
      end = e;
    } else if (e > end) {
      end = e;
    }
  }
  if (end > start) total += end - start;
  return total;
}

export class UpstreamTiming {
  private readonly intervals: [number, number][] = [];
  private wpMs = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A fetch that records how long each gateway request took and what the gateway reported. */
  wrap(fetchImpl: typeof fetch): typeof fetch {
    return async (input, init) => {
      const start = this.now();
      try {
        const response = await fetchImpl(input, init);
        this.wpMs += parseServerTiming(response.headers.get('server-timing')).wp ?? 0;
        return response;
      } finally {
        this.intervals.push([start, this.now()]);
      }
    };
  }

  /** The page's Server-Timing metrics for a render that took `totalMs`. */
  header(totalMs: number): string {
    const gateway = unionMs(this.intervals);
    // Parallel requests may report overlapping WordPress time: never more than the wait itself.
    const wp = Math.min(this.wpMs, gateway);
    const render = Math.max(0, totalMs - gateway);
    return [
      `wp;desc="WordPress or cache";dur=${wp.toFixed(1)}`,
      `gateway;desc="Gateway";dur=${gateway.toFixed(1)}`,
      `render;desc="Render";dur=${render.toFixed(1)}`,
    ].join(', ');
  }
}
