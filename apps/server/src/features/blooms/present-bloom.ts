import {
  deviceFitSchema,
  type Bloom,
  type BloomSummary,
  type DatasetStatus,
  type WorkStatus,
} from '@greenhouse/contracts';
import type { schema } from '@greenhouse/db';
import type { Protocol } from '@greenhouse/mtp';
import type { VersionView } from '../pipeline/stage-outputs.js';
import { dataStages, datasetStageLabel, trainingStages, type StageView } from '../pipeline/stages.js';

type BloomRow = typeof schema.blooms.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function datasetStatus(stages: StageView[]): DatasetStatus {
  const data = stages.filter((s) => (dataStages as readonly string[]).includes(s.name));
  if (data.some((s) => s.status === 'failed')) return 'failed';
  if (data.every((s) => s.status === 'completed')) return 'ready';
  if (data.some((s) => s.status !== 'pending')) return 'processing';
  return 'pending';
}

function modelStatus(stages: StageView[]): WorkStatus {
  const training = stages.filter((s) => (trainingStages as readonly string[]).includes(s.name));
  if (training.some((s) => s.status === 'failed')) return 'failed';
  if (training.length > 0 && training.every((s) => s.status === 'completed')) return 'completed';
  if (training.some((s) => s.status !== 'pending')) return 'processing';
  return 'pending';
}

/** What the agent is, from its normalised protocol (shown on the agent page). */
export function summarize(protocol: Protocol): BloomSummary {
  const key = (value: string) => protocol.tokens[value]?.key ?? value;
  return {
    context: protocol.context,
    instructions: protocol.sets.map((set) => ({
      name: set.name,
      inputs: protocol.inputs,
      samples: set.samples.length,
      reactions: set.finalTokens.map(key),
      guardrails: set.guardrails.map((g) => ({ line: g.line, examples: g.badExamples, output: g.badOutput })),
    })),
    reactions: [...new Set(protocol.sets.flatMap((set) => set.finalTokens.map(key)))],
    guardrails: protocol.sets.reduce((n, set) => n + set.guardrails.length, 0),
  };
}

/**
 * The export stage's device fit: absent until the agent is exported (and for agents exported before it was
 * measured), null when it could not be measured.
 */
function deviceFit(stages: StageView[]): Pick<Bloom, 'deviceFit'> {
  const exported = stages.find((s) => s.name === 'training_exporting' && s.status === 'completed');
  const metrics = exported?.metrics as Record<string, unknown> | null | undefined;
  if (!metrics || !('deviceFit' in metrics)) return {};
  const parsed = deviceFitSchema.safeParse(metrics.deviceFit);
  return { deviceFit: parsed.success ? parsed.data : null };
}

export interface PresentOptions {
  /** The version its download serves (null: none trained, or none passing its scenarios when gated). */
  currentVersion: number | null;
  summary: BloomSummary | null;
  /** Its versions (the agent page's), or none (a list's). */
  versions: VersionView[];
}

/** The agent as the API shows it (docs/product-rules.md §3); its stages come in pipeline order. */
export function presentBloom(bloom: BloomRow, stages: StageView[], options: PresentOptions): Bloom {
  const current =
    stages.find((s) => s.status === 'processing' || s.status === 'failed') ??
    [...stages].reverse().find((s) => s.status === 'completed');
  return {
    id: bloom.id,
    name: bloom.name,
    createdAt: bloom.createdAt.toISOString(),
    updatedAt: bloom.updatedAt.toISOString(),
    completedAt: iso(bloom.completedAt),
    downloadURL: options.currentVersion ? `/api/blooms/${bloom.id}/download` : null,
    dataset: {
      name: bloom.datasetName,
      status: datasetStatus(stages),
      stage: current ? datasetStageLabel[current.name] : null,
      model: { status: modelStatus(stages) },
    },
    stages: stages.map((s) => ({
      name: s.name,
      status: s.status,
      ...(s.status === 'failed'
        ? { error: { code: s.errorCode ?? 'INTERNAL', message: s.errorMessage ?? '' } }
        : {}),
      progress: (s.progress as Bloom['stages'][number]['progress']) ?? null,
      metrics: (s.metrics as Record<string, unknown> | null) ?? null,
      startedAt: s.startedAt,
      completedAt: s.completedAt,
    })),
    payment: { status: bloom.paymentStatus, amountCents: bloom.priceCents, currency: bloom.currency },
    protocolVersion: bloom.latestVersion,
    summary: options.summary,
    trainingLine: null,
    currentVersion: options.currentVersion ?? bloom.latestVersion,
    versions: options.versions.map((v) => ({
      ...v,
      downloadURL: v.sizeBytes === null ? null : `/api/blooms/${bloom.id}/versions/${v.number}/download`,
    })),
    ...deviceFit(stages),
  };
}
