// The harness itself: a child server counts as started only once it answers on its own socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { freePorts } from '../scripts/ports.mjs';
import { startChild } from './lib/servers.js';

const impostor = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
});
afterAll(() => new Promise((resolve) => impostor.close(resolve)));

it('a child whose port another server holds is not taken for started, even though /healthz answers', async () => {
  await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  const { port } = impostor.address() as AddressInfo;
  const [unused] = await freePorts(1);
  await expect(
    startChild('web', { GATEWAY_URL: `http://127.0.0.1:${unused}/graphql` }, port),
  ).rejects.toThrow(/web stopped during start-up \(1\)[\s\S]*already in use/);
});

it('freePorts hands out different ports', async () => {
  const ports = await freePorts(8);
  expect(new Set(ports).size).toBe(8);
});
