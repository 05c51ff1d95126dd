// The one purge path (@site/server-kit, cache/caches.ts): whatever cache is made from the caches is
// reached by every purge, here or from another process, without being named by the purge.
import { DERIVED, type PurgeScope, type SharedTier } from '@site/server-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCaches } from './caches.js';

const times = (askedAt: number) => ({
  freshUntil: askedAt + 1000,
  staleUntil: askedAt + 1000,
  errorUntil: askedAt + 1000,
});
const loaded =
  (value: string, tags: string[] = []) =>
  async () => ({ value, tags });

/** A shared tier whose store holds nothing, and whose purge channel the test speaks on. */
function tier() {
  let listener: (scope: PurgeScope) => void = () => {};
  const shared: SharedTier = {
    store: {
      get: async () => undefined,
      set: async () => {},
      deleteByTag: async () => 0,
      clear: async () => {},
    },
    lock: { acquire: async () => async () => {}, wait: async () => {} },
    available: () => true,
    failed: () => {},
    succeeded: () => {},
    publish: async () => {},
    onPurge: (l) => void (listener = l),
  };
  return { shared, heard: (scope: PurgeScope) => listener(scope) };
}

afterEach(() => void vi.useRealTimers());

describe('caches', () => {
  it('drop what a purge names from every cache made from them, and bump the generation once', async () => {
    const caches = createCaches({ now: () => 0 });
    const answers = caches.values<string>({ name: 'wp', maxBytes: 10_000, times });
    const pages = caches.values<string>({ name: 'page', maxBytes: 10_000, times, tags: [DERIVED] });
    const responses = caches.memory({ maxBytes: 10_000 });
    await answers.get('/posts', loaded('list', ['posts:list']));
    await answers.get('/media', loaded('image', ['media:id:1']));
    await pages.get('/blog/', loaded('<html>'));
    responses.put('{ site }', { value: 'answer', askedAt: 0, storedAt: 0, ...times(0), tags: [DERIVED] });
    expect(caches.size).toBe(4);

    expect(await caches.purge(['posts:list', DERIVED])).toBe(3);
    expect(caches.generation).toBe(1);
    expect(caches.size).toBe(1);
    expect((await answers.get('/media', loaded('again'))).state).toBe('fresh');
    expect(await caches.purge('all')).toBe(1);
    expect(caches.size).toBe(0);
  });

  it('drop their memory copies when another process purged, and once more a moment later', async () => {
    vi.useFakeTimers();
    const { shared, heard } = tier();
    const caches = createCaches({ now: () => 0, shared, settleMs: 500 });
    const pages = caches.values<string>({ name: 'page', maxBytes: 10_000, times, tags: [DERIVED] });
    await pages.get('/', loaded('before'));
    heard([DERIVED]);
    expect(caches.size).toBe(0);
    expect(caches.generation).toBe(1);
    // Rendered meanwhile from a process that had not heard of the purge yet.
    await pages.get('/', loaded('from a lagging replica'));
    expect(caches.size).toBe(1);
    vi.advanceTimersByTime(500);
    expect(caches.size).toBe(0);
    expect(caches.generation).toBe(2);
  });
});
