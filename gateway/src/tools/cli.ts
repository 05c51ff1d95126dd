// What the gateway's programs (the server, content:pull, enquiries) share: a bad setting or a
// failure is one line on stderr and exit status 1, never a stack.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type GatewayConfig } from '../config.js';

/** The settings from the environment; a bad one ends the process with its message. */
export function configOrExit(): GatewayConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Whether the module at `moduleUrl` (its import.meta.url) is the program node was started with. */
export function isProgram(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Runs `main`; a failure ends the process with `<failed>: <message>`. */
export function run(main: () => Promise<void>, failed: string): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${failed}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
