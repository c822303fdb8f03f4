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

/** What an agent's presentation reads of each of its stages. */
export type StageView = Pick<
  StageRow,
  | 'name'
  | 'position'
  | 'status'
  | 'errorCode'
  | 'errorMessage'
  | 'progress'
  | 'metrics'
  | 'startedAt'
  | 'completedAt'
>;

/**
 * An agent's stages as one JSON array, in pipeline order, as SQL on its id column: a list reads its agents
 * with their stages in one query (the stage rows of a page, each mapped by the driver, cost more than the
 * rest of the request). Read it back with `stageViews`.
 */
export function stagesJsonSql(bloomId: AnyColumn): SQL<StageJson[]> {
  return sql<StageJson[]>`(select coalesce(json_agg(json_build_object(
      'name', s.name, 'position', s.position, 'status', s.status,
      'errorCode', s.error_code, 'errorMessage', s.error_message,
      'progress', s.progress, 'metrics', s.metrics,
      'startedAt', s.started_at, 'completedAt', s.completed_at) order by s.position), '[]'::json)
    from ${schema.bloomStages} s where s.bloom_id = ${bloomId})`;
}

/** A stage as `stagesJsonSql` writes it: its times as JSON strings (with the session's UTC offset). */
export type StageJson = Omit<StageView, 'startedAt' | 'completedAt'> & {
  startedAt: string | null;
  completedAt: string | null;
};

const dateOf = (text: string | null) => (text === null ? null : new Date(text));

export function stageViews(stages: StageJson[]): StageView[] {
  return stages.map((s) => ({ ...s, startedAt: dateOf(s.startedAt), completedAt: dateOf(s.completedAt) }));
}

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
