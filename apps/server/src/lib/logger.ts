import { createRequire } from 'node:module';
import pino, { type Logger } from 'pino';
import type PinoPretty from 'pino-pretty';
import type { Config } from '../config.js';

export type LogFormat = 'json' | 'pretty';

/**
 * How the process logs: LOG_FORMAT when set; otherwise readable lines for a person at a terminal and
 * JSON lines (one object per line) for log collectors, files and pipes.
 */
export function chooseLogFormat(setting: LogFormat | null, isTTY: boolean | undefined): LogFormat {
  return setting ?? (isTTY ? 'pretty' : 'json');
}

/** Where the log goes: stdout, or (tests) any writable stream. */
export type LogDestination = NodeJS.WritableStream & { isTTY?: boolean };

// Request lines carry these as fields for JSON readers; the readable line says them in its message.
const PRETTY_HIDDEN = 'pid,hostname,reqId,method,url,statusCode,ms';

/** The process's logger, in the format chooseLogFormat picks. */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination: LogDestination = process.stdout,
): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (chooseLogFormat(config.logFormat, destination.isTTY) === 'json') {
    return destination === process.stdout ? pino(options) : pino(options, destination);
  }
  // pino-pretty is already a dependency of the server, so no formatter of our own. Its line formatter runs in
  // this process, synchronously, instead of as a pino transport: no worker thread to start, and no line is lost
  // when the process exits right after it (a failed start). Loaded only when used: JSON logging never pays for it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const format = prettyFactory({
    colorize: Boolean(destination.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: PRETTY_HIDDEN,
    singleLine: true,
  });
  return pino(options, { write: (line: string) => void destination.write(format(line)) });
}
