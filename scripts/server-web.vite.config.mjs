// The last part of `npm run build -w web`: web/server/main.server.ts and everything it imports ->
// web/dist/node/main.server.js, which production runs with plain `node` (scripts/server-bundle.mjs).
// The pages it renders come from the SSR bundle (web/dist/server), which it loads at run time.
import { SERVERS, serverBundle } from './server-bundle.mjs';

export default serverBundle(SERVERS.web);
