// JSON logs (pino). Secrets never reach a log line: the purge signature and cookies are redacted.
import { pino, type Logger } from 'pino';
import type { GatewayConfig } from './config.js';

export function createLogger(config: Pick<GatewayConfig, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'gateway' },
    redact: ['req.headers["x-purge-signature"]', 'req.headers.cookie', 'req.headers.authorization'],
  });
}
