// Server-Timing for a GraphQL request: how long the request waited on its content source (the cache,
// and WordPress behind it on a miss) and how long the whole request took in the gateway.

/** Wall time during which at least one content read of this request was pending. */
export class ContentTimer {
  private pending = 0;
  private since = 0;
  private total = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  async time<T>(work: () => Promise<T>): Promise<T> {
    if (this.pending === 0) this.since = this.now();
    this.pending += 1;
    try {
      return await work();
    } finally {
      this.pending -= 1;
      if (this.pending === 0) this.total += this.now() - this.since;
    }
  }

  /** Milliseconds so far (a read still pending counts up to now). */
  get ms(): number {
    return this.total + (this.pending > 0 ? this.now() - this.since : 0);
  }
}

/** `wp;dur=…, gql;dur=…` — the names and descriptions the web server reads and passes on. */
export function serverTiming(contentMs: number, totalMs: number): string {
  return `wp;desc="WordPress or cache";dur=${contentMs.toFixed(1)}, gql;desc="Gateway";dur=${totalMs.toFixed(1)}`;
}
