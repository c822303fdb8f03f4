import type { StageProgress } from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext, JobQueue } from '../jobs/job-queue.js';
import type { ArtifactFiles, FileRef } from './artifact-files.js';
import { mailJobs, stageJobs, type StageJob } from './pipeline-jobs.js';
import { CHECKPOINT_KIND, type FileOutput, type JsonOutput, type StageOutput } from './stage-outputs.js';
import {
  bloomStageNames,
  nextStage,
  StageFailure,
  trainingStages,
  type BloomStageName,
  type StageRow,
} from './stages.js';

/** What a stage can read: its agent, the protocol file and earlier stages' outputs. */
export interface StageInputs {
  bloomId: string;
  bloom(): Promise<{ id: string; name: string }>;
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
  files: ArtifactFiles;
  implementations: StageImplementations;
  /** Longest run of one job; a longer stage pauses at a checkpoint and goes on in the next job. */
  sliceSeconds: number;
}

const PROGRESS_INTERVAL_MS = 1000;

/** Another run took the stage over (its job expired and was handed out again), or the agent is gone. */
class StageTakenOver extends Error {}

const stageKey = (bloomId: string, name: string) =>
  and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, name as BloomStageName));
const artifactKey = (bloomId: string, stage: BloomStageName, kind: string) =>
  and(
    eq(schema.bloomArtifacts.bloomId, bloomId),
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
  private readonly running = new Set<AbortController>();

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

  /** Asks every running stage to pause now (the worker is stopping); their jobs end soon after. */
  pauseAll(): void {
    for (const controller of this.running) controller.abort();
  }

  async run(job: StageJob, context: JobContext): Promise<void> {
    const { stage } = job;
    // The job's data comes from the queue's table (maybe enqueued by another version): checked, not trusted.
    if (!bloomStageNames.includes(stage)) throw new Error(`unknown stage ${String(stage)}`);
    const [row] = await this.db.select().from(schema.bloomStages).where(stageKey(job.bloomId, stage));
    // The agent was deleted, or the stage is done: nothing to do.
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const implementation = this.options.implementations[stage];
    if (!implementation) return;

    const attempt = row.attempts + 1;
    await this.update(row, {
      status: 'processing',
      attempts: attempt,
      startedAt: row.startedAt ?? new Date(),
      errorCode: null,
      errorMessage: null,
    });
    await this.options.files.removeTemporary(job.bloomId);

    const controller = new AbortController();
    this.running.add(controller);
    const progress = this.progressWriter(row, attempt);
    let result: StageOutput | StagePause;
    try {
      result = await implementation(this.inputs(job.bloomId, stage), {
        signal: controller.signal,
        sliceSeconds: this.options.sliceSeconds,
        onProgress: progress.write,
      });
    } catch (error) {
      await progress.flush();
      await this.failed(row, attempt, error, context);
      return;
    } finally {
      this.running.delete(controller);
    }
    await progress.flush();
    try {
      if ('paused' in result) await this.pause(row, attempt, result);
      else await this.complete(row, attempt, result);
    } catch (error) {
      if (!(error instanceof StageTakenOver)) throw error;
      this.log.warn(
        { bloomId: row.bloomId, stage, attempt },
        'stage taken over by another run; its result is dropped',
      );
    }
  }

  private async failed(row: StageRow, attempt: number, error: unknown, context: JobContext): Promise<void> {
    const stage = row.name as BloomStageName;
    const final = error instanceof StageFailure || context.retryCount >= context.retryLimit;
    this.log.warn({ err: error, bloomId: row.bloomId, stage, final }, 'stage failed');
    if (!final) {
      await this.update(row, { status: 'pending' }, attempt);
      throw error; // the queue retries it (from the last checkpoint)
    }
    await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(schema.bloomStages)
        .set({
          status: 'failed',
          errorCode: error instanceof StageFailure ? error.code : 'INTERNAL',
          errorMessage:
            error instanceof StageFailure
              ? error.message
              : `The stage failed ${context.retryCount + 1} times; the last error was: ${(error as Error).message}`,
          progress: null,
          updatedAt: new Date(),
        })
        .where(this.fence(row, attempt))
        .returning({ name: schema.bloomStages.name });
      if (updated.length === 0) return;
      await tx.update(schema.blooms).set({ updatedAt: new Date() }).where(eq(schema.blooms.id, row.bloomId));
      if (isTrainingStage(stage))
        await this.queue.send(mailJobs, { bloomId: row.bloomId, kind: 'trainingFailed' }, tx);
    });
    await this.dropCheckpoint(row.bloomId, stage);
  }

  private async pause(row: StageRow, attempt: number, { paused }: StagePause): Promise<void> {
    const stage = row.name as BloomStageName;
    const ref = await this.options.files.write(row.bloomId, stage, CHECKPOINT_KIND, paused.checkpoint);
    await this.db.transaction(async (tx) => {
      await this.fencedUpdate(tx, row, attempt, { metrics: paused.metrics });
      await this.upsertArtifact(tx, row.bloomId, stage, CHECKPOINT_KIND, ref);
      await this.queue.send(stageJobs, { bloomId: row.bloomId, stage }, tx);
    });
    this.log.info({ bloomId: row.bloomId, stage }, 'stage paused at a checkpoint');
  }

  private async complete(row: StageRow, attempt: number, output: StageOutput): Promise<void> {
    const { bloomId } = row;
    const stage = row.name as BloomStageName;
    const next = nextStage(stage);
    // Files first, under fixed names: a crash before the commit leaves files the re-run replaces.
    const refs: Record<string, FileRef> = {};
    for (const [kind, data] of Object.entries(output.files ?? {}))
      refs[kind] = await this.options.files.write(bloomId, stage, kind, data);
    await this.db.transaction(async (tx) => {
      const now = new Date();
      await this.fencedUpdate(tx, row, attempt, {
        status: 'completed',
        metrics: output.metrics,
        completedAt: now,
        progress: null,
      });
      for (const [kind, content] of Object.entries({ ...output.artifacts, ...refs }))
        await this.upsertArtifact(tx, bloomId, stage, kind, content);
      await tx.delete(schema.bloomArtifacts).where(artifactKey(bloomId, stage, CHECKPOINT_KIND));
      await tx
        .update(schema.blooms)
        .set({ updatedAt: now, ...(next ? {} : { completedAt: now }) })
        .where(eq(schema.blooms.id, bloomId));
      if (next && (await this.mayStart(tx, bloomId, next)))
        await this.queue.send(stageJobs, { bloomId, stage: next }, tx);
      if (!next) await this.queue.send(mailJobs, { bloomId, kind: 'trainingCompleted' }, tx);
    });
    await this.options.files.remove(bloomId, `${stage}.${CHECKPOINT_KIND}`);
  }

  private async dropCheckpoint(bloomId: string, stage: BloomStageName): Promise<void> {
    await this.db.delete(schema.bloomArtifacts).where(artifactKey(bloomId, stage, CHECKPOINT_KIND));
    await this.options.files.remove(bloomId, `${stage}.${CHECKPOINT_KIND}`);
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

  private inputs(bloomId: string, stage: BloomStageName): StageInputs {
    const artifactRow = async (from: BloomStageName, kind: string) => {
      const [artifact] = await this.db
        .select({ content: schema.bloomArtifacts.content })
        .from(schema.bloomArtifacts)
        .where(artifactKey(bloomId, from, kind));
      return artifact?.content;
    };
    return {
      bloomId,
      bloom: async () => {
        const [bloom] = await this.db
          .select({ id: schema.blooms.id, name: schema.blooms.name })
          .from(schema.blooms)
          .where(eq(schema.blooms.id, bloomId));
        if (!bloom) throw new StageFailure('bloom.not_found', 'The agent was deleted.');
        return bloom;
      },
      protocolContent: async () => {
        const [latest] = await this.db
          .select({ content: schema.bloomProtocols.content })
          .from(schema.bloomProtocols)
          .where(eq(schema.bloomProtocols.bloomId, bloomId))
          .orderBy(desc(schema.bloomProtocols.version))
          .limit(1);
        if (!latest) throw new StageFailure('bloom.file_not_found', 'The agent has no protocol.');
        return latest.content;
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
          .where(stageKey(bloomId, from));
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
        pending = { progress, ...(metrics ? { metrics } : {}) };
        if (Date.now() - last >= PROGRESS_INTERVAL_MS) store();
      },
      flush: async () => {
        store();
        await chain;
      },
    };
  }

  private fence(row: StageRow, attempt: number) {
    return and(
      stageKey(row.bloomId, row.name),
      eq(schema.bloomStages.attempts, attempt),
      eq(schema.bloomStages.status, 'processing'),
    );
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

  private async upsertArtifact(
    tx: Db,
    bloomId: string,
    stage: BloomStageName,
    kind: string,
    content: unknown,
  ) {
    await tx
      .insert(schema.bloomArtifacts)
      .values({ bloomId, stage, kind, content })
      .onConflictDoUpdate({
        target: [schema.bloomArtifacts.bloomId, schema.bloomArtifacts.stage, schema.bloomArtifacts.kind],
        set: { content, createdAt: new Date() },
      });
  }

  /** Updates the stage row; with `attempt`, only while this run still owns it. */
  private async update(row: StageRow, values: Partial<StageRow>, attempt?: number): Promise<void> {
    await this.db
      .update(schema.bloomStages)
      .set({ ...values, updatedAt: new Date() })
      .where(attempt === undefined ? stageKey(row.bloomId, row.name) : this.fence(row, attempt));
  }
}
