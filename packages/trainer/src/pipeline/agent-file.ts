// The agent file: one JSON object holding the manifest (MTP model 1.0.0 plus our own fields) and the
// files it lists — template.json and tokenizer.json as text, weights.bin (float16) and, from version 2,
// reactions.bin (the reaction model) as base64. Every file's checksum is the sha256 of its exact bytes. The format is @greenhouse/agent-format's (its README);
// `loadAgent` is the trainer-side reference reader.
import { createHash } from 'node:crypto';
import {
  AGENT_FILES,
  AGENT_FORMAT,
  AGENT_FORMAT_VERSIONS,
  decodeReactionModel,
  WEIGHTS_ENCODING,
  tensorTable,
  type AgentFile,
  type Manifest,
  type ReactionModel,
} from '@greenhouse/agent-format';
import type { Template } from '@greenhouse/mtp';
import type { GptConfig } from '../model/config.js';
import { Gpt } from '../model/gpt.js';
import { Tokenizer, type TokenizerJson } from '../tokenizer/bpe.js';
import { unpackFloat16 } from './float16-weights.js';
import type { TrainingPlan } from './plan.js';
import type { StageMetrics } from './types.js';

/** The manifest as the trainer writes it: every field, with the trainer's own plan and metrics. */
export interface AgentManifest extends Manifest {
  hyperParameters: TrainingPlan;
  metrics: { tokenizer?: StageMetrics; pretraining?: StageMetrics; finetuning?: StageMetrics };
  reactionNumbers: Record<string, { min: number; max: number }>;
  limits: { promptTokens: number; answerTokens: number };
}

export interface LoadedAgent {
  manifest: AgentManifest;
  tokenizer: Tokenizer;
  /** The model with the dequantized weights, sized for one sequence of contextLength. */
  model: Gpt;
  template: Template;
  plan: TrainingPlan;
  /** Version 2: the reaction model; version 1: null. */
  reactions: ReactionModel | null;
}

export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** The bytes a file's checksum covers: UTF-8 of a text file, the decoded bytes of a .bin file. */
export function fileBytes(path: string, stored: string): Uint8Array {
  return path.endsWith('.bin') ? Buffer.from(stored, 'base64') : Buffer.from(stored, 'utf8');
}

/** Reads and verifies an agent file; throws an Error saying what is wrong. */
export function loadAgent(text: string): LoadedAgent {
  let file: AgentFile<AgentManifest>;
  try {
    file = JSON.parse(text) as AgentFile<AgentManifest>;
  } catch {
    throw new Error('agent file: not JSON');
  }
  if (file?.format !== AGENT_FORMAT) throw new Error(`agent file: format is not ${AGENT_FORMAT}`);
  if (!AGENT_FORMAT_VERSIONS.includes(file.formatVersion))
    throw new Error(`agent file: unsupported formatVersion ${String(file.formatVersion)}`);
  const { manifest } = file;
  if (!manifest || !Array.isArray(manifest.files) || typeof file.files !== 'object')
    throw new Error('agent file: no manifest or files');

  const bytes = new Map<string, Uint8Array>();
  for (const { path, checksum } of manifest.files) {
    const stored = Object.hasOwn(file.files, path) ? file.files[path] : undefined;
    if (typeof stored !== 'string') throw new Error(`agent file: ${path} is missing`);
    const b = fileBytes(path, stored);
    if (checksum !== `sha256:${sha256(b)}`)
      throw new Error(`agent file: ${path} is damaged (checksum mismatch)`);
    bytes.set(path, b);
  }
  const get = (path: string) => {
    const b = bytes.get(path);
    if (!b) throw new Error(`agent file: the manifest does not list ${path}`);
    return b;
  };
  const text8 = (path: string) => new TextDecoder().decode(get(path));
  const tokenizer = Tokenizer.fromJSON(JSON.parse(text8(AGENT_FILES.tokenizer)) as TokenizerJson);
  const template = JSON.parse(text8(AGENT_FILES.template)) as Template;
  const model = dequantize(manifest, get(AGENT_FILES.weights));
  if (tokenizer.size !== model.config.vocabSize)
    throw new Error(
      `agent file: the tokenizer has ${tokenizer.size} ids, the model ${model.config.vocabSize}`,
    );
  const reactions = file.formatVersion === 2 ? decodeReactionModel(get(AGENT_FILES.reactions)) : null;
  return { manifest, tokenizer, model, template, plan: manifest.hyperParameters, reactions };
}

function dequantize(manifest: AgentManifest, weights: Uint8Array): Gpt {
  const { architecture: a, weights: w } = manifest;
  if (w?.format !== WEIGHTS_ENCODING.format || w.byteOrder !== WEIGHTS_ENCODING.byteOrder)
    throw new Error('agent file: weights are not little-endian float16');
  const config: GptConfig = {
    vocabSize: a.vocabSize,
    contextLength: a.contextLength,
    dModel: a.dModel,
    nLayers: a.nLayers,
    nHeads: a.nHeads,
    dFF: a.dFF,
    tieEmbeddings: a.tieEmbeddings,
  };
  const model = new Gpt(config, { maxTokens: config.contextLength });
  const expected = tensorTable(config);
  if (JSON.stringify(expected) !== JSON.stringify(w.tensors))
    throw new Error('agent file: the tensor table does not match the architecture');
  model.params.set(unpackFloat16(config, weights));
  return model;
}
