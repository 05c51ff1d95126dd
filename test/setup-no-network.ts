// Unmocked network access fails a test: only loopback is allowed (in-process fakes and servers
// a test starts itself). Anything else would be a test that depends on the outside world.
import { beforeEach } from 'vitest';

const realFetch = globalThis.fetch;

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(url.hostname);
}

beforeEach(() => {
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw);
    if (!isLoopback(url)) {
      throw new Error(`Unmocked network access in a test: ${url.href}`);
    }
    return realFetch(input, init);
  }) as typeof fetch;
});
