// API_PROCESSES=2 on PostgreSQL (issue 22), the built-from-source server as real OS processes: a node:cluster
// primary that migrates, works the job queue and forks two HTTP processes sharing the port. Which process
// answered is read from the log: the primary logs each HTTP process's pid as it listens, and every request
// line carries the pid of the process that answered it (pino's `pid`). Each request below goes over a new
// connection, which the primary hands to its HTTP processes in turn.
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testDatabaseDriver } from '@greenhouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInHttpClient } from './support/http-client.js';
import { emptyInstallation, withConfirmedUser, type Cleanup } from './support/installation.js';
import {
  freePort,
  startServerProcess,
  stopServerProcesses,
  waitUntilRunning,
  type ServerProcess,
} from './support/server-process.js';
import { exampleProtocol, pollBloom } from './support/training.js';

const cleanups: Cleanup[] = [];
let server: ServerProcess;
let port: number;
let email: string;

/** The log's JSON lines (the processes share the primary's stdout). */
function logLines(): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The pids of the HTTP processes the primary said are listening, in order. */
const listeningPids = () =>
  logLines()
    .filter((l) => l.msg === 'HTTP process listening')
    .map((l) => l.httpPid as number);

/** The pid of each request line for `method url` logged after line `from`. */
const answeredBy = (method: string, url: string, from = 0) =>
  logLines()
    .slice(from)
    .filter((l) => l.method === method && l.url === url && typeof l.statusCode === 'number')
    .map((l) => l.pid as number);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One request over a connection of its own (no keep-alive): status, Set-Cookie lines and body. */
function send(
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; cookies: string[]; json: unknown }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode!, cookies: res.headers['set-cookie'] ?? [], json });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.end(body);
  });
}

const lines = () => logLines().length;

describe.runIf(testDatabaseDriver() === 'postgres')('API_PROCESSES=2 (postgres)', () => {
  beforeAll(async () => {
    const installation = await emptyInstallation('gh-procs-', cleanups);
    email = await withConfirmedUser(installation.options, 'procs');
    port = await freePort();
    server = startServerProcess({
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_FORMAT: 'json',
      API_PROCESSES: '2',
      TRAINING_PRESET: 'tiny',
      TRAINING_THREADS: '1',
      ...installation.env,
    });
    await waitUntilRunning(server);
  }, 90_000);

  afterAll(async () => {
    await stopServerProcesses();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('starts two HTTP processes besides the primary and answers requests from both, none from the primary', async () => {
    const pids = listeningPids();
    expect(pids).toHaveLength(2);
    expect(new Set([...pids, server.child.pid]).size).toBe(3);
    // One banner, from the primary, once both listen.
    const banners = logLines().filter((l) => String(l.msg).startsWith('Greenhouse is running'));
    expect(banners.map((l) => [l.pid, l.apiProcesses])).toEqual([[server.child.pid, 2]]);

    const from = lines();
    const answers = await Promise.all(Array.from({ length: 40 }, () => send('GET', '/api/health')));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    await until(() => answeredBy('GET', '/api/health', from).length === 40, 'the 40 request lines');
    const by = answeredBy('GET', '/api/health', from);
    expect(new Set(by)).toEqual(new Set(pids));
  });

  it('works the job queue in the primary only', async () => {
    const client = await signedInHttpClient(port, email);
    const res = await client.upload('/api/bloom/upload', 'agent.json', exampleProtocol());
    expect(res.status).toBe(201);
    const id = (res.json as { id: string }).id;
    // Its data stages run at once (then training, which the last test's SIGTERM pauses).
    await pollBloom(
      async () => (await client.get(`/api/blooms/${id}`)).json,
      (bloom) => bloom.stages.filter((s) => s.status === 'completed').length >= 3,
      60_000,
    );
    const stageLines = logLines().filter((l) => l.bloomId === id && typeof l.stage === 'string');
    expect(stageLines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(stageLines.map((l) => l.pid))).toEqual(new Set([server.child.pid]));
  }, 90_000);

  it('counts a rate limit across the processes: sign-in answers 429 after its 10 tries in all', async () => {
    const first = await send('GET', '/api/health');
    const xsrf = first.cookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('XSRF-TOKEN='))!;
    const headers = { cookie: xsrf, 'x-xsrf-token': decodeURIComponent(xsrf.split('=')[1]!) };
    const body = { email: 'nobody.procs@example.com', password: 'Wrong#password1' };
    const from = lines();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await send('POST', '/api/auth/signin', { body, headers })).status);
    // 10 tries in 5 minutes per address and e-mail (auth-routes.ts), whichever process takes them.
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    await until(() => answeredBy('POST', '/api/auth/signin', from).length === 12, 'the 12 request lines');
    // Both processes took tries (each alone saw fewer than 10): the count is shared.
    const by = answeredBy('POST', '/api/auth/signin', from).slice(0, 10);
    expect(new Set(by)).toEqual(new Set(listeningPids()));
    const last = await send('POST', '/api/auth/signin', { body, headers });
    expect(last.json).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  });

  it('replaces an HTTP process that dies, and requests keep being answered meanwhile', async () => {
    const [victim, survivor] = listeningPids();
    process.kill(victim!, 'SIGKILL');
    // Once the primary knows (a connection it handed over in the instant of the death is lost with the
    // process), the other process answers every request while the replacement starts.
    const ended = (l: Record<string, unknown>) =>
      l.msg === 'HTTP process ended unexpectedly: starting another' && l.httpPid === victim;
    await until(() => logLines().some(ended), 'the primary seeing the death');
    expect(listeningPids()).toHaveLength(2);
    const during = await Promise.all(Array.from({ length: 10 }, () => send('GET', '/api/health')));
    expect(during.map((a) => a.status)).toEqual(Array(10).fill(200));
    await until(() => listeningPids().length === 3, 'a new HTTP process');
    const replacement = listeningPids()[2]!;
    expect([victim, survivor]).not.toContain(replacement);
    expect(alive(victim!)).toBe(false);

    const from = lines();
    const after = await Promise.all(Array.from({ length: 20 }, () => send('GET', '/api/health')));
    expect(after.map((a) => a.status)).toEqual(Array(20).fill(200));
    await until(() => answeredBy('GET', '/api/health', from).length === 20, 'the 20 request lines');
    expect(new Set(answeredBy('GET', '/api/health', from))).toEqual(new Set([survivor, replacement]));
  }, 60_000);

  it('stops on SIGTERM: every HTTP process stops as a lone server does, then the primary exits 0', async () => {
    const pids = listeningPids().slice(-2);
    expect(pids.every(alive)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    const stopping = logLines().filter((l) => l.msg === 'shutting down');
    expect(new Set(stopping.map((l) => l.pid))).toEqual(new Set(pids));
  }, 60_000);
});

describe('API_PROCESSES that cannot start', () => {
  afterAll(async () => {
    await stopServerProcesses();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('stops at start with a message naming API_PROCESSES on the embedded database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-procs-embedded-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const p = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()), API_PROCESSES: '2' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/API_PROCESSES: more than 1 needs PostgreSQL/);
  });

  it.runIf(testDatabaseDriver() === 'postgres')(
    'stops the primary (exit 1) when its HTTP processes cannot listen, instead of forking them again',
    async () => {
      const installation = await emptyInstallation('gh-procs-busy-', cleanups);
      const busy = net.createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => busy.close(() => resolve())));
      const { port: taken } = busy.address() as net.AddressInfo;
      const p = startServerProcess({
        HOST: '127.0.0.1',
        PORT: String(taken),
        LOG_FORMAT: 'json',
        API_PROCESSES: '2',
        ...installation.env,
      });
      expect(await p.exited).toBe(1);
      expect(p.output()).toContain(`Port ${taken} is already in use`);
      expect(p.output()).toContain('an HTTP process stopped during start-up');
      expect(p.output()).not.toContain('Greenhouse is running');
    },
    60_000,
  );
});
