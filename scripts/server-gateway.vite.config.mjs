// `npm run build -w gateway`: gateway/src/main.ts and everything it imports -> gateway/dist/main.js,
// which production runs with plain `node` (scripts/server-bundle.mjs).
import { SERVERS, serverBundle } from './server-bundle.mjs';

export default serverBundle(SERVERS.gateway);
