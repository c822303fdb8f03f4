// Every output of the pipeline, named once: the stage that writes it and its kind (one
// `bloom_artifacts` row per agent, stage and kind). The stages read and write through these names,
// and other features ask for what they need through the functions below, never by querying the rows.
import { schema, type Db } from '@greenhouse/db';
import type { Protocol } from '@greenhouse/mtp';
import type { TrainingPlan } from '@greenhouse/trainer';
import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ArtifactFiles, FileRef } from './artifact-files.js';
import type { Dataset } from './data-stages.js';
import type { BloomStageName } from './stages.js';

/** A JSON output, stored in its row; `T` is only a type (what reading it gives). */
export interface JsonOutput<T> {
  stage: BloomStageName;
  kind: string;
  format: 'json';
  readonly value?: T;
}

/** A file output (see artifact-files.ts): its row holds the file's name, size and sha256. */
export interface FileOutput {
  stage: BloomStageName;
  kind: string;
  format: 'file';
}

const json = <T>(stage: BloomStageName, kind: string): JsonOutput<T> => ({ stage, kind, format: 'json' });
const file = (stage: BloomStageName, kind: string): FileOutput => ({ stage, kind, format: 'file' });

/** The uploaded protocol normalised (any version) into one shape. */
export const NORMALIZED_PROTOCOL = json<Protocol>('data_preparation_stage_1', 'protocol');
/** Every example rendered into the exact text the model reads and writes. */
export const DATASET = json<Dataset>('data_preparation_stage_2', 'dataset');
export const VALIDATION_REPORT = json<Record<string, unknown>>('data_validation', 'report');
export const TRAINING_PLAN = json<TrainingPlan>('training_tokenizer', 'plan');
/** The tokenizer as Hugging Face `tokenizer.json`. */
export const TOKENIZER = file('training_tokenizer', 'tokenizer');
export const PRETRAINED_WEIGHTS = file('training_pretraining', 'weights');
export const FINETUNED_WEIGHTS = file('training_finetuning', 'weights');
/** The reaction model (reactions.bin) of a plan with `reactions` (agent format version 2). */
export const REACTION_MODEL = file('training_finetuning', 'reactions');
/** The agent file users download. */
export const AGENT_FILE = file('training_exporting', 'agent');

/** Not an output: a paused stage's state, one per training stage while it runs (see stage-runner.ts). */
export const CHECKPOINT_KIND = 'checkpoint';

/** What a completed stage returns; the runner stores each output under the running stage and its kind. */
export interface StageOutput {
  /** JSON outputs by kind, one row each (a re-run replaces them). */
  artifacts: Record<string, unknown>;
  /** File outputs by kind, one file and one row each. */
  files?: Record<string, Uint8Array>;
  metrics: Record<string, unknown>;
}

const outputKey = (bloomIds: string[], output: JsonOutput<unknown> | FileOutput) =>
  and(
    inArray(schema.bloomArtifacts.bloomId, bloomIds),
    eq(schema.bloomArtifacts.stage, output.stage),
    eq(schema.bloomArtifacts.kind, output.kind),
  );

/** The agent file, once the export stage has written it; null before. */
export async function readAgentFile(db: Db, files: ArtifactFiles, bloomId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: schema.bloomArtifacts.content })
    .from(schema.bloomArtifacts)
    .where(outputKey([bloomId], AGENT_FILE));
  return row ? files.read(bloomId, row.content as FileRef) : null;
}

/**
 * Whether the agent of this id column has its agent file, as SQL: a list selects it with its rows instead of
 * asking in a query of its own.
 */
export function agentFileSql(bloomId: AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${schema.bloomArtifacts} a
    where a.bloom_id = ${bloomId} and a.stage = ${AGENT_FILE.stage} and a.kind = ${AGENT_FILE.kind})`;
}

/**
 * The normalised protocol of the agent of this id column once its first stage has completed, else null, as
 * SQL: the agent page selects it with the agent's row instead of asking in a query of its own.
 */
export function normalizedProtocolSql(bloomId: AnyColumn): SQL<Protocol | null> {
  return sql<Protocol | null>`(select a.content from ${schema.bloomArtifacts} a
    where a.bloom_id = ${bloomId} and a.stage = ${NORMALIZED_PROTOCOL.stage} and a.kind = ${NORMALIZED_PROTOCOL.kind})`;
}
