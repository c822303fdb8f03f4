// Stage 4: the agent file (format: @greenhouse/agent-format and its README).
import {
  AGENT_FILES,
  AGENT_FORMAT,
  AGENT_FORMAT_VERSION,
  gptArchitecture,
  MODEL_SCHEMA_URL,
  WEIGHTS_ENCODING,
  tensorTable,
  type AgentFile,
} from '@greenhouse/agent-format';
import { buildTemplate, type Protocol } from '@greenhouse/mtp';
import { resolveBase, type BaseModel } from '../base/base-model.js';
import { loadWordVectors } from '../reactions/word-vectors.js';
import type { TokenizerJson } from '../tokenizer/bpe.js';
import { paramLayout } from '../model/config.js';
import { sha256, type AgentManifest } from './agent-file.js';
import { packFloat16 } from './float16-weights.js';
import type { TrainingPlan } from './plan.js';
import type { StageMetrics } from './types.js';

export interface ExportStageInput {
  protocol: Protocol;
  bloom: { id: string; name: string };
  tokenizer: TokenizerJson;
  plan: TrainingPlan;
  /** The flat parameter buffer (paramLayout order, with its padding), as the training stage gives it. */
  weights: Float32Array;
  metrics: { tokenizer?: StageMetrics; pretraining?: StageMetrics; finetuning?: StageMetrics };
  /** ISO 8601 date-time. */
  createdAt: string;
  /** The base model of `plan.base` (default: the committed one): its licence travels with the agent. */
  base?: 'committed' | BaseModel;
  /**
   * The reaction model (reactions.bin) of a plan with `reactions`: the file is then of version 2 (reaction
   * first). Without it, version 1.
   */
  reactions?: Uint8Array;
}

export interface ExportStageResult {
  /** The agent file, JSON text. */
  agent: string;
  metrics: { bytes: number; sha256: string; weightsFormat: 'float16'; parameters: number };
}

export function exportStage(input: ExportStageInput): ExportStageResult {
  const config = input.plan.model;
  const layout = paramLayout(config);
  // float16, paramLayout order, no padding, little-endian.
  const weights = packFloat16(config, input.weights);

  const texts = {
    [AGENT_FILES.template]: JSON.stringify(buildTemplate(input.protocol), null, 2),
    [AGENT_FILES.tokenizer]: JSON.stringify(input.tokenizer),
  };
  if (input.plan.reactions && !input.reactions)
    throw new Error('the plan has a reaction model, the export none');
  // weights.bin last: a reader finds its base64 from the end of the text (agent-format's README).
  const binaries: [string, Uint8Array][] = [
    ...(input.reactions ? [[AGENT_FILES.reactions, input.reactions] as [string, Uint8Array]] : []),
    [AGENT_FILES.weights, weights],
  ];
  const files: Record<string, string> = {
    ...texts,
    ...Object.fromEntries(binaries.map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')])),
  };
  const checksums = [
    ...Object.entries(texts).map(([path, text]) => ({ path, checksum: `sha256:${sha256(text)}` })),
    ...binaries.map(([path, bytes]) => ({ path, checksum: `sha256:${sha256(bytes)}` })),
  ];

  const manifest: AgentManifest = {
    $schema: MODEL_SCHEMA_URL,
    id: agentId(
      input.bloom.id,
      input.createdAt,
      checksums.map((c) => c.checksum),
    ),
    name: input.bloom.name,
    description: null,
    created_time: input.createdAt,
    files: checksums,
    training: { reference: input.bloom.id },
    labels: {
      protocol: input.protocol.name,
      protocolVersion: input.protocol.version,
      modelType: input.protocol.modelType,
      weightsFormat: 'float16',
    },
    architecture: gptArchitecture(config),
    hyperParameters: input.plan,
    metrics: input.metrics,
    weights: { ...WEIGHTS_ENCODING, tensors: tensorTable(config) },
    reactionNumbers: reactionNumbers(input.protocol),
    ...(input.plan.base ? { base: baseNotice(input) } : {}),
    ...(input.plan.reactions?.wordVectors
      ? { wordVectors: wordVectorsNotice(input.plan.reactions.wordVectors) }
      : {}),
    limits: input.plan.limits ?? {
      // A plan from before the limits: the context less the longest answer it was planned for.
      promptTokens: config.contextLength - 1,
      answerTokens: 1,
    },
  };
  const file: AgentFile<AgentManifest> = {
    format: AGENT_FORMAT,
    formatVersion: input.reactions ? AGENT_FORMAT_VERSION : 1,
    manifest,
    files,
  };
  const agent = JSON.stringify(file);
  return {
    agent,
    metrics: {
      bytes: Buffer.byteLength(agent, 'utf8'),
      sha256: sha256(agent),
      weightsFormat: 'float16',
      parameters: layout.count,
    },
  };
}

/** The base model the agent was finetuned from, and the licence of its corpus (it must travel with it). */
function baseNotice(input: ExportStageInput): { sha256: string; licence: string } {
  const base = resolveBase(input.base ?? 'committed')!;
  if (base.sha256 !== input.plan.base!.sha256) throw new Error('the plan was made with another base model');
  return { sha256: base.sha256, licence: base.licence };
}

/** The word vectors the reaction model's word scores come from, and their licence notice. */
function wordVectorsNotice(plan: { sha256: string }): { sha256: string; licence: string } {
  const vectors = loadWordVectors();
  if (vectors?.sha256 !== plan.sha256) throw new Error('the plan was made with other word vectors');
  return { sha256: vectors.sha256, licence: vectors.licence };
}

/** The FinalNumTokens' keys and ranges: their reactions carry a number (Flora reads them as such). */
function reactionNumbers(protocol: Protocol): Record<string, { min: number; max: number }> {
  const out: Record<string, { min: number; max: number }> = {};
  for (const token of Object.values(protocol.tokens))
    if (token.kind === 'FinalNumToken' && token.min !== null && token.max !== null)
      out[token.key] = { min: token.min, max: token.max };
  return out;
}

/**
 * A UUID (version 8, RFC 9562: custom) from the sha256 of the bloom id, the creation time and the
 * files' checksums — the same export gives the same id, another training or export another one.
 */
function agentId(bloomId: string, createdAt: string, checksums: readonly string[]): string {
  const h = sha256([bloomId, createdAt, ...checksums].join('\n'))
    .slice(0, 32)
    .split('');
  h[12] = '8';
  h[16] = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
