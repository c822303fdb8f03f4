import {
  bloomStageNames,
  listOmittedMetrics,
  type BloomStageName,
  type DatasetStageLabel,
  type WorkStatus,
} from '@greenhouse/contracts';
import { schema, type Db } from '@greenhouse/db';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

export { bloomStageNames };
export type { BloomStageName };

/** One stage of one agent: its status, progress and metrics (the record a user sees). */
export type StageRow = typeof schema.bloomStages.$inferSelect;

/**
 * What an agent's presentation reads of each of its stages, as `stagesJsonSql` reads them: its times already
 * as the API writes them (ISO 8601 in UTC, milliseconds).
 */
export type StageView = Pick<
  StageRow,
  'name' | 'status' | 'errorCode' | 'errorMessage' | 'progress' | 'metrics'
> & {
  startedAt: string | null;
  completedAt: string | null;
};

// The metrics a list leaves out (contracts), as an SQL text[] literal: constant names, no user input.
const omittedMetrics = sql.raw(`array[${listOmittedMetrics.map((name) => `'${name}'`).join(', ')}]`);

/** A timestamp as JavaScript's toISOString() writes it (milliseconds cut, as the driver's Date cuts them). */
const isoSql = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * An agent's stages (its version in the works) as one JSON array, in pipeline order, as SQL on its id column in a
 * query over blooms (it reads the row's latest_version): a list reads its agents
 * with their stages in one query (`inList`: without the large metrics only the agent page draws). Profiled, the stage rows of a page each mapped by the driver, and their
 * times parsed into Dates and written back as text, cost more than the rest of the request: so the array
 * comes in pipeline order, as JSON with its times already written.
 */
export function stagesJsonSql(bloomId: AnyColumn, { inList }: { inList: boolean }): SQL<StageView[]> {
  return sql<StageView[]>`(select coalesce(json_agg(json_build_object(
      'name', s.name, 'status', s.status,
      'errorCode', s.error_code, 'errorMessage', s.error_message,
      'progress', s.progress, 'metrics', ${inList ? sql`s.metrics - ${omittedMetrics}` : sql`s.metrics`},
      'startedAt', ${isoSql(sql`s.started_at`)}, 'completedAt', ${isoSql(sql`s.completed_at`)})
      order by s.position), '[]'::json)
    from ${schema.bloomStages} s where s.bloom_id = ${bloomId} and s.version = ${schema.blooms.latestVersion})`;
}

/**
 * The agent's version in the works (the newest: its stages are the agent's), as SQL on an agent id that is not
 * the blooms table's own column (a stage's or output's bloom_id, or a value): in a query over blooms, read
 * blooms.latest_version itself — drizzle writes a single table's columns unqualified, and `b.id = "id"` would
 * compare the subquery's row with itself. Here rather than with the jobs: the stages' readers need it, and
 * pipeline-jobs imports this module.
 */
export const latestVersionOf = (bloomId: AnyColumn | string): SQL<number> =>
  sql<number>`(select b.latest_version from ${schema.blooms} b where b.id = ${bloomId})`;

/** The stages of these agents' versions in the works, in no particular order. */
export async function readStages(db: Db, bloomIds: string[]): Promise<StageRow[]> {
  return db
    .select()
    .from(schema.bloomStages)
    .where(
      and(
        inArray(schema.bloomStages.bloomId, bloomIds),
        eq(schema.bloomStages.version, latestVersionOf(schema.bloomStages.bloomId)),
      ),
    );
}

/**
 * An agent's status as a whole, from its version in the works' stages, as SQL on its id column in a query over
 * blooms (so a list can filter and sort
 * by it): failed once a stage failed, completed once every stage is, processing while one runs, else
 * pending (waiting for a worker, or for payment).
 */
export function bloomStatusSql(bloomId: AnyColumn): SQL<WorkStatus> {
  return versionStatusSql(bloomId, schema.blooms.latestVersion);
}

/** One version's status as a whole, from its stages (the rules of bloomStatusSql), as SQL on its id and number. */
export function versionStatusSql(bloomId: AnyColumn | SQL, version: AnyColumn | SQL): SQL<WorkStatus> {
  return sql<WorkStatus>`(SELECT CASE
      WHEN bool_or(s.status = 'failed') THEN 'failed'
      WHEN bool_and(s.status = 'completed') THEN 'completed'
      WHEN bool_or(s.status = 'processing') THEN 'processing'
      ELSE 'pending' END
    FROM ${schema.bloomStages} s WHERE s.bloom_id = ${bloomId} AND s.version = ${version})`;
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

/** The dataset's current stage label (docs/product-rules.md §3), for the stage that runs (or ran last). */
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
