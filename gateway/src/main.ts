// Boots the gateway: validated config, then GraphQL on GATEWAY_HOST:GATEWAY_PORT.
import { ConfigError, loadConfig } from './config.js';
import { createHttpServer, gracefulShutdown, listen } from './http.js';
import { createGateway } from './server.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const gateway = createGateway(config);
  await gateway.start();
  const server = createHttpServer(gateway);
  gracefulShutdown(server, gateway, { signals: true });
  try {
    await listen(server, config.gatewayPort, config.gatewayHost);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? 'the port is already in use' : (error as Error).message;
    process.stderr.write(`Cannot listen on ${config.gatewayHost}:${config.gatewayPort}: ${reason}.\n`);
    process.exit(1);
  }
  gateway.logger.info(
    {
      url: `http://${config.gatewayHost}:${config.gatewayPort}/graphql`,
      source: gateway.sourceKind,
      wordpress: config.wordpressUrl,
      contentDir: gateway.sourceKind === 'embedded' ? config.contentDir : undefined,
      sandbox: config.sandbox,
      introspection: config.introspection,
    },
    'gateway listening',
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Gateway failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
