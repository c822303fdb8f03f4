// Training throughput with standalone workers (issue 35): agents trained per hour by 1 and by 2 workers of one
// training thread each, on this machine, and the ratio between them.
//
//   npm run bench:workers                            1 worker, then 2; 4 agents each; the tiny preset
//   npm run bench:workers -- --workers 1,2,3 --agents 6 --preset default
//   options: --workers <list> (the worker counts, one run each, "1,2"), --agents <n> (uploaded at once per run,
//            4; the upload route takes at most 30 a minute), --preset <tiny | default> (TRAINING_PRESET, tiny:
//            a run takes minutes, not hours), --s3 (the outputs in an S3 test peer, s3rver, instead of a folder),
//            --timeout <min> (per run, until every agent is trained, 60), --json (one JSON line per run as well)
//
// What it does: builds what is stale (as `npm start` does: scripts/build.mjs), then per worker count N, in this one
// process: a fresh database — a new one on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres, names the server it is made on; dropped after) — migrated, with one
// confirmed user made directly; `node apps/server/dist/main.js` on it with RUN_JOBS=false (the API works no job) and
// N standalone workers, `node apps/server/dist/worker.js`, each with TRAINING_THREADS=1, TRAINING_CONCURRENCY=1,
// DEVICE_FIT=false, AGENT_PRICE_CENTS=0 (an agent trains at once) and a data folder of its own, sharing one
// temporary ARTIFACTS_DIR (or, with --s3, one bucket). Once every process is up, the user signs in through the API
// (CSRF cookie, POST /api/auth/signin), uploads --agents copies of the lighthouse keeper
// (packages/mtp/fixtures/lighthouse_2_0_1.json, the tests' example) at once (POST /api/bloom/upload) and polls
// each (GET /api/blooms/{id}) until all its stages are completed; a failed stage ends the bench with its error.
// The times are the server's: an agent's time to finished is its completedAt − createdAt, the wall time the last
// completedAt − the first createdAt. Every process it started is killed at the end, on failure and on Ctrl-C, and
// the database and folders are removed.
//
// Printed per run: workers, agents, wall seconds, agents per hour, the mean time to a finished agent, the load
// average (1 min) before the upload and after the last agent, the ratio agents/hour(N) / agents/hour(1) (or to the
// first count of the list without a 1), the stage runs each worker took ("stage run started" in its log) and the
// workers' CPU seconds (user + system, /proc; with one thread each, CPU seconds per agent that rise with N mean
// contention, not more work) and the cores they used (CPU seconds / wall seconds: up to N, at most the cores;
// far below N, other load took the cores); before the table, each agent's time to finished.
//
// What a single 2-core host can show, and what it cannot. Two one-thread workers on two cores can show that the
// queue hands work to both (each takes stage runs) and that throughput scales with cores while cores are free:
// the ratio can approach 2 only on an otherwise idle machine, and falls as other load takes a core (PostgreSQL,
// the API and the polling share the same cores, lightly; and a one-thread worker is not one core: its main thread
// and V8's helpers run beside the training thread — 1.08 cores measured for one worker, tiny preset). It cannot
// show what workers on several hosts cost: network round trips to the database and the bucket, S3 latency and
// bandwidth (--s3 runs s3rver on loopback: it shows the S3 code path works under load, not what a real bucket
// costs), nor scaling past one machine's cores (a third worker here only shares the two cores). The machine is
// shared and noisy (other sessions' tests): the ratio, measured in one process minutes apart, is the figure to
// read, not the absolute agents per hour; read it with the load average and the cores used.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.mjs';
import { HttpClient } from './lib/http-client.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const workerCounts = option('--workers', '1,2')
  .split(',')
  .map((n) => Number(n.trim()));
const agents = Number(option('--agents', '4'));
const preset = option('--preset', 'tiny');
const useS3 = args.includes('--s3');
const timeoutMs = Number(option('--timeout', '60')) * 60_000;
const asJson = args.includes('--json');
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

for (const n of workerCounts) {
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new Error(`--workers: whole numbers from 1 to 16, not ${n}`);
}
if (!Number.isInteger(agents) || agents < 1 || agents > 30)
  throw new Error(
    `--agents: a whole number from 1 to 30 (the upload route takes 30 a minute), not ${agents}`,
  );
if (!['tiny', 'default'].includes(preset)) throw new Error(`--preset: tiny or default, not ${preset}`);
if (!(timeoutMs > 0)) throw new Error('--timeout: minutes, more than 0');

const PASSWORD = 'Bench#2026workers';
const EMAIL = 'bench-workers@example.com';
const PROTOCOL_FILE = 'lighthouse_2_0_1.json';
const BUCKET = 'greenhouse-bench';
const POLL_MS = 500;

const say = (line = '') => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// What this process started, and its removal: at the end, on failure, on Ctrl-C.

/** The child processes still running. */
const children = new Set();
/** Clean-ups (a database to drop, folders to remove), the last added run first. */
const cleanups = [];

async function cleanUp() {
  await Promise.all([...children].map((child) => stopChild(child, 0)));
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`clean-up: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping every process started and removing the bench's data\n`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// The last resort (an exit not through the paths above): no process outlives this one.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Ends a child: SIGTERM, then SIGKILL after `graceMs` (at once with 0); resolves once it has exited. */
async function stopChild(child, graceMs) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (graceMs > 0) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  } else {
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * Starts a Node process; answers it with `output()` (the last lines it printed, for errors), `count(text)` (its
 * lines containing `text`, counted as they come) and `lines(test)` (a promise of its first line passing `test`).
 */
function startChild(nodeArgs, env, name) {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const tail = [];
  const counts = new Map();
  const waiting = [];
  let partial = '';
  const read = (chunk) => {
    const text = partial + chunk.toString();
    const lines = text.split('\n');
    partial = lines.pop();
    for (const line of lines) {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      for (const key of counts.keys()) if (line.includes(key)) counts.set(key, counts.get(key) + 1);
      for (const wait of waiting) if (wait.test(line)) wait.resolve(line);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const output = () => [...tail, partial].join('\n');
  return {
    child,
    name,
    output,
    countLines(text) {
      counts.set(text, 0);
      return () => counts.get(text);
    },
    /** Resolves with the first line passing `test`; fails if the process exits first, or after `ms`. */
    until(test, ms = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${name} did not start in ${ms / 1000} s:\n${output()}`)),
          ms,
        );
        const done = (fn) => (value) => {
          clearTimeout(timer);
          fn(value);
        };
        waiting.push({ test, resolve: done(resolve) });
        child.once('exit', (code, signal) =>
          done(reject)(new Error(`${name} exited (${code ?? signal}):\n${output()}`)),
        );
      });
    },
  };
}

/** A process's CPU seconds (user + system) from /proc, or null where there is none. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name and state.
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ, 100 on Linux
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------

// What `npm start` does first: compile what is stale (nothing when `npm run build` ran).
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });

// After the build: these are the built modules.
const { openDatabase, schema } = await import('@greenhouse/db');
const { default: pg } = await import('pg');
const { hashPassword } = await import(path.join(root, 'apps/server/dist/features/auth/passwords.js'));

const protocolText = readFileSync(path.join(root, 'packages/mtp/fixtures', PROTOCOL_FILE), 'utf8');

/** s3rver on loopback with one bucket: answers the environment of an S3 store under `prefix`. */
async function startS3(scratch) {
  const directory = path.join(scratch, 's3');
  mkdirSync(directory);
  const cors = path.join(scratch, 's3-cors.xml');
  writeFileSync(
    cors,
    '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>' +
      '<AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>',
  );
  const s3 = startChild(
    [
      '--openssl-legacy-provider',
      path.join(root, 'node_modules/s3rver/bin/s3rver.js'),
      ...['-d', directory, '-a', '127.0.0.1', '-p', '0', '--configure-bucket', BUCKET, cors],
    ],
    {},
    's3rver',
  );
  const line = await s3.until((l) => /S3rver listening on [^\s]+:\d+/.test(l), 20_000);
  const port = /S3rver listening on [^\s]+:(\d+)/.exec(line)[1];
  return (prefix) => ({
    ARTIFACTS_URL: `s3://${BUCKET}/${prefix}`,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  });
}

/** A fresh database on the PostgreSQL server, migrated, with the bench's user: answers its URL. */
async function freshDatabase() {
  const name = `gh_bench_workers_${process.pid}_${Date.now()}_${randomBytes(2).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  cleanups.push(async () => {
    try {
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const database = await openDatabase({ driver: 'postgres', url });
  try {
    await database.migrate();
    await database.db.insert(schema.users).values({
      email: EMAIL,
      firstName: 'Bench',
      lastName: 'Workers',
      passwordHash: await hashPassword(PASSWORD),
      emailConfirmedAt: new Date(),
    });
  } finally {
    await database.close();
  }
  return url;
}

/** One run: N workers, `agents` agents uploaded at once and trained. */
async function run(workers) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'gh-bench-workers-'));
  cleanups.push(() => rmSync(scratch, { recursive: true, force: true }));
  const url = await freshDatabase();
  const artifacts = useS3
    ? (await startS3(scratch))(`bench-${workers}`)
    : { ARTIFACTS_DIR: path.join(scratch, 'artifacts') };
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    AGENT_PRICE_CENTS: '0',
    TRAINING_PRESET: preset,
    TRAINING_THREADS: '1',
    TRAINING_CONCURRENCY: '1',
    DEVICE_FIT: 'false',
    ...artifacts,
  };

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const api = startChild(
    [path.join(root, 'apps/server/dist/main.js')],
    {
      ...common,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: path.join(scratch, 'api'),
      RUN_JOBS: 'false',
    },
    'API server',
  );
  const started = Array.from({ length: workers }, (_, i) =>
    startChild(
      [path.join(root, 'apps/server/dist/worker.js')],
      { ...common, APP_URL: origin, DATA_DIR: path.join(scratch, `worker-${i + 1}`) },
      `worker ${i + 1}`,
    ),
  );
  const stageRuns = started.map((w) => w.countLines('"msg":"stage run started"'));
  await Promise.all([
    api.until((l) => l.includes('Greenhouse is running')),
    ...started.map((w) => w.until((l) => l.includes('Greenhouse worker is running'))),
  ]);
  const cpuBefore = started.map((w) => cpuSeconds(w.child.pid));

  const client = new HttpClient(origin);
  await client.signIn(EMAIL, PASSWORD);
  const loadBefore = loadavg()[0];
  const ids = await Promise.all(
    Array.from({ length: agents }, async (_, i) => {
      const res = await client.upload('/api/bloom/upload', `lighthouse-${i + 1}.json`, protocolText);
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
      return res.json.id;
    }),
  );

  const finished = new Map();
  const deadline = Date.now() + timeoutMs;
  while (finished.size < ids.length) {
    if (Date.now() > deadline)
      throw new Error(
        `${workers} worker(s): ${ids.length - finished.size} agent(s) not trained in --timeout`,
      );
    for (const proc of [api, ...started]) {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null)
        throw new Error(`${proc.name} exited during the run:\n${proc.output()}`);
    }
    for (const id of ids.filter((i) => !finished.has(i))) {
      const res = await client.request('GET', `/api/blooms/${id}`);
      if (res.status !== 200) throw new Error(`GET /api/blooms/${id}: ${res.status} ${res.text}`);
      const bloom = res.json;
      const failed = bloom.stages.find((s) => s.status === 'failed');
      if (failed)
        throw new Error(
          `agent ${id}: stage ${failed.name} failed: ${failed.error?.code} ${failed.error?.message}\n` +
            started.map((w) => `--- ${w.name}:\n${w.output()}`).join('\n'),
        );
      if (bloom.stages.length > 0 && bloom.stages.every((s) => s.status === 'completed'))
        finished.set(id, {
          createdAt: Date.parse(bloom.createdAt),
          completedAt: Date.parse(bloom.completedAt ?? new Date().toISOString()),
        });
    }
    if (finished.size < ids.length) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const loadAfter = loadavg()[0];
  const cpu = started.map((w, i) => {
    const now = cpuSeconds(w.child.pid);
    return now === null || cpuBefore[i] === null ? null : now - cpuBefore[i];
  });
  const runs = stageRuns.map((count) => count());

  // Every agent is trained: the workers stop idle, the API and s3rver at once.
  await Promise.all(started.map((w) => stopChild(w.child, 10_000)));
  await Promise.all([...children].map((child) => stopChild(child, 0)));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();

  const times = [...finished.values()];
  const first = Math.min(...times.map((t) => t.createdAt));
  const last = Math.max(...times.map((t) => t.completedAt));
  const perAgent = times.map((t) => (t.completedAt - t.createdAt) / 1000).sort((a, b) => a - b);
  const wallSeconds = (last - first) / 1000;
  return {
    workers,
    agents,
    preset,
    artifacts: useS3 ? 's3' : 'folder',
    wallSeconds,
    agentsPerHour: (agents / wallSeconds) * 3600,
    meanSecondsToFinished: perAgent.reduce((sum, s) => sum + s, 0) / perAgent.length,
    perAgentSeconds: perAgent,
    loadBefore,
    loadAfter,
    stageRunsPerWorker: runs,
    workerCpuSeconds: cpu.every((c) => c !== null) ? cpu.reduce((sum, c) => sum + c, 0) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

let failed = false;
const results = [];
try {
  say(
    `bench:workers — ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${agents} agents per run, preset ${preset}, ` +
      `outputs in ${useS3 ? 'S3 (s3rver on loopback)' : 'a folder'}, workers of 1 training thread each`,
  );
  for (const workers of workerCounts) {
    say(`${workers} worker${workers === 1 ? '' : 's'}: training ${agents} agents…`);
    const result = await run(workers);
    results.push(result);
    say(
      `  done in ${result.wallSeconds.toFixed(1)} s; each agent trained in ` +
        `${result.perAgentSeconds.map((s) => s.toFixed(1)).join(', ')} s from its upload`,
    );
  }
} catch (error) {
  failed = true;
  if (!interrupted) process.stderr.write(`bench:workers failed: ${error?.stack ?? error}\n`);
} finally {
  if (!interrupted) await cleanUp();
}
if (interrupted) await new Promise(() => {}); // the signal handler exits once its clean-up is done
if (failed) process.exit(1);

const reference = results.find((r) => r.workers === 1) ?? results[0];
say();
say(
  `${padLeft('workers', 7)}${padLeft('agents', 8)}${padLeft('wall s', 9)}${padLeft('agents/h', 10)}` +
    `${padLeft('mean to finished s', 20)}${padLeft('load before', 13)}${padLeft('load after', 12)}` +
    `${padLeft('ratio', 7)}  ${pad('stage runs/worker', 19)}${padLeft('worker CPU s', 12)}${padLeft('cores used', 12)}`,
);
for (const r of results) {
  const ratio = r.agentsPerHour / reference.agentsPerHour;
  say(
    `${padLeft(r.workers, 7)}${padLeft(r.agents, 8)}${padLeft(r.wallSeconds.toFixed(1), 9)}` +
      `${padLeft(r.agentsPerHour.toFixed(1), 10)}${padLeft(r.meanSecondsToFinished.toFixed(1), 20)}` +
      `${padLeft(r.loadBefore.toFixed(2), 13)}${padLeft(r.loadAfter.toFixed(2), 12)}${padLeft(ratio.toFixed(2), 7)}  ` +
      `${pad(r.stageRunsPerWorker.join(' + '), 19)}${padLeft(r.workerCpuSeconds?.toFixed(1) ?? '–', 12)}` +
      `${padLeft(r.workerCpuSeconds === null ? '–' : (r.workerCpuSeconds / r.wallSeconds).toFixed(2), 12)}`,
  );
  if (asJson) say(JSON.stringify({ ...r, ratio, ratioTo: reference.workers }));
}
say(
  `\nratio: agents/hour over agents/hour with ${reference.workers} worker${reference.workers === 1 ? '' : 's'}; ` +
    `load: 1-minute average; ${cpus().length} cores, load now ${loadavg()[0].toFixed(2)}. One host: the ratio is ` +
    `the figure to read, not the absolute (see the header of scripts/bench-workers.mjs).`,
);
