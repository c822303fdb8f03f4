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

const MAX_MESSAGE = 1_000;
const MAX_QUERY = 2_000;
// The facts of an error worth a log line: what it is, where, and the database's codes. Nothing that can carry
// data: not drizzle's `params`, nor PostgreSQL's `detail` / `where` (a failing row, a parameter's value).
const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'constraint', 'table', 'column'] as const;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (cut)` : text);

/**
 * The `err` of a log line: type, message, stack, the codes above, the SQL text of a failed query (its
 * placeholders, not its values) and the cause, the same way. A failed query's message and stack carry its
 * parameters after "params:" (drizzle's DrizzleQueryError; up to a whole 2 MB protocol): they are cut off.
 */
export function errorForLog(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: cut(String(error), MAX_MESSAGE) };
  const type = error.constructor?.name || error.name || 'Error';
  const message = cut(error.message.split('\nparams:')[0]!, MAX_MESSAGE);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const key of KEPT_FIELDS) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof fields.query === 'string') out.query = cut(fields.query, MAX_QUERY);
  if (error.cause !== undefined && depth < 3) out.cause = errorForLog(error.cause, depth + 1);
  return out;
}

/** The process's logger, in the format chooseLogFormat picks. */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  destination: LogDestination = process.stdout,
): Logger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { err: (error: unknown) => errorForLog(error) },
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
