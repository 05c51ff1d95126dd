// Loopback ports for the servers the suites start in child processes (the runtime stage, the
// hardening suite, the WordPress contract tests). A port found free can be taken by another process
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
 * Whether process `pid` holds the socket listening on 127.0.0.1:`port` (Linux, from /proc).
 * @param {number} pid
 * @param {number} port
 */
export function listensOn(pid, port) {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // fields: sl, local address, remote address, state (0A = LISTEN), …, inode (the tenth).
    if (fields[1] === local && fields[3] === '0A') inodes.add(fields[9]);
  }
  if (inodes.size === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? '');
      } catch {
        return false; // closed while we looked
      }
    });
  } catch {
    return false; // the process is gone
  }
}

/**
 * A child's output says its port was taken: start it again on another.
 * @param {string} output
 */
export function portTaken(output) {
  return /already in use/.test(output);
}
