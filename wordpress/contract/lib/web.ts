// The web server as `npm start` runs it (web/server/main.server.ts over the built site in web/dist,
// `npm run build`), in a child process on a free loopback port, its output kept for the assertions.
import path from 'node:path';
import { startChildServer } from './child.js';

export interface ChildWeb {
  url: string;
  output: string[];
  stop(): Promise<void>;
}

/** `node --import tsx web/server/main.server.ts` (the built site) on a free port, ready when /healthz answers. */
export async function startChildWeb(env: Record<string, string>): Promise<ChildWeb> {
  const output: string[] = [];
  const server = await startChildServer({
    name: 'the web server',
    entry: path.join('web', 'server', 'main.server.ts'),
    env: (port, url) => ({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), SITE_URL: url, ...env }),
    onStdout: (text) => output.push(text),
    onStderr: (text) => output.push(text),
    output: () => output.join(''),
    readyMs: 60_000,
    healthzTimeoutMs: 2000,
  });
  return { url: server.url, output, stop: () => server.stop() };
}
