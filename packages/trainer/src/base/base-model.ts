// The base model: a small GPT pretrained on openly licensed English (corpus.ts), which every agent is
// finetuned from, so that an agent knows words and phrasings its protocol never shows. Built reproducibly by
// `npm run build:base` (scripts/build-base.ts) and committed as one JSON file:
//
//   { format: "greenhouse-base", formatVersion: 1, architecture (GptConfig), tokenizer (tokenizer.json),
//     weights (float16, paramLayout order, base64), sha256, training: { … }, licence }
//
// `sha256` covers the architecture, the tokenizer and the weights (canonical JSON text of the first two,
// then the weight bytes): loadBase refuses a file in which any of them changed. `licence` is the corpus's
// notices (WordNet's licence must travel with every copy and derivative); the agent file carries it too.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { GptConfig } from '../model/config.js';
import { packFloat16, unpackFloat16 } from '../pipeline/float16-weights.js';
import { Tokenizer, type TokenizerJson } from '../tokenizer/bpe.js';

export const BASE_FORMAT = 'greenhouse-base';
export const BASE_FORMAT_VERSION = 1;
/** The committed base, beside the package's sources (src/ and dist/ are both two folders below). */
export const BASE_PATH = new URL('../../base/base-model.json', import.meta.url);

export interface BaseTraining {
  corpus: { name: string; package: string; version: string; characters: number }[];
  tokens: number;
  steps: number;
  batchTokens: number;
  lr: number;
  seed: number;
  heldOutLoss: number;
  seconds: number;
}

export interface BaseFile {
  format: typeof BASE_FORMAT;
  formatVersion: number;
  architecture: GptConfig;
  tokenizer: TokenizerJson;
  weights: string;
  sha256: string;
  training: BaseTraining;
  licence: string;
}

export interface BaseModel {
  config: GptConfig;
  tokenizer: Tokenizer;
  tokenizerJson: TokenizerJson;
  /** The flat parameter buffer (paramLayout order, padding zero). */
  params: Float32Array;
  sha256: string;
  training: BaseTraining;
  licence: string;
}

function checksum(architecture: GptConfig, tokenizer: TokenizerJson, weights: Uint8Array): string {
  return createHash('sha256')
    .update(JSON.stringify(architecture))
    .update('\n')
    .update(JSON.stringify(tokenizer))
    .update('\n')
    .update(weights)
    .digest('hex');
}

/** The base file's text for a trained model (deterministic: the same model gives the same text). */
export function writeBase(
  config: GptConfig,
  tokenizer: Tokenizer,
  params: Float32Array,
  training: BaseTraining,
  licence: string,
): string {
  const weights = packFloat16(config, params);
  const tokenizerJson = tokenizer.toJSON();
  const file: BaseFile = {
    format: BASE_FORMAT,
    formatVersion: BASE_FORMAT_VERSION,
    architecture: config,
    tokenizer: tokenizerJson,
    weights: Buffer.from(weights).toString('base64'),
    sha256: checksum(config, tokenizerJson, weights),
    training,
    licence,
  };
  return JSON.stringify(file);
}

/** Reads and verifies a base file's text; throws an Error naming what is wrong. */
export function readBase(text: string): BaseModel {
  let file: BaseFile;
  try {
    file = JSON.parse(text) as BaseFile;
  } catch {
    throw new Error('base model: not JSON');
  }
  if (file?.format !== BASE_FORMAT) throw new Error(`base model: format is not ${BASE_FORMAT}`);
  if (file.formatVersion !== BASE_FORMAT_VERSION)
    throw new Error(`base model: unsupported formatVersion ${String(file.formatVersion)}`);
  const weights = Buffer.from(String(file.weights), 'base64');
  if (checksum(file.architecture, file.tokenizer, weights) !== file.sha256)
    throw new Error('base model: damaged (its sha256 does not match)');
  const tokenizer = Tokenizer.fromJSON(file.tokenizer);
  if (tokenizer.size !== file.architecture.vocabSize)
    throw new Error(
      `base model: the tokenizer has ${tokenizer.size} ids, the model ${file.architecture.vocabSize}`,
    );
  if (typeof file.licence !== 'string' || file.licence.length === 0)
    throw new Error('base model: no licence');
  return {
    config: file.architecture,
    tokenizer,
    tokenizerJson: file.tokenizer,
    params: unpackFloat16(file.architecture, weights),
    sha256: file.sha256,
    training: file.training,
    licence: file.licence,
  };
}

/** Whether the package has a committed base (without reading it). */
export function hasBase(): boolean {
  return existsSync(BASE_PATH);
}

let cached: BaseModel | null | undefined;

/** The committed base (read and verified once per process), or null when the package has none. */
export function loadBase(): BaseModel | null {
  if (cached !== undefined) return cached;
  let text: string;
  try {
    text = readFileSync(BASE_PATH, 'utf8');
  } catch {
    return (cached = null);
  }
  return (cached = readBase(text));
}

/** A stage's base option as a model: 'committed' is the package's own (an Error when it has none). */
export function resolveBase(which: 'committed' | BaseModel | undefined): BaseModel | null {
  if (which === undefined) return null;
  if (which !== 'committed') return which;
  const base = loadBase();
  if (!base) throw new Error(`no base model at ${BASE_PATH.pathname}: run npm run build:base`);
  return base;
}
