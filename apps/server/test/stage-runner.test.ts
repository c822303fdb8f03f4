import { bloomSchema, bloomStatusLabel } from '@greenhouse/contracts';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { schema } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobQueue } from '../src/infra/jobs/job-queue.js';
import { LocalArtifactStore } from '../src/features/pipeline/local-artifact-store.js';
import { retryFailedStage } from '../src/features/pipeline/retry-stage.js';
import { stageImplementations } from '../src/features/pipeline/stage-implementations.js';
import {
  MAX_INTERRUPTIONS,
  STAGE_RETRIES,
  StageRunner,
  WorkerStopping,
  type StageImplementations,
} from '../src/features/pipeline/stage-runner.js';
import { StageFailure } from '../src/features/pipeline/stages.js';
import { createTestApp, PRICED_ENV, type TestApp } from './support/test-app.js';
import { exampleProtocol } from './support/training.js';
import { signedInClient } from './support/users.js';

const protocolFile = () => exampleProtocol();

let t: TestApp;
let bloomId: string;
let owner: Awaited<ReturnType<typeof signedInClient>>['client'];
const log = pino({ level: 'silent' });
// The runner under test enqueues nothing here: its stages are the last it may start.
const noQueue = { send: async () => {}, rebalance: async () => {} } as unknown as JobQueue;

function runnerWith(implementations: StageImplementations = stageImplementations(t.config)) {
  return new StageRunner(t.database.db, noQueue, log, {
    files: new LocalArtifactStore(t.config.artifactsDir),
    implementations,
    sliceSeconds: 60,
  });
}

beforeAll(async () => {
  // Not paid for (a price, no payment): the app's own worker stops after the data stages.
  t = await createTestApp({ env: PRICED_ENV });
  const { client } = await signedInClient(t);
  owner = client;
  bloomId = (await client.upload('/api/bloom/upload', { file: { name: 'a.json', content: protocolFile() } }))
    .body.id;
  // Let the app's own worker finish the data stages first.
  for (let i = 0; i < 200; i++) {
    const [row] = await t.database.db
      .select()
      .from(schema.bloomStages)
      .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, 'data_validation')));
    if (row?.status === 'completed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await t?.close();
});

async function stage(name: (typeof schema.bloomStageName.enumValues)[number]) {
  const [row] = await t.database.db
    .select()
    .from(schema.bloomStages)
    .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, name)));
  return row!;
}

/** Puts a stage back as it was before it ever ran. */
async function reset(name: (typeof schema.bloomStageName.enumValues)[number]) {
  await t.database.db
    .update(schema.bloomStages)
    .set({
      status: 'pending',
      attempts: 0,
      failures: 0,
      interruptions: 0,
      runningSince: null,
      errorCode: null,
      errorMessage: null,
      completedAt: null,
      startedAt: null,
    })
    .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, name)));
}

describe('the stage runner', () => {
  it('does nothing for a stage delivered again after it completed', async () => {
    const runner = runnerWith();
    const before = await stage('data_preparation_stage_2');
    await runner.run({ bloomId, stage: 'data_preparation_stage_2' });
    expect(await stage('data_preparation_stage_2')).toEqual(before);
  });

  it('hands back, untouched, a job delivered after the worker began to stop', async () => {
    await reset('data_preparation_stage_2');
    const before = await stage('data_preparation_stage_2');
    const runner = runnerWith();
    await runner.pauseAll();
    await expect(runner.run({ bloomId, stage: 'data_preparation_stage_2' })).rejects.toThrow(WorkerStopping);
    expect(await stage('data_preparation_stage_2')).toEqual(before);
  });

  it('re-runs an interrupted stage with exactly one output row per kind', async () => {
    // As if a worker died mid-stage: the row says processing, its job is handed out again.
    await t.database.db
      .update(schema.bloomStages)
      .set({ status: 'processing' })
      .where(
        and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, 'data_preparation_stage_2')),
      );
    await runnerWith().run({ bloomId, stage: 'data_preparation_stage_2' });
    const row = await stage('data_preparation_stage_2');
    expect(row.status).toBe('completed');
    const outputs = await t.database.db
      .select()
      .from(schema.bloomArtifacts)
      .where(
        and(
          eq(schema.bloomArtifacts.bloomId, bloomId),
          eq(schema.bloomArtifacts.stage, 'data_preparation_stage_2'),
        ),
      );
    expect(outputs).toHaveLength(1);
  });

  it('retries an unexpected error, then fails the stage with a readable reason after the last retry', async () => {
    const flaky = runnerWith({
      training_tokenizer: async () => {
        throw new Error('the trainer broke');
      },
    });
    for (let failure = 1; failure <= STAGE_RETRIES; failure++) {
      await expect(flaky.run({ bloomId, stage: 'training_tokenizer' })).rejects.toThrow('the trainer broke');
      expect(await stage('training_tokenizer')).toMatchObject({ status: 'pending', failures: failure });
    }
    await flaky.run({ bloomId, stage: 'training_tokenizer' });
    const failed = await stage('training_tokenizer');
    expect(failed).toMatchObject({
      status: 'failed',
      errorCode: 'INTERNAL',
      attempts: STAGE_RETRIES + 1,
      runningSince: null,
    });
    expect(failed.errorMessage).toContain('the trainer broke');
    await reset('training_tokenizer');
  });

  it('does not count a run its worker never finished as a failure, but fails a stage that keeps stopping', async () => {
    // As if the worker died mid-stage, again and again: each new run finds the last one still running.
    const runner = runnerWith({ training_tokenizer: stageImplementations(t.config).training_tokenizer! });
    const dies = async () => {
      await t.database.db
        .update(schema.bloomStages)
        .set({ status: 'processing', runningSince: new Date() })
        .where(
          and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, 'training_tokenizer')),
        );
    };
    await dies();
    await runner.run({ bloomId, stage: 'training_tokenizer' });
    expect(await stage('training_tokenizer')).toMatchObject({
      status: 'completed',
      failures: 0,
      interruptions: 0, // finishing ends the run of interruptions
      runningSince: null,
    });

    await reset('training_tokenizer');
    const never = runnerWith({
      training_tokenizer: async () => {
        throw new Error('not reached: the stage fails before it runs');
      },
    });
    await t.database.db
      .update(schema.bloomStages)
      .set({ interruptions: MAX_INTERRUPTIONS })
      .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, 'training_tokenizer')));
    await dies();
    await never.run({ bloomId, stage: 'training_tokenizer' });
    expect(await stage('training_tokenizer')).toMatchObject({
      status: 'failed',
      errorCode: 'stage.interrupted',
      failures: 1,
      interruptions: MAX_INTERRUPTIONS + 1,
    });
    expect((await stage('training_tokenizer')).errorMessage).toMatch(/stopped 6 times in a row/);
    await reset('training_tokenizer');
  });

  it('fails a stage whose files cannot be written with the reason, leaving no partial file', async () => {
    // The artifacts "folder" of this runner is a file: nothing can be created below it, as on a read-only
    // or full disk. (The operating system's own refusals are tried with real processes in
    // crash-recovery.test.ts.)
    const blocked = path.join(t.config.artifactsDir, '..', 'not-a-folder');
    writeFileSync(blocked, '');
    const runner = new StageRunner(t.database.db, noQueue, log, {
      files: new LocalArtifactStore(blocked),
      implementations: { training_tokenizer: stageImplementations(t.config).training_tokenizer! },
      sliceSeconds: 60,
    });
    for (let failure = 1; failure <= STAGE_RETRIES; failure++)
      await expect(runner.run({ bloomId, stage: 'training_tokenizer' })).rejects.toThrow(/ENOTDIR|EEXIST/);
    await runner.run({ bloomId, stage: 'training_tokenizer' });
    const failed = await stage('training_tokenizer');
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'stage.storage_unwritable' });
    expect(failed.errorMessage).toMatch(/could not be written \(ENOTDIR/);
    await reset('training_tokenizer');
  });

  it('fails at once, without retries, when the input cannot succeed', async () => {
    const runner = runnerWith({
      training_pretraining: async () => {
        throw new StageFailure('bloom.invalid_file', 'The dataset has no text to learn from.');
      },
    });
    await runner.run({ bloomId, stage: 'training_pretraining' });
    expect(await stage('training_pretraining')).toMatchObject({
      status: 'failed',
      errorCode: 'bloom.invalid_file',
      errorMessage: 'The dataset has no text to learn from.',
    });
    // The agent reads as failed (docs/product-rules.md §4: the model failed), with the stage's reason.
    const bloom = bloomSchema.parse((await owner.get(`/api/blooms/${bloomId}`)).body);
    expect(bloomStatusLabel(bloom)).toBe('failed');
    expect(bloom.stages.find((s) => s.name === 'training_pretraining')!.error).toEqual({
      code: 'bloom.invalid_file',
      message: 'The dataset has no text to learn from.',
    });
  });

  it('keeps a failed stage’s last checkpoint, and a retry goes on from it', async () => {
    const resumedFrom: (Uint8Array | null)[] = [];
    const runner = runnerWith({
      training_finetuning: async (inputs) => {
        const checkpoint = await inputs.checkpoint();
        resumedFrom.push(checkpoint);
        if (!checkpoint) return { paused: { checkpoint: Uint8Array.of(7, 7, 7), metrics: {} } };
        if (resumedFrom.length === 2) throw new StageFailure('bloom.invalid_file', 'Broken for now.');
        return { artifacts: {}, metrics: { resumed: true } };
      },
    });
    await runner.run({ bloomId, stage: 'training_finetuning' }); // pauses at a checkpoint
    await runner.run({ bloomId, stage: 'training_finetuning' }); // fails for good
    expect(await stage('training_finetuning')).toMatchObject({ status: 'failed' });

    await t.database.db.transaction((tx) => retryFailedStage(tx, noQueue, bloomId));
    expect(await stage('training_finetuning')).toMatchObject({
      status: 'pending',
      failures: 0,
      errorCode: null,
    });
    await runner.run({ bloomId, stage: 'training_finetuning' });
    expect(await stage('training_finetuning')).toMatchObject({ status: 'completed' });
    expect(resumedFrom.map((c) => (c ? [...c] : null))).toEqual([null, [7, 7, 7], [7, 7, 7]]);
  });
});
