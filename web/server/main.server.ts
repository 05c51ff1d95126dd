import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { ConfigError, loadWebConfig } from './config.server';
import { createWebApp, type RenderModule } from './app.server';
import { readAssets } from './assets.server';

async function main(): Promise<void> {
  let config;
  try {
    config = loadWebConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({ level: config.LOG_LEVEL }).child({ service: 'web' });
  const renderer = (await import(
    pathToFileURL(path.join(config.distDir, 'server', 'entry-server.js')).href
  )) as RenderModule;
  const assets = readAssets(path.join(config.distDir, 'client'));
  const web = createWebApp({
    config,
    renderer,
    assets,
    logger,
    siteName: config.SITE_NAME,
  });
  // Replicas that start together should share pages and limits from their first request (memory meanwhile).
  await web.ready(2000);
  try {
    await web.app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'EADDRINUSE' ? 'the port is already in use' : (err as Error).message;
    console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${reason}.`);
    process.exit(1);
  }
  logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'web server listening');
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    // Requests in flight finish; idle keep-alive connections go at once; at most 5 s in all.
    setTimeout(() => process.exit(0), 5000).unref();
    web.app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();
