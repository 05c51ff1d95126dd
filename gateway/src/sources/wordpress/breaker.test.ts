import { describe, expect, it } from 'vitest';
import { createCircuitBreaker, type BreakerOptions, type BreakerState } from './breaker.js';

function setup(overrides: Partial<BreakerOptions> = {}) {
  let t = 1_000_000;
  const changes: string[] = [];
  const breaker = createCircuitBreaker({
    threshold: 3,
    cooldownMs: 10_000,
    now: () => t,
    onStateChange: ({ from, to }) => changes.push(`${from}->${to}`),
    ...overrides,
  });
  const fail = () => breaker.failure(breaker.acquire());
  const succeed = () => breaker.success(breaker.acquire());
  return { breaker, changes, fail, succeed, advance: (ms: number) => void (t += ms) };
}

describe('circuit breaker', () => {
  it('stays closed below the threshold, and a success resets the count', () => {
    const { breaker, fail, succeed } = setup();
    fail();
    fail();
    succeed();
    fail();
    fail();
    expect(breaker.state).toBe<BreakerState>('closed');
    expect(breaker.acquire().allowed).toBe(true);
  });

  it('opens after N consecutive failures and refuses requests until the cool-down has passed', () => {
    const { breaker, changes, fail, advance } = setup();
    fail();
    fail();
    fail();
    expect(breaker.state).toBe('open');
    expect(changes).toEqual(['closed->open']);
    const refused = breaker.acquire();
    expect(refused).toEqual({ allowed: false, retryInMs: 10_000 });
    advance(9_999);
    expect(breaker.acquire()).toEqual({ allowed: false, retryInMs: 1 });
    expect(breaker.stats).toEqual({ opened: 1, rejected: 2, probes: 0 });
  });

  it('lets exactly one probe through after the cool-down; its success closes the circuit', () => {
    const { breaker, changes, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail();
    advance(10_000);
    const probe = breaker.acquire();
    expect(probe).toMatchObject({ allowed: true, probe: true });
    expect(breaker.state).toBe('half-open');
    // While the probe is out, nobody else goes.
    expect(breaker.acquire().allowed).toBe(false);
    expect(breaker.acquire().allowed).toBe(false);
    breaker.success(probe);
    expect(breaker.state).toBe('closed');
    expect(breaker.acquire()).toMatchObject({ allowed: true, probe: false });
    expect(changes).toEqual(['closed->open', 'open->half-open', 'half-open->closed']);
  });

  it("lets a request refused while the probe is out wait for the probe's outcome", async () => {
    const { breaker, fail, advance } = setup();
    expect(breaker.probeSettled()).toBeNull();
    for (let i = 0; i < 3; i++) fail();
    advance(10_000);
    const probe = breaker.acquire();
    const waiting = breaker.probeSettled();
    expect(waiting).not.toBeNull();
    let settled = false;
    void waiting!.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    breaker.success(probe);
    await waiting;
    expect(breaker.probeSettled()).toBeNull();
    expect(breaker.acquire()).toMatchObject({ allowed: true, probe: false });
    // A failed probe settles its waiters too: they ask again and are refused for the new cool-down.
    for (let i = 0; i < 3; i++) fail();
    advance(10_000);
    const second = breaker.acquire();
    const again = breaker.probeSettled()!;
    breaker.failure(second);
    await again;
    expect(breaker.acquire().allowed).toBe(false);
  });

  it('re-opens for a fresh cool-down when the probe fails', () => {
    const { breaker, changes, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail();
    advance(10_000);
    breaker.failure(breaker.acquire());
    expect(breaker.state).toBe('open');
    advance(9_000);
    expect(breaker.acquire().allowed).toBe(false);
    advance(1_000);
    expect(breaker.acquire()).toMatchObject({ allowed: true, probe: true });
    expect(changes).toEqual(['closed->open', 'open->half-open', 'half-open->open', 'open->half-open']);
    expect(breaker.stats.opened).toBe(2);
    expect(breaker.stats.probes).toBe(2);
  });

  it('ignores late outcomes of requests admitted before the circuit opened', () => {
    const { breaker, fail, advance } = setup();
    const early = breaker.acquire();
    const earlyFailure = breaker.acquire();
    for (let i = 0; i < 3; i++) fail();
    expect(breaker.state).toBe('open');
    // A slow request that was let in while closed succeeds now: it does not close the circuit...
    breaker.success(early);
    expect(breaker.state).toBe('open');
    advance(10_000);
    const probe = breaker.acquire();
    breaker.success(probe);
    // ...and a stale failure arriving after recovery does not count towards the next opening.
    breaker.failure(earlyFailure);
    fail();
    fail();
    expect(breaker.state).toBe('closed');
  });

  it('threshold 0 turns it off', () => {
    const { breaker, fail } = setup({ threshold: 0 });
    for (let i = 0; i < 100; i++) fail();
    expect(breaker.state).toBe('closed');
    expect(breaker.acquire().allowed).toBe(true);
  });
});

describe('a probe asked for on purpose (the connection check)', () => {
  it('goes through an open circuit, and its success closes it at once', () => {
    const { breaker, fail } = setup();
    fail();
    fail();
    fail();
    expect(breaker.state).toBe<BreakerState>('open');
    expect(breaker.acquire().allowed).toBe(false);
    const ticket = breaker.forceProbe();
    expect(ticket.allowed).toBe(true);
    breaker.success(ticket);
    expect(breaker.state).toBe<BreakerState>('closed');
    expect(breaker.acquire().allowed).toBe(true);
  });

  it('that fails keeps the circuit open', () => {
    const { breaker, fail } = setup();
    fail();
    fail();
    fail();
    breaker.failure(breaker.forceProbe());
    expect(breaker.state).toBe<BreakerState>('open');
    expect(breaker.acquire().allowed).toBe(false);
  });
});
