// Boots the gateway: validated config, then GraphQL on GATEWAY_HOST:GATEWAY_PORT.
import { createHttpServer, gracefulShutdown, listen } from './http.js';
import { createGateway } from './server.js';
import { configOrExit, run } from './tools/cli.js';

async function main(): Promise<void> {
  const config = configOrExit();
  const gateway = createGateway(config);
  await gateway.start();
  const app = createHttpServer(gateway);
  gracefulShutdown(app, gateway, { signals: true });
  try {
    await listen(app, config.gatewayPort, config.gatewayHost);
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

run(main, 'Gateway failed to start');
