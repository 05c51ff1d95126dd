import { describe, expect, it } from 'vitest';
import { bareServer } from './load.js';

describe('bareServer', () => {
  it('answers every request with the given bytes, from a process of its own', async () => {
    const body = Buffer.from('{"data":{"ok":true}}');
    const bare = await bareServer(body, 'application/json');
    try {
      const res = await fetch(`${bare.url}/graphql`, { method: 'POST', body: '{"query":"{ ok }"}' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    } finally {
      await bare.close();
    }
    await expect(fetch(`${bare.url}/`)).rejects.toThrow();
  });
});
