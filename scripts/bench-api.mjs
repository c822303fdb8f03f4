// API throughput (issue 22): the built server on PostgreSQL and on the embedded database, driven by autocannon,
// against a bare Fastify with one trivial JSON route measured in the same run on the same machine.
//
//   npm run bench:api                               both databases, every scenario
//   npm run bench:api -- --db postgres              one database (postgres | pglite)
//   options: --duration <s> (per scenario, 10), --connections <n> (100), --users <n> (signed-in users of the
//            "many users" scenarios, 20), --only <text> (the scenarios whose name contains it), --json (one JSON
//            line per scenario as well), --processes <n> (the server's API_PROCESSES on PostgreSQL, 1; the
//            embedded database always runs 1)
//   BENCH_SERVER_ARGS: more Node arguments for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" (profiling)
//
// What it does: builds what is stale (as `npm start` does: scripts/build.mjs), then for each database a fresh one
// of its own — a new database on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// names the server it is made on; dropped after) or a new data directory for the embedded one (removed after) —
// migrated and filled directly: the users (one with 25 agents, `--users` more with 25 each, and one whose 25
// agents are all trained), five chats each. Then `node apps/server/dist/main.js` runs on it as in production
// (RUN_JOBS=false: no worker takes the agents' jobs during the run; API_PROCESSES=--processes on PostgreSQL, so
// with 2 a primary and two HTTP processes; logs at info, to /dev/null), every user signs in
// through the API (POST /api/auth/signin), and each scenario runs a short warm-up, then `--duration` seconds.
//
// The agents: 25 per user as they are once uploaded and their data stages have run (paid at $0, training waiting),
// so the list shows stages with their metrics and the agent page its summary. The trained user's agents carry the
// training metrics the agent page draws (two loss curves of 200 points and a validation curve): a list of them is
// about 10 times larger, shown as a scenario of its own.
//
// Goal (issue 22), the agents list on PostgreSQL, one user with 25 agents, 100 connections: >= 3,500 req/s and
// >= 0.15 of bare Fastify, p99 <= 60 ms, no non-2xx answer. The table marks it.
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
const databases = option('--db', 'postgres,pglite').split(',');
const duration = Number(option('--duration', '10'));
const connections = Number(option('--connections', '100'));
const manyUsers = Number(option('--users', '20'));
const only = option('--only', '');
const asJson = args.includes('--json');
const processes = Number(option('--processes', '1'));
if (!Number.isInteger(processes) || processes < 1)
  throw new Error(`--processes: a whole number from 1, not ${processes}`);
const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const AGENTS_PER_USER = 25;
const CHATS_PER_USER = 5;
const PASSWORD = 'Bench#2026throughput';
const GOAL = { reqPerSec: 3500, ratio: 0.15, p99: 60 };

const say = (line = '') => process.stdout.write(`${line}\n`);

for (const db of databases) {
  if (!['postgres', 'pglite'].includes(db)) throw new Error(`--db: postgres or pglite, not ${db}`);
}

// What `npm start` does first: compile what is stale (nothing when `npm run build` ran).
execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--quiet'], { stdio: 'inherit' });

// After the build: these are the built modules.
const { default: autocannon } = await import('autocannon');
const { openDatabase, schema } = await import('@greenhouse/db');
const { default: pg } = await import('pg');
const { hashPassword } = await import(path.join(root, 'apps/server/dist/features/auth/passwords.js'));
const { prepareStage1 } = await import(path.join(root, 'apps/server/dist/features/pipeline/data-stages.js'));

/** Starts a Node process and waits until `url` answers 200; answers a stop function. */
async function startProcess(nodeArgs, env, url) {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${nodeArgs.join(' ')} exited:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`${nodeArgs.join(' ')} did not answer in 60 s:\n${stderr}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}

/** One autocannon run; `setupClient` may give each connection its own headers and path. */
async function drive(url, { headers = {}, setupClient, seconds = duration } = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers, setupClient });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors, // autocannon counts timeouts among the errors
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  };
}

async function measure(url, options) {
  await drive(url, { ...options, seconds: Math.min(3, duration) }); // warm-up: JIT, pool connections
  return drive(url, options);
}

// ---------------------------------------------------------------------------------------------------------------
// The bare Fastify reference

async function bareFastify() {
  const port = await freePort();
  const source = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const url = `http://127.0.0.1:${port}/`;
  const stop = await startProcess(['--input-type=module', '-e', source], {}, url);
  try {
    return await measure(url);
  } finally {
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The data

const protocol = JSON.parse(
  readFileSync(path.join(root, 'packages/mtp/fixtures/lighthouse_2_0_1.json'), 'utf8'),
);
const stage1 = prepareStage1(protocol);
const dataMetrics = {
  data_preparation_stage_1: stage1.metrics,
  data_preparation_stage_2: { examples: 120, samples: 96, guardrailExamples: 24, reactions: 4 },
  data_validation: {
    train: 120,
    qualityMethod: 'k-fold',
    checkModels: 4,
    checked: 96,
    duplicates: 0,
    conflictingDuplicates: 0,
  },
};
const curve = (points, from) =>
  Array.from({ length: points }, (_, i) => ({
    step: (i + 1) * 5,
    loss: from * Math.exp(-i / 60) + 0.1 * Math.random(),
  }));
const trainingMetrics = {
  training_tokenizer: { vocabularySize: 1024, corpusTokens: 58_211 },
  training_pretraining: {
    parameters: 1_071_104,
    steps: 1000,
    tokensPerSecond: 5123.4,
    trainLoss: 1.2345,
    lossCurve: curve(200, 5.5),
  },
  training_finetuning: {
    parameters: 1_071_104,
    steps: 600,
    tokensPerSecond: 4987.1,
    trainLoss: 0.4321,
    validationLoss: 0.5123,
    reactionAccuracy: 0.9,
    trainReactionAccuracy: 1,
    heldOut: 24,
    lossCurve: curve(200, 3.2),
    validationCurve: curve(20, 3.4),
  },
  training_exporting: { bytes: 2_345_678, sha256: 'a'.repeat(64), weightsFormat: 'float16' },
};
const stageNames = [...Object.keys(dataMetrics), ...Object.keys(trainingMetrics)];

/** One user's agents, each with its protocol, seven stages and outputs. */
function agentsOf(userId, trained, now) {
  const blooms = [];
  const protocols = [];
  const stages = [];
  const artifacts = [];
  for (let i = 0; i < AGENTS_PER_USER; i++) {
    const id = randomUUID();
    const at = new Date(now - (AGENTS_PER_USER - i) * 60_000);
    blooms.push({
      id,
      userId,
      name: `Lighthouse keeper ${i + 1}`,
      datasetName: 'lighthouse_2_0_1.json',
      paymentStatus: 'paid',
      priceCents: 0,
      createdAt: at,
      updatedAt: at,
      completedAt: trained ? at : null,
    });
    protocols.push({ bloomId: id, version: 1, content: protocol });
    stageNames.forEach((name, position) => {
      const done = trained || name in dataMetrics;
      stages.push({
        bloomId: id,
        name,
        position,
        status: done ? 'completed' : 'pending',
        metrics: done ? (dataMetrics[name] ?? trainingMetrics[name]) : null,
        attempts: done ? 1 : 0,
        startedAt: done ? at : null,
        completedAt: done ? at : null,
      });
    });
    artifacts.push({
      bloomId: id,
      stage: 'data_preparation_stage_1',
      kind: 'protocol',
      content: stage1.artifacts.protocol,
    });
    if (trained) {
      artifacts.push({
        bloomId: id,
        stage: 'training_exporting',
        kind: 'agent',
        content: { file: 'training_exporting.agent', bytes: 2_345_678, sha256: 'a'.repeat(64) },
      });
    }
  }
  return { blooms, protocols, stages, artifacts };
}

/** Fills a migrated database: answers the users (email, first agent's id), the first one the "one user". */
async function seed(database) {
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const now = Date.now();
  const users = [];
  // The one user, the many, then the trained one.
  for (let u = 0; u < 1 + manyUsers + 1; u++) {
    const trained = u === manyUsers + 1;
    const email = `bench${u}@example.com`;
    const [user] = await db
      .insert(schema.users)
      .values({
        email,
        firstName: 'Bench',
        lastName: `User ${u}`,
        passwordHash,
        emailConfirmedAt: new Date(),
      })
      .returning({ id: schema.users.id });
    const rows = agentsOf(user.id, trained, now);
    await db.insert(schema.blooms).values(rows.blooms);
    await db.insert(schema.bloomProtocols).values(rows.protocols);
    await db.insert(schema.bloomStages).values(rows.stages);
    await db.insert(schema.bloomArtifacts).values(rows.artifacts);
    await db.insert(schema.chats).values(
      Array.from({ length: CHATS_PER_USER }, (_, i) => ({
        userId: user.id,
        title: `A lighthouse keeper who answers sailors ${i + 1}`,
        mode: 'guided',
        draft: { name: 'Lighthouse keeper', context: ['You keep a lighthouse.'], instructions: [] },
      })),
    );
    users.push({ email, bloomId: rows.blooms.at(-1).id });
  }
  return users;
}

/** Signs a user in through the API as the browser does; answers the Cookie header of their requests. */
async function signIn(origin, email) {
  const client = new HttpClient(origin);
  await client.signIn(email, PASSWORD);
  return client.cookieHeader();
}

// ---------------------------------------------------------------------------------------------------------------
// One database

async function onDatabase(driver) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'gh-bench-api-'));
  let url = null;
  let admin = null;
  if (driver === 'postgres') {
    const name = `gh_bench_${process.pid}_${Date.now()}`;
    admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    url = target.toString();
  }
  try {
    const options = url
      ? { driver: 'postgres', url }
      : { driver: 'pglite', dataDir: path.join(scratch, 'data') };
    const database = await openDatabase(options);
    await database.migrate();
    const started = Date.now();
    const users = await seed(database);
    await database.close();
    say(
      `${driver}: ${users.length} users with ${AGENTS_PER_USER} agents each, seeded in ${Date.now() - started} ms`,
    );

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const stop = await startProcess(
      [
        ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
        path.join(root, 'apps/server/dist/main.js'),
      ],
      {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: origin,
        DATA_DIR: path.join(scratch, 'data'),
        RUN_JOBS: 'false',
        LOG_FORMAT: 'json',
        ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
        ...(url ? { DATABASE_URL: url, API_PROCESSES: String(processes) } : {}),
      },
      `${origin}/api/health`,
    );
    try {
      const cookies = [];
      for (const user of users) cookies.push(await signIn(origin, user.email));
      const one = { cookie: cookies[0], bloomId: users[0].bloomId };
      const many = users
        .slice(1, 1 + manyUsers)
        .map((u, i) => ({ cookie: cookies[1 + i], bloomId: u.bloomId }));
      const trained = { cookie: cookies.at(-1), bloomId: users.at(-1).bloomId };
      const list = '/api/blooms?page=1&pageSize=10&sort=updatedAt&sortOrder=desc';
      // Each connection is one of the users, in turn.
      const spread = (pathOf) => {
        let next = 0;
        return (client) => {
          const user = many[next++ % many.length];
          // The request list itself: setRequest() alone is overridden by the list at the next request.
          client.setRequests([{ method: 'GET', path: pathOf(user), headers: { cookie: user.cookie } }]);
        };
      };
      const scenarios = [
        { name: 'agents list, one user', path: list, user: one, goal: driver === 'postgres' },
        { name: 'agents list, many users', path: list, users: () => list },
        { name: 'agents list, one user, trained agents', path: list, user: trained },
        { name: 'agent page, one user', path: `/api/blooms/${one.bloomId}`, user: one },
        { name: 'agent page, many users', path: '/', users: (u) => `/api/blooms/${u.bloomId}` },
        { name: 'account data, one user', path: '/api/account/data', user: one },
        { name: 'account data, many users', path: '/api/account/data', users: () => '/api/account/data' },
        { name: 'chat list, one user', path: '/api/bloom/chats', user: one },
        { name: 'chat list, many users', path: '/api/bloom/chats', users: () => '/api/bloom/chats' },
      ].filter((s) => s.name.includes(only));
      const results = [];
      for (const scenario of scenarios) {
        const result = await measure(
          `${origin}${scenario.path}`,
          scenario.users
            ? { setupClient: spread(scenario.users) }
            : { headers: { cookie: scenario.user.cookie } },
        );
        results.push({ driver, ...scenario, ...result });
      }
      return results;
    } finally {
      await stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

say(
  `bench:api — ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}, ${connections} connections, ${duration} s per scenario, ` +
    `${processes} API process${processes === 1 ? '' : 'es'} on PostgreSQL (embedded: 1)`,
);
const bare = await bareFastify();
say(
  `bare Fastify (GET / → {"hello":"world"}): ${Math.round(bare.reqPerSec)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms`,
);
const rows = [];
for (const driver of databases) rows.push(...(await onDatabase(driver)));

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
say();
say(
  `${pad('database', 9)}${pad('scenario', 40)}${padLeft('req/s', 8)}${padLeft('ratio', 7)}${padLeft('p50', 6)}` +
    `${padLeft('p99', 6)}${padLeft('non2xx', 8)}${padLeft('errors', 8)}${padLeft('bytes', 8)}  goal`,
);
for (const row of rows) {
  const ratio = row.reqPerSec / bare.reqPerSec;
  const met =
    row.reqPerSec >= GOAL.reqPerSec &&
    ratio >= GOAL.ratio &&
    row.p99 <= GOAL.p99 &&
    row.non2xx === 0 &&
    row.errors === 0;
  say(
    `${pad(row.driver, 9)}${pad(row.name, 40)}${padLeft(Math.round(row.reqPerSec), 8)}${padLeft(ratio.toFixed(3), 7)}` +
      `${padLeft(row.p50, 6)}${padLeft(row.p99, 6)}${padLeft(row.non2xx, 8)}${padLeft(row.errors, 8)}` +
      `${padLeft(row.bytesPerRequest, 8)}  ${row.goal ? (met ? 'met' : 'NOT met') : ''}`,
  );
  if (asJson) {
    const { user: _user, users: _users, ...fields } = row;
    say(JSON.stringify({ ...fields, ratio, bare: bare.reqPerSec }));
  }
}
say(
  `\ngoal (agents list, PostgreSQL, one user): >= ${GOAL.reqPerSec} req/s, ratio >= ${GOAL.ratio}, p99 <= ${GOAL.p99} ms, no non-2xx; ` +
    `load at the end ${loadavg()[0].toFixed(2)}`,
);
