// Issue 17: readable logs at a terminal, JSON lines otherwise or when asked (LOG_FORMAT), one line per request,
// and a start banner that says where the app is and how it is set up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startBanner } from '../src/lib/banner.js';
import { chooseLogFormat, createLogger } from '../src/lib/logger.js';
import { errorHandlerPlugin } from '../src/plugins/error-handler.js';
import { RequestLogController } from '../src/plugins/request-log.js';
import {
  freePort,
  startServerProcess,
  stopServerProcesses,
  waitUntilRunning,
} from './support/server-process.js';

/** A stream that keeps what is written to it; `isTTY` as a terminal would have it. */
class Capture extends Writable {
  text = '';
  constructor(readonly isTTY = false) {
    super();
  }
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  lines() {
    return this.text.split('\n').filter(Boolean);
  }
}

describe('chooseLogFormat', () => {
  it('is readable at a terminal and JSON lines otherwise', () => {
    expect(chooseLogFormat(null, true)).toBe('pretty');
    expect(chooseLogFormat(null, false)).toBe('json');
    expect(chooseLogFormat(null, undefined)).toBe('json');
  });

  it('follows LOG_FORMAT whatever the output is', () => {
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line off a terminal', () => {
    const out = new Capture(false);
    createLogger({ logLevel: 'info', logFormat: null }, out).info({ queue: 'bloom-stage' }, 'hello');
    expect(out.lines()).toHaveLength(1);
    expect(JSON.parse(out.lines()[0]!)).toMatchObject({ level: 30, msg: 'hello', queue: 'bloom-stage' });
  });

  it('writes readable lines at a terminal, and with LOG_FORMAT=pretty anywhere (colours only at a terminal)', () => {
    const terminal = new Capture(true);
    createLogger({ logLevel: 'info', logFormat: null }, terminal).warn({ jobs: 2 }, 'jobs handed out again');
    expect(terminal.text).toContain('jobs handed out again');
    expect(terminal.text).toContain('\u001b['); // coloured
    expect(() => JSON.parse(terminal.text)).toThrow();

    const file = new Capture(false);
    createLogger({ logLevel: 'info', logFormat: 'pretty' }, file).warn({ jobs: 2 }, 'jobs handed out again');
    expect(file.text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: jobs handed out again \{"jobs":2\}\n$/);
  });

  it('keeps to the level', () => {
    const out = new Capture(false);
    const log = createLogger({ logLevel: 'warn', logFormat: 'json' }, out);
    log.info('not shown');
    log.warn('shown');
    expect(out.lines().map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['shown']);
  });
});

describe('request lines', () => {
  async function answer(format: 'json' | 'pretty') {
    const out = new Capture(false);
    const app = Fastify({
      loggerInstance: createLogger({ logLevel: 'info', logFormat: format }, out),
      logController: new RequestLogController(),
    });
    app.get('/api/health', async () => ({ status: 'ok' }));
    await app.inject({ method: 'GET', url: '/api/health?x=1' });
    await app.close();
    return out;
  }

  it('are one JSON line per request, with the facts as fields', async () => {
    const lines = (await answer('json')).lines().map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'GET',
      url: '/api/health?x=1',
      statusCode: 200,
      ms: expect.any(Number),
      msg: expect.stringMatching(/^GET \/api\/health\?x=1 200 \d+ ms$/),
    });
  });

  it('read as one short line at a terminal', async () => {
    expect((await answer('pretty')).text).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health\?x=1 200 \d+ ms\n$/,
    );
  });
});

describe('error lines', () => {
  // Issue 19: a 500 logged its SQL parameters (up to 2 MB of protocol) through the error's fields, message,
  // stack and cause.
  it('log a failed request once, at the error level, without SQL parameters or the request body', async () => {
    const out = new Capture(false);
    const app = Fastify({
      loggerInstance: createLogger({ logLevel: 'info', logFormat: 'json' }, out),
      logController: new RequestLogController(),
    });
    await app.register(errorHandlerPlugin);
    const secret = 'PROTOCOL-TEXT '.repeat(2000);
    app.post('/api/blooms', async () => {
      const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
        severity: 'ERROR',
        detail: `Failing row contains (${secret}).`,
        where: `unnamed portal parameter $1 = '${secret}'`,
      });
      throw new DrizzleQueryError(
        'insert into "blooms" ("name", "content") values ($1, $2)',
        [secret, secret],
        cause,
      );
    });
    const res = await app.inject({ method: 'POST', url: '/api/blooms', payload: { protocol: secret } });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('PROTOCOL-TEXT');

    const lines = out.lines().map((l) => JSON.parse(l) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "blooms" ("name", "content") values ($1, $2)',
      query: 'insert into "blooms" ("name", "content") values ($1, $2)',
      stack: expect.stringMatching(/^DrizzleQueryError: Failed query: insert[^\n]*\n\s+at /),
      cause: { type: 'Error', code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
    expect(lines.filter((l) => l.level === 30)).toHaveLength(1); // the request line
    expect(out.text).not.toContain('PROTOCOL-TEXT');
    expect(out.text.length).toBeLessThan(8_000);
  });
});

describe('the start banner', () => {
  it('says the URL, the database, the mail outbox, the designer and the log format', () => {
    const config = loadConfig({ DATA_DIR: '/srv/gh', PORT: '8080' });
    const banner = startBanner(config, {
      version: '0.1.0+abc',
      driver: 'pglite',
      logFormat: 'pretty',
      native: {
        built: ['native-linux-x64'],
        missing: [
          {
            kind: 'native-windows-x64',
            compiler: 'x86_64-w64-mingw32-gcc',
            debianPackage: 'gcc-mingw-w64-x86-64',
          },
        ],
      },
    });
    expect(banner.title).toBe('Greenhouse is running at http://localhost:8080');
    expect(banner.lines).toEqual([
      'Greenhouse is running at http://localhost:8080',
      '  version    0.1.0+abc',
      '  database   embedded (PGlite) in /srv/gh',
      '  e-mail     not sent: written as .eml files to /srv/gh/outbox (set SMTP_URL to send)',
      '  designer   guided interview (set LLM_BASE_URL and LLM_MODEL for a model)',
      '  training   in this process, 2 threads',
      '  flora      native library linux-x64 built; windows-x64 not built (no x86_64-w64-mingw32-gcc: apt-get install gcc-mingw-w64-x86-64, then npm run build)',
      '  sign-in    password (set GOOGLE_CLIENT_ID for Google)',
      '  logs       readable, level info (LOG_FORMAT=json for JSON lines)',
    ]);
    expect(banner.fields).toMatchObject({
      version: '0.1.0+abc',
      url: 'http://localhost:8080',
      database: { driver: 'pglite', dataDir: '/srv/gh' },
      mail: { transport: 'outbox', outbox: '/srv/gh/outbox' },
      designer: { mode: 'guided' },
      floraNative: {
        built: ['linux-x64'],
        missing: [{ target: 'windows-x64', debianPackage: 'gcc-mingw-w64-x86-64' }],
      },
    });
  });

  it('names PostgreSQL, the mail server and the model without their credentials, and where it listens', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://gh:db-secret@db.internal:5432/greenhouse',
      SMTP_URL: 'smtp://mailer:smtp-secret@mail.example.com:587',
      LLM_BASE_URL: 'https://llm.example.com/v1',
      LLM_MODEL: 'small-model',
      LLM_API_KEY: 'sk-key-secret',
      APP_URL: 'https://greenhouse.example.com',
      HOST: '0.0.0.0',
      RUN_JOBS: 'false',
    });
    const banner = startBanner(config, {
      version: '0.1.0',
      driver: 'postgres',
      logFormat: 'json',
      native: { built: ['native-linux-x64', 'native-windows-x64'], missing: [] },
    });
    const text = banner.lines.join('\n');
    expect(text).toContain('Greenhouse is running at https://greenhouse.example.com');
    expect(text).toContain('  listening  http://0.0.0.0:3000');
    expect(text).toContain('  database   PostgreSQL at postgres://db.internal:5432/greenhouse');
    expect(text).toContain('  e-mail     sent through smtp://mail.example.com:587');
    expect(text).toContain('  designer   model small-model at https://llm.example.com/v1');
    expect(text).toContain('  training   by standalone workers');
    expect(text).toContain('  flora      native library linux-x64 built; windows-x64 built');
    expect(text).toContain('  logs       JSON lines, level info');
    const everything = text + JSON.stringify(banner.fields);
    for (const secret of ['db-secret', 'smtp-secret', 'sk-key-secret', 'mailer:', 'gh:']) {
      expect(everything).not.toContain(secret);
    }
    expect(banner.fields).toMatchObject({ designer: { mode: 'model', model: 'small-model' } });
  });
});

describe('the server process', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await stopServerProcesses();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: NodeJS.ProcessEnv) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-log-'));
    dirs.push(dataDir);
    const port = await freePort();
    const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, ...env });
    await waitUntilRunning(server);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    // The request's line is written once the answer is out.
    const deadline = Date.now() + 5_000;
    while (!server.output().includes('/api/health 200') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    return { server, dataDir, port };
  }

  it('prints a readable banner and one readable line per request with LOG_FORMAT=pretty', async () => {
    const { server, dataDir, port } = await start({ LOG_FORMAT: 'pretty' });
    const output = server.output();
    expect(output).toContain(`\nGreenhouse is running at http://localhost:${port}\n`);
    expect(output).toContain(`  database   embedded (PGlite) in ${dataDir}\n`);
    expect(output).toContain(
      `  e-mail     not sent: written as .eml files to ${path.join(dataDir, 'outbox')}`,
    );
    expect(output).toContain('  designer   guided interview');
    expect(output).toMatch(/\] INFO: GET \/api\/health 200 \d+ ms\n/);
    expect(output).not.toContain('{"level"');
    expect(output).not.toContain('incoming request');
  }, 90_000);

  it('logs JSON lines when its output is not a terminal', async () => {
    const { server, dataDir } = await start({});
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const banner = lines.find((l) => String(l.msg).startsWith('Greenhouse is running at'));
    expect(banner).toMatchObject({
      database: { driver: 'pglite', dataDir },
      mail: { transport: 'outbox', outbox: path.join(dataDir, 'outbox') },
      designer: { mode: 'guided' },
    });
    const requests = lines.filter((l) => l.url === '/api/health');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'GET',
      statusCode: 200,
      msg: expect.stringMatching(/^GET /),
    });
  }, 90_000);
});
