// The page a browser gets at GET /graphql when the sandbox is off (production, by default): someone
// who opens the address from the README should learn what it is and how to use it, not read a JSON
// error about cross-site request forgery. Static text and one stylesheet under the response's nonce;
// nothing on it runs, and it tells nothing about the schema.
import { escapeHtml } from '@site/server-kit';
import type { GatewayConfig } from './config.js';
import { SITE_DEFAULTS } from './derive/site.js';

const STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;color:#1a202c;max-width:44rem;margin:0 auto;padding:2rem 1rem}',
  'h1{font-size:1.6rem;margin:0 0 1rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}',
  'code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;background:#f1f3f5;border-radius:4px}',
  'code{padding:.1em .3em}pre{padding:.75rem 1rem;overflow-x:auto}pre code{padding:0;background:none}',
].join('');

/** The page, with its `<style>` under `nonce` (the response's CSP allows that stylesheet only). */
export function graphqlLandingPage(config: GatewayConfig, nonce: string): string {
  const site = escapeHtml(config.site.name ?? SITE_DEFAULTS.name);
  const local = `http://localhost:${config.gatewayPort}/graphql`;
  const introspection = config.introspection
    ? 'Schema introspection is on.'
    : 'Schema introspection is off on this server; the schema is <code>schema.graphql</code> in the repository.';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>GraphQL API · ${site}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<h1>GraphQL API of the ${site} website</h1>
<p>This address is the GraphQL API the firm's website reads its pages from (posts, pages, practice
areas, the firm's details) and sends contact enquiries to. It answers GraphQL requests, not pages.
${introspection}</p>
<h2>Querying it</h2>
<p>Send a POST to this address with a JSON body, for example from the machine running it:</p>
<pre><code>curl ${local} \\
  -H 'content-type: application/json' \\
  -d '{"query": "{ site { name phone } }"}'</code></pre>
<p>A GET with <code>?query=…</code> also answers queries (never mutations) when it carries the header
<code>apollo-require-preflight: true</code>, which protects against cross-site request forgery.</p>
<h2>The sandbox</h2>
<p>The sandbox, an editor in the browser with the schema's documentation, is off here. Run the site
with <code>npm run dev</code>, or start the gateway with <code>GRAPHQL_SANDBOX=true</code> (which also
turns introspection on unless <code>GRAPHQL_INTROSPECTION=false</code>), then open this address again.</p>
</main>
</body>
</html>
`;
}
