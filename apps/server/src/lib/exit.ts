// For the entry points (server, worker): stop with a message a person can act on, not a stack trace.
import { ConfigError, loadConfig, type Config } from '../config.js';

export function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

/** The configuration, or exit 1 naming what is wrong with it. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
