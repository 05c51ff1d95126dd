import { describe, expect, it } from 'vitest';
import { requestIdFrom } from './request-id.server';
import { requestIdFrom as gatewayRequestIdFrom } from '../../gateway/src/http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  const sent: Array<string | string[] | undefined> = [
    'abc-123',
    'edge.1f2e_3d:4c',
    'x'.repeat(128),
    'x'.repeat(129),
    '',
    'a b',
    '<script>alert(1)</script>',
    'id\r\nSet-Cookie: a=b',
    'ünïcode',
    'a,b',
    ['first-1', 'second-2'],
    undefined,
  ];

  it('keeps a short plain token and replaces anything else with a new id', () => {
    const kept = sent.map((value) => requestIdFrom(value));
    expect(kept.slice(0, 3)).toEqual(['abc-123', 'edge.1f2e_3d:4c', 'x'.repeat(128)]);
    for (const id of kept.slice(3, 10)) expect(id).toMatch(UUID);
    expect(kept[10]).toBe('first-1');
    expect(kept[11]).toMatch(UUID);
  });

  it('keeps exactly what the gateway keeps, so one id follows a request through both', () => {
    for (const value of sent) {
      const web = requestIdFrom(value);
      const gateway = gatewayRequestIdFrom(value);
      expect(UUID.test(web), String(value)).toBe(UUID.test(gateway));
      if (!UUID.test(web)) expect(web).toBe(gateway);
    }
  });
});
