import Fastify, { type FastifyInstance } from 'fastify';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientErrorHandler, clientWentAway, etagMatches, etagOf, problemOf, requestIdFrom } from './http.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdFrom', () => {
  it('keeps a short plain token and replaces anything else with a new id', () => {
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
    const kept = sent.map((value) => requestIdFrom(value));
    expect(kept.slice(0, 3)).toEqual(['abc-123', 'edge.1f2e_3d:4c', 'x'.repeat(128)]);
    for (const id of kept.slice(3, 10)) expect(id).toMatch(UUID);
    expect(kept[10]).toBe('first-1');
    expect(kept[11]).toMatch(UUID);
  });
});

describe('ETags', () => {
  it('tag the same bytes alike', () => {
    expect(etagOf('{"data":{}}')).toBe(etagOf(Buffer.from('{"data":{}}')));
    expect(etagOf('{"data":{}}')).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('a')).not.toBe(etagOf('b'));
  });

  it('match weakly, in a list, or `*`', () => {
    const tag = '"abc"';
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', ' W/"x" ,W/"abc" ', '*', ['"x"', '"abc"']]) {
      expect(etagMatches(header, tag), String(header)).toBe(true);
    }
    for (const header of [undefined, '', '"abcd"', '"x", "y"', 'abc', '"ABC"']) {
      expect(etagMatches(header, tag), String(header)).toBe(false);
    }
  });
});

describe('clientWentAway', () => {
  it('is a stream closed before the answer went out, and nothing else', () => {
    const closed = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    expect(clientWentAway(closed)).toBe(true);
    expect(clientWentAway(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(clientWentAway(new Error('Premature close'))).toBe(false);
    expect(clientWentAway(null)).toBe(false);
  });
});

describe('problemOf', () => {
  it("shows a client's mistake as Fastify states it, and hides everything else", () => {
    expect(problemOf(Object.assign(new Error('too big'), { statusCode: 413 }), 1024)).toEqual({
      status: 413,
      message: 'Request body larger than 1024 bytes',
    });
    expect(problemOf(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), 1)).toEqual({
      status: 415,
      message: 'Unsupported Media Type',
    });
    expect(problemOf(new Error('secret detail at /srv/app.js:12'), 1)).toEqual({
      status: 500,
      message: 'Internal server error',
    });
    expect(problemOf(Object.assign(new Error('upstream'), { statusCode: 502 }), 1).status).toBe(500);
    expect(problemOf('a string', 1).status).toBe(500);
  });
});

describe('clientErrorHandler', () => {
  let app: FastifyInstance | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  function raw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => (data += chunk));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
  }

  it("answers what Node cannot parse with the server's headers and body, then closes", async () => {
    app = Fastify({
      clientErrorHandler: clientErrorHandler((status, reason) => ({
        headers: { 'x-content-type-options': 'nosniff', 'content-type': 'application/json' },
        body: JSON.stringify({ error: reason, status }),
      })),
    });
    app.get('/', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const bad = await raw(port, 'GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(bad).toContain('x-content-type-options: nosniff\r\n');
    expect(bad).toContain('connection: close\r\n');
    expect(bad.endsWith('{"error":"Bad Request","status":400}')).toBe(true);
    const big = await raw(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
  });
});
