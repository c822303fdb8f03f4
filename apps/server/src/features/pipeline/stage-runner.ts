import type { StageProgress } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, eq } from 'drizzle-orm';
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
import {
  CHECKPOINT_KIND,
  upsertOutput,
  type FileOutput,
  type JsonOutput,
  type StageOutput,
} from './stage-outputs.js';
import {
  bloomStageNames,
  nextStage,
  StageFailure,
  trainingStages,
  type BloomStageName,
  type StageRow,
} from './stages.js';

/** What a stage can read: its agent, the version's protocol file and earlier stages' outputs. */
export interface StageInputs {
  bloomId: string;
  version: number;
  /** The agent: its id, name and its owner's scenario tests (run on the exported file). */
  bloom(): Promise<{ id: string; name: string; scenarios: unknown }>;
  protocolContent(): Promise<unknown>;
  /** A JSON output of an earlier stage. */
  artifact<T>(output: JsonOutput<T>): Promise<T>;
  /** A file output of an earlier stage (checked against its sha256). */
  file(output: FileOutput): Promise<Buffer>;
  /** An earlier stage's metrics. */
  metrics(stage: BloomStageName): Promise<Record<string, unknown> | null>;
  /** This stage's last checkpoint, when an earlier run of it paused or died after one. */
  checkpoint(): Promise<Uint8Array | null>;
}

export interface StageContext {
  /** Aborted when the worker is stopping: pause at the next step. */
  signal: AbortSignal;
  /** Pause after this many seconds of work: the stage goes on in a new job. */
  sliceSeconds: number;
  /** Progress and the metrics so far (the loss curve), stored at most about once a second. */
  onProgress(progress: StageProgress, metrics?: Record<string, unknown>): void;
}

/** A stage that stopped early with its state: it goes on from the checkpoint in a new job. */
export interface StagePause {
  /** (The progress reported last is already stored: the runner writes it before the pause.) */
  paused: { checkpoint: Uint8Array; metrics: Record<string, unknown> };
}

export type StageImplementation = (
  inputs: StageInputs,
  context: StageContext,
) => Promise<StageOutput | StagePause>;
export type StageImplementations = Partial<Record<BloomStageName, StageImplementation>>;

export interface StageRunnerOptions {
  files: ArtifactStore;
  implementations: StageImplementations;
  /** Longest run of one job; a longer stage pauses at a checkpoint and goes on in the next job. */
  sliceSeconds: number;
}

const PROGRESS_INTERVAL_MS = 1000;
/** Retries of a stage that failed with an error before it is marked failed (crashes do not count). */
export const STAGE_RETRIES = 2;
/** Runs in a row that may end with no outcome (a killed worker) before the stage is marked failed. */
export const MAX_INTERRUPTIONS = 5;

const storageProblem: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a part of the path is not a folder',
};

/** The code and readable reason stored for a failed stage. */
function failureReason(error: unknown): { code: string; message: string } {
  if (error instanceof StageFailure) return { code: error.code, message: error.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  // The artifacts folder cannot take the stage's files: the operator must act (permissions, disk space).
  if (code && Object.hasOwn(storageProblem, code))
    return {
      code: 'stage.storage_unwritable',
      message: `The agent's files could not be written (${code}: ${storageProblem[code]}).`,
    };
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

/** Another run took the stage over (its job expired and was handed out again), or the agent is gone. */
class StageTakenOver extends Error {}

/** Thrown for a job delivered after the worker began to stop: the queue hands it out again. */
export class WorkerStopping extends Error {
  constructor() {
    super('the worker is stopping; the job goes back to the queue');
  }
}

const stageKey = (bloomId: string, version: number, name: string) =>
  and(
    eq(schema.bloomStages.bloomId, bloomId),
    eq(schema.bloomStages.version, version),
    eq(schema.bloomStages.name, name as BloomStageName),
  );
const artifactKey = (bloomId: string, version: number, stage: BloomStageName, kind: string) =>
  and(
    eq(schema.bloomArtifacts.bloomId, bloomId),
    eq(schema.bloomArtifacts.version, version),
    eq(schema.bloomArtifacts.stage, stage),
    eq(schema.bloomArtifacts.kind, kind),
  );

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
    await this.update(row, {
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
    const progress = this.progressWriter(row, attempt);
    try {
      await this.options.files.removeTemporary(job.bloomId);
      const result = await implementation(this.inputs(job.bloomId, version, stage), {
        signal: controller.signal,
        sliceSeconds: this.options.sliceSeconds,
        onProgress: progress.write,
      });
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
      await this.update(row, { status: 'pending', failures, runningSince: null }, attempt);
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
        .where(this.fence(row, attempt))
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
    // commit leaves the last committed one as it was (a fixed name would no longer match its checksum).
    const ref = await this.options.files.write(
      row.bloomId,
      row.version,
      stage,
      `${CHECKPOINT_KIND}-${attempt}`,
      paused.checkpoint,
    );
    await this.db.transaction(async (tx) => {
      await this.fencedUpdate(tx, row, attempt, {
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
    await this.assertStillOwned(row, attempt);
    const refs: Record<string, FileRef> = {};
    for (const [kind, data] of Object.entries(output.files ?? {}))
      refs[kind] = await this.options.files.write(bloomId, version, stage, kind, data);
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await this.fencedUpdate(tx, row, attempt, {
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

  private inputs(bloomId: string, version: number, stage: BloomStageName): StageInputs {
    const artifactRow = async (from: BloomStageName, kind: string) => {
      const [artifact] = await this.db
        .select({ content: schema.bloomArtifacts.content })
        .from(schema.bloomArtifacts)
        .where(artifactKey(bloomId, version, from, kind));
      return artifact?.content;
    };
    return {
      bloomId,
      version,
      bloom: async () => {
        const [bloom] = await this.db
          .select({ id: schema.blooms.id, name: schema.blooms.name, scenarios: schema.blooms.scenarios })
          .from(schema.blooms)
          .where(eq(schema.blooms.id, bloomId));
        if (!bloom) throw new StageFailure('bloom.not_found', 'The agent was deleted.');
        return bloom;
      },
      protocolContent: async () => {
        const [own] = await this.db
          .select({ content: schema.bloomProtocols.content })
          .from(schema.bloomProtocols)
          .where(and(eq(schema.bloomProtocols.bloomId, bloomId), eq(schema.bloomProtocols.version, version)));
        if (!own) throw new StageFailure('bloom.file_not_found', 'The agent has no protocol.');
        return own.content;
      },
      artifact: async <T>({ stage: from, kind }: JsonOutput<T>) => {
        const content = await artifactRow(from, kind);
        if (content === undefined) throw new Error(`missing output ${from}/${kind}`);
        return content as T;
      },
      file: async ({ stage: from, kind }) => {
        const ref = (await artifactRow(from, kind)) as FileRef | undefined;
        if (!ref) throw new Error(`missing output ${from}/${kind}`);
        return this.options.files.read(bloomId, ref);
      },
      metrics: async (from) => {
        const [row] = await this.db
          .select({ metrics: schema.bloomStages.metrics })
          .from(schema.bloomStages)
          .where(stageKey(bloomId, version, from));
        return (row?.metrics as Record<string, unknown> | null) ?? null;
      },
      checkpoint: async () => {
        const ref = (await artifactRow(stage, CHECKPOINT_KIND)) as FileRef | undefined;
        return ref ? this.options.files.read(bloomId, ref) : null;
      },
    };
  }

  /** Stores progress at most once a second, in order; `flush` waits for the last write. */
  private progressWriter(row: StageRow, attempt: number) {
    let last = 0;
    let latest: StageProgress | null = null;
    let pending: Partial<StageRow> | null = null;
    let chain = Promise.resolve();
    const store = () => {
      if (!pending) return;
      const values = pending;
      pending = null;
      last = Date.now();
      chain = chain
        .then(() => this.update(row, values, attempt))
        .catch((error: unknown) => this.log.warn({ err: error }, 'could not store stage progress'));
    };
    return {
      write: (progress: StageProgress, metrics?: Record<string, unknown>) => {
        latest = progress;
        pending = { progress, ...(metrics ? { metrics } : {}) };
        if (Date.now() - last >= PROGRESS_INTERVAL_MS) store();
      },
      flush: async () => {
        store();
        await chain;
      },
      /** The last step reported, or null when the stage reports none. */
      step: () => latest?.step ?? null,
    };
  }

  private fence(row: StageRow, attempt: number) {
    return and(
      stageKey(row.bloomId, row.version, row.name),
      eq(schema.bloomStages.attempts, attempt),
      eq(schema.bloomStages.status, 'processing'),
    );
  }

  /** Throws StageTakenOver unless this run still owns the stage (the fence of fencedUpdate, read only). */
  private async assertStillOwned(row: StageRow, attempt: number): Promise<void> {
    const [owned] = await this.db
      .select({ name: schema.bloomStages.name })
      .from(schema.bloomStages)
      .where(this.fence(row, attempt));
    if (!owned) throw new StageTakenOver();
  }

  private async fencedUpdate(
    tx: Db,
    row: StageRow,
    attempt: number,
    values: Partial<StageRow>,
  ): Promise<void> {
    const updated = await tx
      .update(schema.bloomStages)
      .set({ ...values, updatedAt: new Date() })
      .where(this.fence(row, attempt))
      .returning({ name: schema.bloomStages.name });
    if (updated.length === 0) throw new StageTakenOver();
  }

  /** Updates the stage row; with `attempt`, only while this run still owns it. */
  private async update(row: StageRow, values: Partial<StageRow>, attempt?: number): Promise<void> {
    await this.db
      .update(schema.bloomStages)
      .set({ ...values, updatedAt: new Date() })
      .where(attempt === undefined ? stageKey(row.bloomId, row.version, row.name) : this.fence(row, attempt));
  }
}
