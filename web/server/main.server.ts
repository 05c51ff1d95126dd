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
  const app = createWebApp({
    config,
    renderer,
    assets,
    logger,
    siteName: config.SITE_NAME,
  });
  const { server } = app;
  // Replicas that start together should share pages from their first request (memory meanwhile).
  await app.ready(2000);
  server.listen(config.PORT, config.HOST, () => {
    logger.info({ url: `http://${config.HOST}:${config.PORT}` }, 'web server listening');
  });
  const stop = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close(() => {
      app.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
