// A circuit breaker for one upstream host. While WordPress keeps failing, asking it again only adds
// load to a struggling server and makes every visitor wait for a timeout; with the circuit open the
// client fails at once (the cache then serves its last good answer) until a cool-down has passed,
// when a single probe request is let through: success closes the circuit, failure re-opens it.
//
//   closed --(threshold consecutive failures)--> open --(cool-down)--> half-open (one probe)
//   half-open --(probe succeeds)--> closed          half-open --(probe fails)--> open

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** Consecutive failed requests that open the circuit; 0 disables the breaker. */
  threshold: number;
  /** How long the circuit stays open before one probe is let through. */
  cooldownMs: number;
  now?: () => number;
  /** Called on every change of state (for the log: one line per transition, not per request). */
  onStateChange?: (change: { from: BreakerState; to: BreakerState; failures: number }) => void;
}

/** Permission for one request; report its outcome with `success()` or `failure()`. */
export type BreakerTicket =
  { allowed: true; probe: boolean; generation: number } | { allowed: false; retryInMs: number };

export interface BreakerStats {
  /** Times the circuit opened (including re-opening after a failed probe). */
  opened: number;
  /** Requests refused while open (they never reached WordPress). */
  rejected: number;
  probes: number;
}

export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;

export function createCircuitBreaker(options: BreakerOptions) {
  const now = options.now ?? Date.now;
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let probeInFlight = false;
  let probeDone: { promise: Promise<void>; settle: () => void } | null = null;
  // Outcomes of requests admitted before the last change of state say nothing about the present.
  let generation = 0;
  const stats: BreakerStats = { opened: 0, rejected: 0, probes: 0 };

  function moveTo(to: BreakerState): void {
    const from = state;
    if (from === to) return;
    state = to;
    generation += 1;
    if (to === 'open') {
      openedAt = now();
      stats.opened += 1;
    }
    options.onStateChange?.({ from, to, failures });
  }

  const disabled = options.threshold <= 0;

  function endProbe(): void {
    const done = probeDone;
    probeDone = null;
    done?.settle();
  }

  return {
    get state() {
      return state;
    },
    stats,
    acquire(): BreakerTicket {
      if (disabled || state === 'closed') return { allowed: true, probe: false, generation };
      if (state === 'open') {
        const waited = now() - openedAt;
        if (waited < options.cooldownMs) {
          stats.rejected += 1;
          return { allowed: false, retryInMs: options.cooldownMs - waited };
        }
        moveTo('half-open');
      }
      // half-open: exactly one probe at a time; everyone else is refused until it settles.
      if (probeInFlight) {
        stats.rejected += 1;
        return { allowed: false, retryInMs: options.cooldownMs };
      }
      probeInFlight = true;
      let settle = () => {};
      probeDone = { promise: new Promise<void>((resolve) => (settle = resolve)), settle };
      stats.probes += 1;
      return { allowed: true, probe: true, generation };
    },
    /**
     * While a half-open circuit's one probe is out: a promise that settles with it, so a request
     * refused meanwhile can wait for the probe's outcome and ask again (a page asks WordPress several
     * things at once; the first view after a recovery should not fail because another of its reads
     * was the probe). Null when no probe is out.
     */
    probeSettled(): Promise<void> | null {
      return probeInFlight ? (probeDone?.promise ?? null) : null;
    },
    /** A probe asked for on purpose (the connection check): always let through. */
    forceProbe(): BreakerTicket {
      if (disabled || state === 'closed') return { allowed: true, probe: false, generation };
      stats.probes += 1;
      return { allowed: true, probe: true, generation };
    },
    success(ticket: BreakerTicket) {
      if (!ticket.allowed || disabled) return;
      if (ticket.probe) {
        probeInFlight = false;
        failures = 0;
        moveTo('closed');
        endProbe();
        return;
      }
      if (ticket.generation === generation && state === 'closed') failures = 0;
    },
    failure(ticket: BreakerTicket) {
      if (!ticket.allowed || disabled) return;
      if (ticket.probe) {
        probeInFlight = false;
        failures += 1;
        // A failed probe starts a new cool-down.
        moveTo('open');
        endProbe();
        return;
      }
      if (ticket.generation !== generation || state !== 'closed') return;
      failures += 1;
      if (failures >= options.threshold) moveTo('open');
    },
  };
}
