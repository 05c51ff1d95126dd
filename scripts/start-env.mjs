/**
 * The environments `npm start` / `npm run dev` give its processes. NODE_ENV=development is for the
 * gateway (sandbox, introspection). The web server and the build always use production: the
 * browser bundle is a production build, and a server render in development mode differs from it
 * (React's useId values, emotion's style labels), so no page would hydrate cleanly; a build made
 * with NODE_ENV=development would be a development bundle the production server cannot run.
 * @param {NodeJS.ProcessEnv} processEnv
 */
export function startEnvironments(processEnv) {
  const gateway = { ...processEnv, NODE_ENV: processEnv.NODE_ENV ?? 'production' };
  const build = { ...gateway, NODE_ENV: 'production' };
  const gatewayPort = gateway.GATEWAY_PORT ?? '4000';
  const web = {
    ...build,
    GATEWAY_URL: gateway.GATEWAY_URL ?? `http://127.0.0.1:${gatewayPort}/graphql`,
  };
  return { gateway, web, build, gatewayPort };
}
