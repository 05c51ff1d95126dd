// Loopback ports for the servers the suites start in child processes (the runtime stage, the
// hardening suite, the WordPress contract tests, the browser tests, the bench), and the one wait for
// such a server to serve (waitUntilServing). A port found free can be taken by another process
// before the child listens on it; then the child exits ("already in use") while another server may
// answer its health check. So the harnesses hold the ports they choose together, and count a child
// as started only once the socket listening on its port is the child's own.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/**
 * `count` different free ports. All are held open until each is known, so two servers that start
 * together never get the same one (a port just let go is free to be handed out again at once).
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  /** @type {net.Server[]} */
  const held = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const srv = net.createServer();
      held.push(srv);
      await new Promise((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', () => resolve(undefined));
      });
    }
    return held.map((srv) => /** @type {net.AddressInfo} */ (srv.address()).port);
  } finally {
    await Promise.all(held.map((srv) => new Promise((resolve) => srv.close(resolve))));
  }
}

/** @returns {Promise<number>} */
export async function freePort() {
  const [port] = await freePorts(1);
  return /** @type {number} */ (port);
}

/**
 * `pid` and every process below it (Linux, from /proc): `npm start` listens through its children.
 * @param {number} pid
 * @returns {number[]}
 */
function processTree(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // comm, the second field, is in parentheses and may hold spaces: the parent id follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1)
    tree.push(...(children.get(/** @type {number} */ (tree[i])) ?? []));
  return tree;
}

/**
 * Whether process `pid`, or a process it started, holds a socket listening on `port` (Linux, from
 * /proc): on 127.0.0.1 or on every address, IPv4 or IPv6, as a server may bind either way.
 * @param {number} pid
 * @param {number} port
 */
export function listensOn(pid, port) {
  const suffix = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines;
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue; // no IPv6 here
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // fields: sl, local address, remote address, state (0A = LISTEN), …, inode (the tenth).
      if (fields[1]?.endsWith(suffix) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  if (inodes.size === 0) return false;
  return processTree(pid).some((owner) => {
    try {
      return readdirSync(`/proc/${owner}/fd`).some((fd) => {
        try {
          return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${owner}/fd/${fd}`))?.[1] ?? '');
        } catch {
          return false; // closed while we looked
        }
      });
    } catch {
      return false; // the process is gone
    }
  });
}

/**
 * A child's output says its port was taken: start it again on another.
 * @param {string} output
 */
export function portTaken(output) {
  return /already in use/.test(output);
}

/** A child exited saying its port was taken meanwhile: start it again on another. */
export class PortTaken extends Error {}

/**
 * Waits until process `pid` answers `url` with 200 from the socket it listens on at `port` (another
 * server answering on that port does not count). Rejects, with the child's output, when it exits
 * first (PortTaken when the output says its port was taken) or when `timeoutMs` passes.
 * @param {{
 *   name: string,
 *   url: string,
 *   pid: number,
 *   port: number,
 *   exited(): string | number | null,
 *   output(): string,
 *   timeoutMs: number,
 *   tryMs?: number,
 *   intervalMs?: number,
 * }} o `exited()` is null while the child runs, else its exit code or signal; `tryMs` bounds each
 *   request (2 s), `intervalMs` the wait between them (200 ms).
 * @returns {Promise<number>} milliseconds until it served
 */
export async function waitUntilServing(o) {
  const started = Date.now();
  const deadline = started + o.timeoutMs;
  let last = '';
  for (;;) {
    const code = o.exited();
    if (code !== null) {
      const output = o.output();
      const Failure = portTaken(output) ? PortTaken : Error;
      throw new Failure(`${o.name} stopped during start-up (${code}): ${output}`);
    }
    try {
      const res = await fetch(o.url, { signal: AbortSignal.timeout(o.tryMs ?? 2000) });
      await res.arrayBuffer();
      if (res.status === 200 && listensOn(o.pid, o.port)) return Date.now() - started;
      last = res.status === 200 ? `answered by another process than ${o.pid}` : `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${o.name}: ${o.url} did not answer 200 within ${o.timeoutMs / 1000} s (${last}): ${o.output()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, o.intervalMs ?? 200));
  }
}

/**
 * `start(port)` on a free port; started again on another, up to `attempts` times in all, while it
 * fails with PortTaken.
 * @template T
 * @param {(port: number) => Promise<T>} start
 * @param {number} [attempts]
 * @returns {Promise<T>}
 */
export async function onFreePort(start, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= attempts) throw error;
    }
  }
}
