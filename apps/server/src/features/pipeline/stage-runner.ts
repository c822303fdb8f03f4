import { schema, type Db } from '@greenhouse/db';
import type { Protocol } from '@greenhouse/mtp';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, StageJob, StageJobContext } from '../jobs/job-queue.js';
import { prepareStage1, prepareStage2, validateData, type Dataset, type StageOutput } from './data-stages.js';
import { bloomStageNames, nextStage, StageFailure, trainingStages, type BloomStageName } from './stages.js';

type StageRow = typeof schema.bloomStages.$inferSelect;

/** What a stage can read: the agent's protocol file and earlier stages' outputs. */
export interface StageInputs {
  bloomId: string;
  protocolContent(): Promise<unknown>;
  artifact<T>(stage: BloomStageName, kind: string): Promise<T>;
}

export type StageImplementation = (inputs: StageInputs) => Promise<StageOutput>;

const dataStageImplementations: Partial<Record<BloomStageName, StageImplementation>> = {
  data_preparation_stage_1: async (inputs) => prepareStage1(await inputs.protocolContent()),
  data_preparation_stage_2: async (inputs) =>
    prepareStage2(await inputs.artifact<Protocol>('data_preparation_stage_1', 'protocol')),
  data_validation: async (inputs) =>
    validateData(
      await inputs.protocolContent(),
      await inputs.artifact<Dataset>('data_preparation_stage_2', 'dataset'),
    ),
};

function isTrainingStage(stage: BloomStageName): boolean {
  return (trainingStages as readonly string[]).includes(stage);
}

/**
 * Runs one stage of one agent as a job: pending → processing → completed or failed.
 * Idempotent: a job delivered twice, or re-run after its worker died, finds the stage completed
 * and does nothing, or runs it again and replaces its outputs — one row per output, so never two.
 * The outputs, the completed status and the next stage's job are written in one transaction.
 */
export class StageRunner {
  constructor(
    private readonly db: Db,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly implementations: Partial<
      Record<BloomStageName, StageImplementation>
    > = dataStageImplementations,
  ) {}

  /** Whether this installation can run `stage` (the training stages arrive with the trainer). */
  canRun(stage: BloomStageName): boolean {
    return this.implementations[stage] !== undefined;
  }

  async run(job: StageJob, context: StageJobContext): Promise<void> {
    const stage = job.stage as BloomStageName;
    if (!bloomStageNames.includes(stage)) throw new Error(`unknown stage ${job.stage}`);
    const [row] = await this.db
      .select()
      .from(schema.bloomStages)
      .where(and(eq(schema.bloomStages.bloomId, job.bloomId), eq(schema.bloomStages.name, stage)));
    // The agent was deleted, or the stage is done: nothing to do.
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const implementation = this.implementations[stage];
    if (!implementation) return;

    await this.update(row, {
      status: 'processing',
      attempts: row.attempts + 1,
      startedAt: new Date(),
      errorCode: null,
      errorMessage: null,
    });
    let output: StageOutput;
    try {
      output = await implementation(this.inputs(job.bloomId));
    } catch (error) {
      const final = error instanceof StageFailure || context.retryCount >= context.retryLimit;
      this.log.warn({ err: error, bloomId: job.bloomId, stage, final }, 'stage failed');
      if (!final) {
        await this.update(row, { status: 'pending' });
        throw error; // the queue retries it
      }
      await this.update(row, {
        status: 'failed',
        errorCode: error instanceof StageFailure ? error.code : 'INTERNAL',
        errorMessage:
          error instanceof StageFailure
            ? error.message
            : `The stage failed ${context.retryCount + 1} times; the last error was: ${(error as Error).message}`,
        progress: null,
      });
      return;
    }
    await this.complete(job.bloomId, stage, output);
  }

  private inputs(bloomId: string): StageInputs {
    return {
      bloomId,
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
      artifact: async <T>(stage: BloomStageName, kind: string) => {
        const [artifact] = await this.db
          .select({ content: schema.bloomArtifacts.content })
          .from(schema.bloomArtifacts)
          .where(
            and(
              eq(schema.bloomArtifacts.bloomId, bloomId),
              eq(schema.bloomArtifacts.stage, stage),
              eq(schema.bloomArtifacts.kind, kind),
            ),
          );
        if (!artifact) throw new Error(`missing output ${stage}/${kind}`);
        return artifact.content as T;
      },
    };
  }

  private async complete(bloomId: string, stage: BloomStageName, output: StageOutput): Promise<void> {
    const next = nextStage(stage);
    await this.db.transaction(async (tx) => {
      for (const [kind, content] of Object.entries(output.artifacts)) {
        await tx
          .insert(schema.bloomArtifacts)
          .values({ bloomId, stage, kind, content })
          .onConflictDoUpdate({
            target: [schema.bloomArtifacts.bloomId, schema.bloomArtifacts.stage, schema.bloomArtifacts.kind],
            set: { content, createdAt: new Date() },
          });
      }
      const now = new Date();
      await tx
        .update(schema.bloomStages)
        .set({
          status: 'completed',
          metrics: output.metrics,
          completedAt: now,
          updatedAt: now,
          progress: null,
        })
        .where(and(eq(schema.bloomStages.bloomId, bloomId), eq(schema.bloomStages.name, stage)));
      await tx
        .update(schema.blooms)
        .set({ updatedAt: now, ...(next ? {} : { completedAt: now }) })
        .where(eq(schema.blooms.id, bloomId));
      if (next && (await this.mayStart(tx, bloomId, next)))
        await this.queue.enqueue({ bloomId, stage: next }, tx);
    });
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

  private async update(row: StageRow, values: Partial<StageRow>): Promise<void> {
    await this.db
      .update(schema.bloomStages)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(schema.bloomStages.bloomId, row.bloomId), eq(schema.bloomStages.name, row.name)));
  }
}
