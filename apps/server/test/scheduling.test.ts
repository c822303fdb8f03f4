// Scheduling with real OS processes (issue 22): data stages have workers of their own, so another user's
// upload is checked while an agent trains; training slices are shared round-robin by owner, in an order
// the database keeps, so one process and two standalone workers (PostgreSQL) hand them out alike; a
// waiting agent's page tells its place in line. Tiny models, short slices, and each test stops as soon as
// its assertion is decided rather than training every agent to the end.
import { bloomSchema, type Bloom } from '@greenhouse/contracts';
import { testDatabaseDriver } from '@greenhouse/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.js';
import { emptyInstallation, withConfirmedUser, type Cleanup } from './support/installation.js';
import {
  freePort,
  startServerProcess,
  waitUntilRunning,
  type ServerProcess,
} from './support/server-process.js';
import { exampleProtocol, pollBloom, settled } from './support/training.js';
import { TEST_PASSWORD } from './support/users.js';

const running: ServerProcess[] = [];
const cleanups: Cleanup[] = [];
afterEach(async () => {
  for (const p of running.splice(0)) {
    p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An installation with two users, its API on a port; `workers` standalone workers (PostgreSQL) or none. */
async function installation(env: NodeJS.ProcessEnv, workers: number) {
  const { env: databaseEnv, options, postgres } = await emptyInstallation('gh-sched-', cleanups);
  const emails = [await withConfirmedUser(options, 'alice'), await withConfirmedUser(options, 'bob')];
  const port = await freePort();
  const common = {
    HOST: '127.0.0.1',
    PORT: String(port),
    TRAINING_PRESET: 'tiny',
    TRAINING_THREADS: '1',
    ...databaseEnv,
    ...env,
  };
  const start = (processEnv: NodeJS.ProcessEnv, entry: 'server' | 'worker') => {
    const p = startServerProcess(processEnv, entry);
    running.push(p);
    return p;
  };
  const server = start({ ...common, ...(workers > 0 ? { RUN_JOBS: 'false' } : {}) }, 'server');
  const started = [server];
  if (postgres) for (let i = 0; i < workers; i++) started.push(start(common, 'worker'));
  await Promise.all(started.map((p) => waitUntilRunning(p)));
  const users = await Promise.all(
    emails.map(async (email) => {
      const client = new HttpClient(`http://127.0.0.1:${port}`);
      await client.get('/api/health');
      const signedIn = await client.post('/api/auth/signin', { email, password: TEST_PASSWORD });
      expect(signedIn.status).toBe(200);
      return user(client);
    }),
  );
  return { server, users };
}

function user(client: HttpClient) {
  return {
    async upload(): Promise<string> {
      const res = await client.upload('/api/bloom/upload', 'agent.json', exampleProtocol());
      expect(res.status).toBe(201);
      return (res.json as { id: string }).id;
    },
    async get(id: string): Promise<Bloom> {
      return bloomSchema.parse((await client.get(`/api/blooms/${id}`)).json);
    },
    until(id: string, done: (bloom: Bloom) => boolean, timeoutMs?: number): Promise<Bloom> {
      return pollBloom(async () => (await client.get(`/api/blooms/${id}`)).json, done, timeoutMs);
    },
  };
}

const stage = (bloom: Bloom, name: string) => bloom.stages.find((s) => s.name === name)!;
const dataReady = (bloom: Bloom) => bloom.dataset.status === 'ready';
const trainingUntouched = (bloom: Bloom) =>
  bloom.stages.filter((s) => s.name.startsWith('training_')).every((s) => s.status === 'pending');

/** The server's log lines of one agent's stage that say `msg`. */
const logged = (p: ServerProcess, bloomId: string, stageName: string, msg: string) =>
  p
    .output()
    .split('\n')
    .filter((line) => line.includes(bloomId) && line.includes(`"stage":"${stageName}"`))
    .filter((line) => line.includes(`"msg":"${msg}"`)).length;

describe(`scheduling (${testDatabaseDriver()})`, () => {
  it('checks a data stage while another user’s agent trains, in one process', { timeout: 90_000 }, async () => {
    // One long slice: under one queue for every stage, the other upload's data stages would wait for it.
    const { server, users } = await installation({ JOB_SLICE_SECONDS: '60', JOB_LEASE_SECONDS: '120' }, 0);
    const [alice, bob] = users as [ReturnType<typeof user>, ReturnType<typeof user>];
    const training = await alice.upload();
    await alice.until(training, (b) => stage(b, 'training_pretraining').status === 'processing' || settled(b));
    expect(logged(server, training, 'training_pretraining', 'stage run started')).toBe(1);

    const uploaded = await bob.upload();
    const checked = await bob.until(uploaded, (b) => dataReady(b) || settled(b), 30_000);
    expect(checked.stages.slice(0, 3).map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
    // …all within the one run of the other agent's pretraining, which has neither paused nor ended.
    expect(stage(await alice.get(training), 'training_pretraining').status).toBe('processing');
    expect(logged(server, training, 'training_pretraining', 'stage run started')).toBe(1);
    expect(logged(server, training, 'training_pretraining', 'stage paused at a checkpoint')).toBe(0);
  });

  const fairness = async (workers: number) => {
    const { users } = await installation({ JOB_SLICE_SECONDS: '1', JOB_LEASE_SECONDS: '10' }, workers);
    const [alice, bob] = users as [ReturnType<typeof user>, ReturnType<typeof user>];
    const first = await alice.upload();
    await alice.upload();
    const third = await alice.upload();
    const others = await bob.upload();

    // While Alice's third agent waits its turn, its page says how many are ahead of it.
    const waiting = await alice.until(third, (b) => b.trainingLine !== null || !trainingUntouched(b));
    expect(waiting.trainingLine!.ahead).toBeGreaterThanOrEqual(2);

    // Bob's only agent, uploaded after Alice's three, is trained before her third one even starts.
    const bobs = await bob.until(others, settled, 150_000);
    expect(bobs.dataset.model.status).toBe('completed');
    const thirdNow = await alice.get(third);
    expect(trainingUntouched(thirdNow)).toBe(true);
    // Its place in line, with an estimate from the slices measured so far.
    expect(thirdNow.trainingLine!.ahead).toBeGreaterThanOrEqual(1);
    expect(thirdNow.trainingLine!.etaSeconds).toBeGreaterThan(0);
    // Her first agent was not held back for Bob's either: it trains (or has trained) alongside.
    expect(stage(await alice.get(first), 'training_pretraining').status).not.toBe('pending');
  };

  it('shares training round-robin by owner (one process)', { timeout: 180_000 }, () => fairness(0));

  it.runIf(testDatabaseDriver() === 'postgres')(
    'shares training round-robin by owner across two standalone workers',
    { timeout: 180_000 },
    () => fairness(2),
  );
});
