import { schema, type Db } from '@greenhouse/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../infra/jobs/job-queue.js';
import type { ArtifactStore, FileRef } from './artifact-store.js';
import {
  jobVersion,
  mailJobs,
  sendStage,
  trainingEnded,
  trainingJobs,
  type StageJob,
  type TrainingJob,
} from './pipeline-jobs.js';
import type { StageImplementations, StagePause } from './stage-contract.js';
import { failureReason } from './stage-failures.js';
import { stageInputs } from './stage-inputs.js';
import { CHECKPOINT_KIND, upsertOutput, type StageOutput } from './stage-outputs.js';
import {
  artifactKey,
  assertStillOwned,
  fencedUpdate,
  StageTakenOver,
  stageFence,
  stageKey,
  updateStage,
} from './stage-ownership.js';
import { progressWriter } from './stage-progress.js';
import {
  bloomStageNames,
  nextStage,
  StageFailure,
  trainingStages,
  type BloomStageName,
  type StageRow,
} from './stages.js';

// The stage contract's types, for the implementations and the tests that name them with the runner.
export type {
  StageContext,
  StageImplementation,
  StageImplementations,
  StageInputs,
  StagePause,
} from './stage-contract.js';

export interface StageRunnerOptions {
  files: ArtifactStore;
  implementations: StageImplementations;
  /** Longest run of one job; a longer stage pauses at a checkpoint and goes on in the next job. */
  sliceSeconds: number;
}

/** Retries of a stage that failed with an error before it is marked failed (crashes do not count). */
export const STAGE_RETRIES = 2;
/** Runs in a row that may end with no outcome (a killed worker) before the stage is marked failed. */
export const MAX_INTERRUPTIONS = 5;

/** Thrown for a job delivered after the worker began to stop: the queue hands it out again. */
export class WorkerStopping extends Error {
  constructor() {
    super('the worker is stopping; the job goes back to the queue');
  }
}

export function isTrainingStage(stage: BloomStageName): boolean {
  return (trainingStages as readonly string[]).includes(stage);
}

/**
 * Runs one stage of one agent as a job: pending → processing → completed or failed.
 *
 * Idempotent: a job delivered twice, or re-run after its worker died, finds the stage completed and
 * does nothing, or runs it again (from its last checkpoint) and replaces its outputs — one row and one
 * file per output, never two. The outputs, the completed status and the next stage's job (or the
 * e-mail job after the last stage) are written in one transaction, fenced by the attempt number: a run
 * whose job was meanwhile handed to another worker writes nothing.
 *
 * Long stages run in slices: after `sliceSeconds` (or when the worker stops) the stage pauses, its
 * checkpoint is stored and the same stage is enqueued again in one transaction — so no job outlives
 * its lease, a killed worker loses at most one slice, and any worker may go on with it.
 *
 * Its parts: what a stage reads (stage-inputs.ts) and is told (stage-contract.ts), who owns a stage and the fenced
 * writes (stage-ownership.ts), progress (stage-progress.ts) and a failure's stored reason (stage-failures.ts).
 */
export class StageRunner {
  /** The runs in progress: each one's abort, and its end (after its pause or completion is committed). */
  private readonly running = new Map<AbortController, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly options: StageRunnerOptions,
  ) {}

  /** Whether this installation can run `stage`. */
  canRun(stage: BloomStageName): boolean {
    return this.options.implementations[stage] !== undefined;
  }

  /**
   * Asks every running stage to pause now (the worker is stopping); resolves once each has committed its
   * pause (or ended otherwise), so the database may then be closed under none of them.
   */
  async pauseAll(): Promise<void> {
    // A job the queue still hands out before it stops (the very job a pause just sent, say) must not
    // start a run the stop would cut off with its stage marked as running.
    this.stopping = true;
    for (const controller of this.running.keys()) controller.abort();
    await Promise.all(this.running.values());
  }

  async run(job: StageJob | TrainingJob): Promise<void> {
    const { stage } = job;
    const version = jobVersion(job);
    // The job's data comes from the queue's table (maybe enqueued by another version): checked, not trusted.
    if (!bloomStageNames.includes(stage)) throw new Error(`unknown stage ${String(stage)}`);
    if (!Number.isSafeInteger(version) || version < 1) throw new Error(`bad version ${String(version)}`);
    if (this.stopping) throw new WorkerStopping();
    const [row] = await this.db
      .select()
      .from(schema.bloomStages)
      .where(stageKey(job.bloomId, version, stage));
    // The agent was deleted, or the stage is done: nothing to do (but the owner's other agents move up).
    if (!row || row.status === 'completed' || row.status === 'failed') {
      if ('ownerId' in job) {
        const { ownerId, bloomId } = job;
        await this.db.transaction((tx) => this.queue.rebalance(trainingJobs, ownerId, tx, bloomId));
      }
      return;
    }
    const implementation = this.options.implementations[stage];
    if (!implementation) return;

    const attempt = row.attempts + 1;
    // A run that is still marked as running never ended: its worker died or lost the job. Not the
    // stage's fault, so not a failure — but a stage that keeps killing its worker fails in the end.
    const interruptions = row.runningSince ? row.interruptions + 1 : row.interruptions;
    await updateStage(this.db, row, {
      status: 'processing',
      attempts: attempt,
      interruptions,
      runningSince: new Date(),
      startedAt: row.startedAt ?? new Date(),
      errorCode: null,
      errorMessage: null,
    });
    this.log.info({ bloomId: row.bloomId, stage, attempt, interruptions }, 'stage run started');
    if (interruptions > MAX_INTERRUPTIONS) {
      const failure = new StageFailure(
        'stage.interrupted',
        `The stage stopped ${interruptions} times in a row without finishing (its worker was stopped or ran out of memory).`,
      );
      await this.failed(row, attempt, failure);
      return;
    }

    const controller = new AbortController();
    let ended = () => {};
    this.running.set(controller, new Promise<void>((resolve) => (ended = resolve)));
    const progress = progressWriter((values) => updateStage(this.db, row, values, attempt), this.log);
    try {
      await this.options.files.removeTemporary(job.bloomId);
      const result = await implementation(
        stageInputs(this.db, this.options.files, job.bloomId, version, stage),
        {
          signal: controller.signal,
          sliceSeconds: this.options.sliceSeconds,
          onProgress: progress.write,
        },
      );
      await progress.flush();
      if ('paused' in result) await this.pause(row, attempt, result, progress.step());
      else await this.complete(row, attempt, result);
    } catch (error) {
      await progress.flush();
      if (error instanceof StageTakenOver) {
        this.log.warn(
          { bloomId: row.bloomId, stage, attempt },
          'stage taken over by another run; its result is dropped',
        );
        return;
      }
      await this.failed(row, attempt, error);
    } finally {
      this.running.delete(controller);
      ended();
    }
  }

  /**
   * A run ended with an error: the stage is tried again (from its last checkpoint) after a pause, or,
   * when the input is at fault (StageFailure) or it failed too often, marked failed with its reason.
   */
  private async failed(row: StageRow, attempt: number, error: unknown): Promise<void> {
    const stage = row.name as BloomStageName;
    const failures = row.failures + 1;
    const final = error instanceof StageFailure || failures > STAGE_RETRIES;
    const reason = failureReason(error);
    const context = { err: error, bloomId: row.bloomId, stage, attempt, failures };
    if (!final) {
      this.log.warn(context, 'stage failed; it will be tried again');
      await updateStage(this.db, row, { status: 'pending', failures, runningSince: null }, attempt);
      throw error; // the queue retries it after its delay
    }
    this.log.error(context, 'stage failed');
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(schema.bloomStages)
        .set({
          status: 'failed',
          failures,
          runningSince: null,
          errorCode: reason.code,
          errorMessage:
            error instanceof StageFailure
              ? reason.message
              : `The stage failed ${failures} times; the last error was: ${reason.message}`,
          progress: null,
          updatedAt: new Date(),
        })
        .where(stageFence(row, attempt))
        .returning({ name: schema.bloomStages.name });
      if (updated.length === 0) return;
      await tx.update(schema.blooms).set({ updatedAt: new Date() }).where(eq(schema.blooms.id, row.bloomId));
      if (isTrainingStage(stage)) {
        await this.queue.send(mailJobs, { bloomId: row.bloomId, kind: 'trainingFailed' }, tx);
        await trainingEnded(tx, this.queue, row.bloomId);
      }
    });
    // The stage keeps its last checkpoint: an admin's retry (pipeline/retry-stage.ts) goes on from it.
    // It goes with the agent's other files when the agent is deleted.
  }

  /** `step`: the progress the checkpoint holds (the run's last), for the log. */
  private async pause(
    row: StageRow,
    attempt: number,
    { paused }: StagePause,
    step: number | null,
  ): Promise<void> {
    const stage = row.name as BloomStageName;
    // Each run's checkpoint under a name of its own: a worker killed after writing it but before the
    // commit leaves the last committed one as it was (a fixed name would no longer match its checksum). A run
    // taken over meanwhile writes none (as in complete): nothing would ever remove it.
    await assertStillOwned(this.db, row, attempt);
    const ref = await this.options.files.write(
      row.bloomId,
      row.version,
      stage,
      `${CHECKPOINT_KIND}-${attempt}`,
      paused.checkpoint,
    );
    await this.db.transaction(async (tx) => {
      await fencedUpdate(tx, row, attempt, {
        metrics: paused.metrics,
        runningSince: null,
        interruptions: 0,
      });
      await upsertOutput(tx, row, stage, CHECKPOINT_KIND, ref);
      await sendStage(tx, this.queue, { bloomId: row.bloomId, version: row.version, stage });
    });
    await this.options.files.removeCheckpoints(row.bloomId, row.version, stage, ref.file);
    this.log.info({ bloomId: row.bloomId, stage, step }, 'stage paused at a checkpoint');
  }

  private async complete(row: StageRow, attempt: number, output: StageOutput): Promise<void> {
    const { bloomId, version } = row;
    const stage = row.name as BloomStageName;
    const next = nextStage(stage);
    // Files first, under fixed names: a crash before the commit leaves files the re-run replaces. A run whose
    // stage was taken over meanwhile (its worker was cut off past its lease, issue 35) writes none: the files
    // under those names are the new owner's, which its commit's rows describe.
    await assertStillOwned(this.db, row, attempt);
    const refs: Record<string, FileRef> = {};
    for (const [kind, data] of Object.entries(output.files ?? {}))
      refs[kind] = await this.options.files.write(bloomId, version, stage, kind, data);
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await fencedUpdate(tx, row, attempt, {
        status: 'completed',
        runningSince: null,
        interruptions: 0,
        metrics: output.metrics,
        completedAt: now,
        progress: null,
      });
      for (const [kind, content] of Object.entries({ ...output.artifacts, ...refs }))
        await upsertOutput(tx, row, stage, kind, content);
      await tx.delete(schema.bloomArtifacts).where(artifactKey(bloomId, version, stage, CHECKPOINT_KIND));
      await tx
        .update(schema.blooms)
        .set({ updatedAt: now, ...(next ? {} : { completedAt: now }) })
        .where(eq(schema.blooms.id, bloomId));
      if (next && (await this.mayStart(tx, bloomId, next)))
        await sendStage(tx, this.queue, { bloomId, version, stage: next });
      else if (isTrainingStage(stage)) await trainingEnded(tx, this.queue, bloomId);
      if (!next) await this.queue.send(mailJobs, { bloomId, kind: 'trainingCompleted' }, tx);
    });
    await this.options.files.removeCheckpoints(bloomId, version, stage);
  }

  /** Training stages start once the agent is paid for and this installation can train. */
  private async mayStart(tx: Db, bloomId: string, stage: BloomStageName): Promise<boolean> {
    if (!this.canRun(stage)) return false;
    if (!isTrainingStage(stage)) return true;
    const [bloom] = await tx
      .select({ payment: schema.blooms.paymentStatus })
      .from(schema.blooms)
      .where(eq(schema.blooms.id, bloomId));
    return bloom?.payment === 'paid';
  }
}
