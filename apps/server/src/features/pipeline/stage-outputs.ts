// Every output of the pipeline, named once: the stage that writes it and its kind (one
// `bloom_artifacts` row per agent, stage and kind). The stages read and write through these names,
// and other features ask for what they need through the functions below, never by querying the rows.
import { schema, type Db } from '@greenhouse/db';
import type { Protocol } from '@greenhouse/mtp';
import type { TrainingPlan } from '@greenhouse/trainer';
import type { BloomVersion, VersionScenarioResults } from '@greenhouse/contracts';
import { and, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { ArtifactStore, FileRef } from './artifact-store.js';
import type { Dataset } from './data-stages.js';
import { versionStatusSql, type BloomStageName } from './stages.js';

/** A JSON output, stored in its row; `T` is only a type (what reading it gives). */
export interface JsonOutput<T> {
  stage: BloomStageName;
  kind: string;
  format: 'json';
  readonly value?: T;
}

/** A file output (see artifact-store.ts): its row holds the file's name, size and sha256. */
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
/** The owner's scenario tests run on the agent file (at export, and again when the owner changes them). */
export const SCENARIO_RESULTS = json<ScenarioRun>('training_exporting', 'scenarios');

/** A version's scenario results: how many passed, and each case's. */
export type ScenarioRun = Omit<VersionScenarioResults, 'version'>;

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

/** One version's outputs of `bloomIds`. */
const outputKey = (bloomIds: string[], version: number, output: JsonOutput<unknown> | FileOutput) =>
  and(
    inArray(schema.bloomArtifacts.bloomId, bloomIds),
    eq(schema.bloomArtifacts.version, version),
    eq(schema.bloomArtifacts.stage, output.stage),
    eq(schema.bloomArtifacts.kind, output.kind),
  );

/** One output of every version of an agent. */
const outputOfEveryVersion = (bloomId: string, output: JsonOutput<unknown> | FileOutput) =>
  and(
    eq(schema.bloomArtifacts.bloomId, bloomId),
    eq(schema.bloomArtifacts.stage, output.stage),
    eq(schema.bloomArtifacts.kind, output.kind),
  );

/** What the database records of a version's agent file, once its export stage has written it; null before. */
export async function agentFileRef(db: Db, bloomId: string, version: number): Promise<FileRef | null> {
  const [row] = await db
    .select({ content: schema.bloomArtifacts.content })
    .from(schema.bloomArtifacts)
    .where(outputKey([bloomId], version, AGENT_FILE));
  return row ? (row.content as FileRef) : null;
}

/** A version's agent file, once its export stage has written it; null before (or for no such version). */
export async function readAgentFile(
  db: Db,
  files: ArtifactStore,
  bloomId: string,
  version: number,
): Promise<Buffer | null> {
  const ref = await agentFileRef(db, bloomId, version);
  return ref ? files.read(bloomId, ref) : null;
}

/** The versions of an agent whose agent file is written, newest first. */
export async function exportedVersions(db: Db, bloomId: string): Promise<number[]> {
  const rows = await db
    .select({ version: schema.bloomArtifacts.version })
    .from(schema.bloomArtifacts)
    .where(outputOfEveryVersion(bloomId, AGENT_FILE))
    .orderBy(desc(schema.bloomArtifacts.version));
  return rows.map((r) => r.version);
}

/**
 * The version an agent's download serves, as SQL on its id column: the newest with its agent file — of those
 * that pass every scenario (SCENARIO_RESULTS: passed = total) when the owner gates downloads on them — or null.
 * In a query over blooms (it reads the row's gate_download).
 */
export function currentVersionSql(bloomId: AnyColumn): SQL<number | null> {
  return sql<number | null>`(select max(a.version) from ${schema.bloomArtifacts} a
    where a.bloom_id = ${bloomId} and a.stage = ${AGENT_FILE.stage} and a.kind = ${AGENT_FILE.kind}
    and (not ${schema.blooms.gateDownload} or exists (
      select 1 from ${schema.bloomArtifacts} r where r.bloom_id = a.bloom_id and r.version = a.version
      and r.stage = ${SCENARIO_RESULTS.stage} and r.kind = ${SCENARIO_RESULTS.kind}
      and (r.content->>'passed')::int = (r.content->>'total')::int)))`;
}

/**
 * The normalised protocol of the agent's version in the works once its first stage has completed, else null,
 * as SQL: the agent page selects it with the agent's row instead of asking in a query of its own (in a query
 * over blooms: it reads the row's latest_version).
 */
export function normalizedProtocolSql(bloomId: AnyColumn): SQL<Protocol | null> {
  return sql<Protocol | null>`(select a.content from ${schema.bloomArtifacts} a
    where a.bloom_id = ${bloomId} and a.version = ${schema.blooms.latestVersion}
    and a.stage = ${NORMALIZED_PROTOCOL.stage} and a.kind = ${NORMALIZED_PROTOCOL.kind})`;
}

/** A version as versionsJsonSql reads it (the presenter adds its download address). */
export type VersionView = Omit<BloomVersion, 'downloadURL'>;

/**
 * Every version of the agent of this id column, oldest first, as one JSON array in SQL: its training's status
 * (from its stages, as bloomStatusSql), its samples, its quality check, its agent file's size and its scenario
 * results — what the agent page lists, read with the agent's row.
 */
export function versionsJsonSql(bloomId: AnyColumn): SQL<VersionView[]> {
  const output = (o: JsonOutput<unknown> | FileOutput) =>
    sql`(select a.content from ${schema.bloomArtifacts} a where a.bloom_id = p.bloom_id and a.version = p.version
      and a.stage = ${o.stage} and a.kind = ${o.kind})`;
  return sql<VersionView[]>`(select coalesce(json_agg(json_build_object(
      'number', p.version,
      'createdAt', to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'status', ${versionStatusSql(sql`p.bloom_id`, sql`p.version`)},
      'samples', (select (s.metrics->>'samples')::int from ${schema.bloomStages} s where s.bloom_id = p.bloom_id
        and s.version = p.version and s.name = ${NORMALIZED_PROTOCOL.stage}),
      'quality', (select case when q.m ? 'right' and q.m ? 'measured'
          then jsonb_build_object('right', q.m->'right', 'measured', q.m->'measured') end
        from (select s.metrics->'quality' m from ${schema.bloomStages} s where s.bloom_id = p.bloom_id
          and s.version = p.version and s.name = 'training_finetuning') q),
      'sizeBytes', (${output(AGENT_FILE)}->>'bytes')::bigint,
      'deviceFit', (select s.metrics->'deviceFit' from ${schema.bloomStages} s where s.bloom_id = p.bloom_id
        and s.version = p.version and s.name = 'training_exporting'),
      'scenarios', (select jsonb_build_object('passed', r.c->'passed', 'total', r.c->'total')
        from (select ${output(SCENARIO_RESULTS)} c) r where r.c is not null))
      order by p.version), '[]'::json)
    from ${schema.bloomProtocols} p where p.bloom_id = ${bloomId})`;
}

/** Writes one output row of a version's stage, replacing the one before, inside the caller's transaction. */
export async function upsertOutput(
  tx: Db,
  { bloomId, version }: { bloomId: string; version: number },
  stage: BloomStageName,
  kind: string,
  content: unknown,
): Promise<void> {
  await tx
    .insert(schema.bloomArtifacts)
    .values({ bloomId, version, stage, kind, content })
    .onConflictDoUpdate({
      target: [
        schema.bloomArtifacts.bloomId,
        schema.bloomArtifacts.version,
        schema.bloomArtifacts.stage,
        schema.bloomArtifacts.kind,
      ],
      set: { content, createdAt: new Date() },
    });
}

/** Stores a version's scenario results (its export stage's), replacing any before, inside the caller's transaction. */
export async function storeScenarioResults(
  tx: Db,
  bloomId: string,
  version: number,
  results: ScenarioRun,
): Promise<void> {
  await upsertOutput(tx, { bloomId, version }, SCENARIO_RESULTS.stage, SCENARIO_RESULTS.kind, results);
}

/** Every version's scenario results (those exported and run), newest first, in one query. */
export async function readScenarioResults(
  db: Db,
  bloomId: string,
): Promise<{ version: number; run: ScenarioRun }[]> {
  const rows = await db
    .select({ version: schema.bloomArtifacts.version, content: schema.bloomArtifacts.content })
    .from(schema.bloomArtifacts)
    .where(outputOfEveryVersion(bloomId, SCENARIO_RESULTS))
    .orderBy(desc(schema.bloomArtifacts.version));
  return rows.map((r) => ({ version: r.version, run: r.content as ScenarioRun }));
}

/** A version's protocol as its first stage normalised it, or null before that stage has run. */
export async function readNormalizedProtocol(
  db: Db,
  bloomId: string,
  version: number,
): Promise<Protocol | null> {
  const [row] = await db
    .select({ content: schema.bloomArtifacts.content })
    .from(schema.bloomArtifacts)
    .where(outputKey([bloomId], version, NORMALIZED_PROTOCOL));
  return (row?.content as Protocol | undefined) ?? null;
}
