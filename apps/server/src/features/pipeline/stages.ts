import {
  bloomStageNames,
  type BloomStageName,
  type DatasetStageLabel,
  type WorkStatus,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export { bloomStageNames };
export type { BloomStageName };

/** One stage of one agent: its status, progress and metrics (the record a user sees). */
export type StageRow = typeof schema.bloomStages.$inferSelect;

/** The stages of these agents, in no particular order. */
export async function readStages(db: Db, bloomIds: string[]): Promise<StageRow[]> {
  return db.select().from(schema.bloomStages).where(inArray(schema.bloomStages.bloomId, bloomIds));
}

/**
 * An agent's status as a whole, from its stages, as SQL on its id column (so a list can filter and sort
 * by it): failed once a stage failed, completed once every stage is, processing while one runs, else
 * pending (waiting for a worker, or for payment).
 */
export function agentStatusSql(bloomId: AnyColumn): SQL<WorkStatus> {
  return sql<WorkStatus>`(SELECT CASE
      WHEN bool_or(s.status = 'failed') THEN 'failed'
      WHEN bool_and(s.status = 'completed') THEN 'completed'
      WHEN bool_or(s.status = 'processing') THEN 'processing'
      ELSE 'pending' END
    FROM ${schema.bloomStages} s WHERE s.bloom_id = ${bloomId})`;
}

export const dataStages = [
  'data_preparation_stage_1',
  'data_preparation_stage_2',
  'data_validation',
] as const;
export const trainingStages = [
  'training_tokenizer',
  'training_pretraining',
  'training_finetuning',
  'training_exporting',
] as const;

/** The stage after `stage`, or null after the last one. */
export function nextStage(stage: BloomStageName): BloomStageName | null {
  return bloomStageNames[bloomStageNames.indexOf(stage) + 1] ?? null;
}

/** The dataset's current stage label (spec §3), for the stage that runs (or ran last). */
export const datasetStageLabel: Record<BloomStageName, DatasetStageLabel> = {
  data_preparation_stage_1: 'parsing',
  data_preparation_stage_2: 'preprocessing',
  data_validation: 'analysis',
  training_tokenizer: 'tokenization',
  training_pretraining: 'training',
  training_finetuning: 'training',
  training_exporting: 'extraction',
};

/**
 * A stage that cannot succeed with this input (a broken protocol, a dataset too small): it fails
 * at once with this message for the owner, without retries.
 */
export class StageFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StageFailure';
  }
}
