// A bare Node HTTP server answering every request with the same bytes: the ceiling a Node process
// on this machine reaches for a response. Started by bench/lib/load.ts in a process of its own, as
// the gateway and the web server run, so it does not share the load generator's thread.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.BARE_BODY_FILE);
const type = process.env.BARE_CONTENT_TYPE;
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    });
  })
  .listen(Number(process.env.BARE_PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
