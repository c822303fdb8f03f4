// What the server says once it listens: where it is and how it is set up, for a person at a terminal (a few
// aligned lines) and for a log collector (one JSON line with the same facts as fields).
import type { FloraMissingBuild } from '@greenhouse/contracts';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { appVersion } from './app-version.js';
import { chooseLogFormat, type LogFormat } from './logger.js';

export interface StartFacts {
  version: string;
  /** The database driver actually opened. */
  driver: 'pglite' | 'postgres';
  logFormat: LogFormat;
  /** HTTP processes (API_PROCESSES) when above 1: the banner's process is their primary, serving no HTTP. */
  processes?: number;
  /** Flora native's libraries on offer (/flora), and those the build could not make for want of a compiler. */
  native: { built: string[]; missing: FloraMissingBuild[] };
}

/** A URL without its user name and password: banners and logs never show secrets. */
function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(unparsable URL)';
  }
}

export interface StartBanner {
  /** The first line and the JSON line's message (start-up tests and scripts wait for "Greenhouse is running"). */
  title: string;
  /** The readable banner, one `name   value` line per fact. */
  lines: string[];
  /** The same facts for the JSON line. */
  fields: Record<string, unknown>;
}

export function startBanner(config: Config, facts: StartFacts): StartBanner {
  const title = `Greenhouse is running at ${config.appUrl}`;
  const listening = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const database =
    facts.driver === 'pglite'
      ? {
          text: `embedded (PGlite) in ${config.dataDir}`,
          field: { driver: 'pglite', dataDir: config.dataDir },
        }
      : {
          text: `PostgreSQL at ${config.database.driver === 'postgres' ? withoutCredentials(config.database.url) : '?'}`,
          field: { driver: 'postgres' },
        };
  const mail =
    config.mail.transport === 'outbox'
      ? {
          text: `not sent: written as .eml files to ${config.mail.directory} (set SMTP_URL to send)`,
          field: { transport: 'outbox', outbox: config.mail.directory },
        }
      : {
          text: `sent through ${withoutCredentials(config.mail.url)}`,
          field: { transport: 'smtp', server: withoutCredentials(config.mail.url) },
        };
  const designer = config.llm
    ? {
        text: `model ${config.llm.model} at ${withoutCredentials(config.llm.baseUrl)}`,
        field: { mode: 'model', model: config.llm.model, baseUrl: withoutCredentials(config.llm.baseUrl) },
      }
    : {
        text: 'guided interview (set LLM_BASE_URL and LLM_MODEL for a model)',
        field: { mode: 'guided' },
      };
  const cluster = facts.processes !== undefined && facts.processes > 1 ? facts.processes : null;
  const training = config.jobs.inProcess
    ? `in ${cluster ? 'the primary process' : 'this process'}, ${config.training.threads} thread${config.training.threads === 1 ? '' : 's'}${
        config.training.preset === 'tiny' ? ', tiny preset' : ''
      }`
    : 'by standalone workers (RUN_JOBS=false)';
  const nativeName = (kind: string) => kind.replace(/^native-/, '');
  const native = [
    ...facts.native.built.map((kind) => `${nativeName(kind)} built`),
    ...facts.native.missing.map(
      (m) =>
        `${nativeName(m.kind)} not built (no ${m.compiler}: apt-get install ${m.debianPackage}, then npm run build)`,
    ),
  ].join('; ');
  const logs =
    facts.logFormat === 'pretty'
      ? `readable, level ${config.logLevel} (LOG_FORMAT=json for JSON lines)`
      : `JSON lines, level ${config.logLevel}`;
  const rows: [string, string][] = [
    ['version', facts.version],
    // APP_URL is the public address; say where the server itself listens when that is elsewhere.
    ...(listening === config.appUrl ? [] : [['listening', listening] as [string, string]]),
    ['database', database.text],
    ...(cluster
      ? [
          ['processes', `${cluster} HTTP processes (API_PROCESSES), started by the primary`] as [
            string,
            string,
          ],
        ]
      : []),
    ['e-mail', mail.text],
    ['designer', designer.text],
    ['training', training],
    ['flora', `native library ${native}`],
    ['sign-in', config.google ? 'password and Google' : 'password (set GOOGLE_CLIENT_ID for Google)'],
    ['logs', logs],
  ];
  return {
    title,
    lines: [title, ...rows.map(([name, value]) => `  ${name.padEnd(10)} ${value}`)],
    fields: {
      version: facts.version,
      url: config.appUrl,
      listening: { host: config.host, port: config.port },
      database: database.field,
      mail: mail.field,
      designer: designer.field,
      training: {
        inProcess: config.jobs.inProcess,
        threads: config.training.threads,
        preset: config.training.preset,
        base: config.training.base,
      },
      googleSignIn: config.google !== null,
      floraNative: {
        built: facts.native.built.map(nativeName),
        missing: facts.native.missing.map((m) => ({
          target: nativeName(m.kind),
          debianPackage: m.debianPackage,
        })),
      },
      ...(cluster ? { apiProcesses: cluster } : {}),
    },
  };
}

/**
 * Says the banner once the server listens, in the log format this start chose: the JSON line, or the facts
 * as aligned lines between blank ones (at the info level, like any other line).
 */
export function sayStartBanner(
  config: Config,
  log: Logger,
  facts: Omit<StartFacts, 'version' | 'logFormat'>,
): void {
  const logFormat = chooseLogFormat(config.logFormat, process.stdout.isTTY);
  const banner = startBanner(config, { ...facts, version: appVersion(), logFormat });
  if (logFormat === 'json') log.info(banner.fields, banner.title);
  else if (log.isLevelEnabled('info')) process.stdout.write(`\n${banner.lines.join('\n')}\n\n`);
}
