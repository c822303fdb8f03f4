// Crash safety with real OS processes: the process training an agent is killed with SIGKILL right
// after a checkpoint of pretraining, and again in the middle of a slice; the training goes on from
// the checkpoint and ends with one completed status, one row per output and one file per file
// output. On the embedded database the killed process is the server (a restart releases its jobs at
// once); on PostgreSQL it is a standalone worker, and another worker takes over when the lease expires.
// Likewise a server killed while it writes a chat answer: the chat is free again after the answer's lease.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bloomStatusLabel } from '@greenhouse/contracts';
import { openDatabase, schema, type DatabaseOptions } from '@greenhouse/db';
import { createPostgresDatabase, testDatabaseDriver } from '@greenhouse/db/testing';
import { loadAgent } from '@greenhouse/trainer';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/features/auth/passwords.js';
import { HttpClient } from './support/http-client.js';
import { startOpenAiPeer } from './support/openai-peer.js';
import {
  freePort,
  startServerProcess,
  waitUntilRunning,
  type ServerProcess,
} from './support/server-process.js';
import {
  exampleProtocol,
  filesOnDisk,
  outputRows,
  pollBloom,
  settled,
  TRAINED_FILES,
  TRAINED_ROWS,
} from './support/training.js';
import { TEST_PASSWORD } from './support/users.js';

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup();
});

function start(env: NodeJS.ProcessEnv, entry: 'server' | 'worker' = 'server'): ServerProcess {
  const p = startServerProcess(env, entry);
  running.push(p);
  return p;
}

async function kill(p: ServerProcess): Promise<void> {
  p.child.kill('SIGKILL');
  await p.exited;
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A confirmed account, made in the database before any process owns it. */
async function createUser(options: DatabaseOptions, email: string): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await database.db.insert(schema.users).values({
      email,
      firstName: 'Crash',
      lastName: 'Test',
      passwordHash: await hashPassword(TEST_PASSWORD),
      emailConfirmedAt: new Date(),
    });
  } finally {
    await database.close();
  }
}

/** A data directory and a database (PGlite in it, or a new PostgreSQL database) with one user; removed after all. */
async function freshInstallation(prefix: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = testDatabaseDriver() === 'postgres' ? await createPostgresDatabase() : null;
  if (postgres) cleanups.push(() => postgres.drop());
  const options: DatabaseOptions = postgres
    ? { driver: 'postgres', url: postgres.url }
    : { driver: 'pglite', dataDir };
  const email = `crash.${Date.now()}@example.com`;
  await createUser(options, email);
  return { dataDir, postgres, options, email };
}

describe(`a training process killed with SIGKILL (${testDatabaseDriver()})`, () => {
  it('resumes from the checkpoint and ends with one result', { timeout: 300_000 }, async () => {
    const { dataDir, postgres, options, email } = await freshInstallation('gh-crash-');

    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info', // waitUntilRunning reads the "is running" line
      TRAINING_PRESET: 'tiny',
      TRAINING_THREADS: '1',
      // Slices far shorter than pretraining, so there is a checkpoint to kill after however fast it runs.
      JOB_SLICE_SECONDS: '0.25',
      JOB_LEASE_SECONDS: '5',
      JOB_MAINTENANCE_SECONDS: '1',
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    // PostgreSQL: the API server does not train; workers do. PGlite: the server is the worker.
    const server = start({ ...env, ...(postgres ? { RUN_JOBS: 'false' } : {}) });
    await waitUntilRunning(server);
    const startWorker = async () => {
      if (!postgres) return server;
      const worker = start(env, 'worker');
      await waitUntilRunning(worker);
      return worker;
    };
    let trainer = await startWorker();

    const client = new HttpClient(`http://127.0.0.1:${port}`);
    await client.get('/api/health');
    expect((await client.post('/api/auth/signin', { email, password: TEST_PASSWORD })).status).toBe(200);
    const uploaded = await client.upload('/api/bloom/upload', 'bloom.json', exampleProtocol());
    expect(uploaded.status).toBe(201);
    const id = (uploaded.json as { id: string }).id;
    const checkpoint = path.join(dataDir, 'artifacts', id, 'training_pretraining.checkpoint');

    // 1. Right after the first checkpoint of pretraining.
    await until(() => existsSync(checkpoint), 'the first checkpoint');
    await kill(trainer);
    let restarted: ServerProcess | null = null;
    if (!postgres) {
      restarted = start(env);
      await waitUntilRunning(restarted);
    }
    trainer = restarted ?? (await startWorker());

    // 2. In the middle of a later slice, once training has gone on from the checkpoint.
    const get = async () => (await client.get(`/api/blooms/${id}`)).json;
    const resumed = await pollBloom(
      get,
      (b) =>
        b.stages.some(
          (s) =>
            s.name !== 'training_tokenizer' && s.name.startsWith('training_') && (s.progress?.step ?? 0) > 0,
        ) || settled(b),
    );
    expect(settled(resumed)).toBe(false);
    await kill(trainer);
    trainer = postgres ? await startWorker() : start(env);
    if (!postgres) await waitUntilRunning(trainer);

    // 3. SIGTERM during finetuning: the process pauses the stage at a checkpoint, hands the job
    // back and exits cleanly; the next process goes on from there.
    const finetuning = path.join(dataDir, 'artifacts', id, 'training_finetuning.checkpoint');
    const during = await pollBloom(
      get,
      (b) => (b.stages.find((s) => s.name === 'training_finetuning')!.progress?.step ?? 0) > 0 || settled(b),
    );
    expect(settled(during)).toBe(false);
    trainer.child.kill('SIGTERM');
    expect(await trainer.exited).toBe(0);
    expect(existsSync(finetuning)).toBe(true);
    trainer = postgres ? await startWorker() : start(env);
    if (!postgres) await waitUntilRunning(trainer);

    const bloom = await pollBloom(get, settled, 240_000);
    expect(bloom.stages.map((s) => s.status)).toEqual(bloom.stages.map(() => 'completed'));
    expect(bloomStatusLabel(bloom)).toBe('trained');
    const download = await client.get(`/api/blooms/${id}/download`);
    expect(download.status).toBe(200);
    expect(loadAgent(download.text).manifest.training).toEqual({ reference: id });

    // One row per output in the database, one file per file output on disk, no checkpoint left.
    expect(filesOnDisk(path.join(dataDir, 'artifacts'), id)).toEqual(TRAINED_FILES);
    if (!postgres) await kill(trainer); // the embedded database has one owner: stop it to look inside
    const database = await openDatabase(options);
    try {
      expect(await outputRows(database.db, id)).toEqual(TRAINED_ROWS);
      const [pretraining] = await database.db
        .select({ attempts: schema.bloomStages.attempts })
        .from(schema.bloomStages)
        .where(and(eq(schema.bloomStages.bloomId, id), eq(schema.bloomStages.name, 'training_pretraining')));
      expect(pretraining!.attempts).toBeGreaterThan(1);
    } finally {
      await database.close();
    }
  });
});

describe(`a server killed while it writes a chat answer (${testDatabaseDriver()})`, () => {
  it(
    'frees the chat after the answer’s lease and shows the answer as interrupted',
    { timeout: 120_000 },
    async () => {
      const { dataDir, postgres, email } = await freshInstallation('gh-crash-chat-');
      const peer = await startOpenAiPeer();
      cleanups.push(() => peer.close());

      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LLM_BASE_URL: peer.baseUrl,
        LLM_MODEL: 'test-model',
        // The answering lease: 4 calls of 1 s, plus 15 s.
        LLM_TIMEOUT_SECONDS: '1',
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      };
      let server = start(env);
      await waitUntilRunning(server);
      const client = new HttpClient(`http://127.0.0.1:${port}`);
      await client.get('/api/health');
      expect((await client.post('/api/auth/signin', { email, password: TEST_PASSWORD })).status).toBe(200);

      // The model writes slowly; the server dies in the middle of the answer.
      peer.script({ text: ['I am writing ', 'a long answer ', 'about your shopkeeper…'], delayMs: 400 });
      const created = await client.post('/api/bloom/chats', { message: 'A shopkeeper.' });
      expect(created.status).toBe(201);
      const id = (created.json as { id: string }).id;
      const chatPath = `/api/bloom/chats/${id}`;
      // Until the partial text is saved (about once a second).
      await until(async () => {
        const chat = (await client.get(chatPath)).json as { messages: { content: string }[] };
        return chat.messages.at(-1)!.content.startsWith('I am writing');
      }, 'a saved partial answer');
      await kill(server);
      const killedAt = Date.now();

      server = start(env);
      await waitUntilRunning(server);
      // Still held by the dead writer's lease: a second message is refused…
      const early = await client.post(`${chatPath}/messages`, { message: 'Hello?' });
      expect((early.json as { code: string }).code).toBe('chat.answering');
      // …until the lease runs out; then the partial answer shows as interrupted.
      await until(
        async () => !((await client.get(chatPath)).json as { answering: boolean }).answering,
        'the lease',
        30_000,
      );
      expect(Date.now() - killedAt).toBeGreaterThan(10_000);
      const freed = (await client.get(chatPath)).json as { messages: { status: string; content: string }[] };
      expect(freed.messages.map((m) => m.status)).toEqual(['complete', 'interrupted']);
      expect(freed.messages[1]!.content).toMatch(/^I am writing/);

      peer.script({ text: ['Let us go on.'] });
      expect((await client.post(`${chatPath}/messages`, { message: 'Go on.' })).status).toBe(202);
      await until(
        async () => !((await client.get(chatPath)).json as { answering: boolean }).answering,
        'the answer',
      );
      const after = (await client.get(chatPath)).json as { messages: { status: string; content: string }[] };
      expect(after.messages.map((m) => m.status)).toEqual([
        'complete',
        'interrupted',
        'complete',
        'complete',
      ]);
      expect(after.messages.at(-1)!.content).toBe('Let us go on.');
    },
  );
});
