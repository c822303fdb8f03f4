// What an agent file is (README.md, "The file"): its name and version, the files inside it, the manifest, the
// architecture and the tensor table. The trainer writes these, Flora reads them; an engine in another language
// (issue 23) reads the same, from the README.

/** `format` of every agent file. */
export const AGENT_FORMAT = 'greenhouse-agent';
/**
 * `formatVersion` of the files the trainer writes: 2, reaction first (`reactions.bin` chooses the reaction, the
 * model writes the line after it). Version 1 files (the model writes the line, then chooses the reaction) are
 * still read; a reader refuses any other version.
 */
export const AGENT_FORMAT_VERSION = 2;
/** Every version a reader runs. */
export const AGENT_FORMAT_VERSIONS = [1, 2] as const;
export type AgentFormatVersion = (typeof AGENT_FORMAT_VERSIONS)[number];
/** `manifest.$schema`: the manifest is an MTP model 1.0.0 (plus our own fields). */
export const MODEL_SCHEMA_URL = 'https://mtp.schemas.databiomes.com/v1/model_1_0_0.json';

/** The files inside an agent file (keys of `files`, paths of `manifest.files`). */
export const AGENT_FILES = {
  /** The MTP template (2.1.0) of the protocol, JSON text. */
  template: 'template.json',
  /** The Hugging Face tokenizer.json of the byte-level BPE (byte-level.ts), JSON text. */
  tokenizer: 'tokenizer.json',
  /** The weights, float16 little-endian in tensor-table order (layout.ts), base64. */
  weights: 'weights.bin',
  /** Version 2: the reaction model (reaction-model.ts), base64. */
  reactions: 'reactions.bin',
} as const;

/** The model's size: what varies from one agent to another (the functions below do not). */
export interface ModelShape {
  /** Token ids 0 … vocabSize-1: the tokenizer's size. */
  vocabSize: number;
  /** Longest sequence (positions 0 … contextLength-1): prompt and answer. */
  contextLength: number;
  dModel: number;
  nLayers: number;
  /** Attention heads; dModel is a multiple of it. */
  nHeads: number;
  /** Hidden width of the MLP (usually 4 × dModel). */
  dFF: number;
  /** Output head = token embedding matrix transposed (GPT-2 style); otherwise a tensor `head` of its own. */
  tieEmbeddings: boolean;
}

/** The exact functions of the model (README.md, "Architecture"), for an engine written from the file alone. */
export interface Architecture extends ModelShape {
  type: 'gpt';
  /** ε of every LayerNorm (the trainer writes 1e-5). */
  layerNormEpsilon: number;
  activation: 'gelu-tanh';
  positionEmbedding: 'learned';
  normalization: 'pre-layernorm';
  attention: 'causal-multi-head';
  matrices: 'row-major [in, out]: y = x·W + b';
}

/** The architecture's fixed fields: the functions every version-1 agent runs. */
export const GPT_FUNCTIONS: Omit<Architecture, keyof ModelShape | 'layerNormEpsilon'> = {
  type: 'gpt',
  activation: 'gelu-tanh',
  positionEmbedding: 'learned',
  normalization: 'pre-layernorm',
  attention: 'causal-multi-head',
  matrices: 'row-major [in, out]: y = x·W + b',
};

/** The LayerNorm ε the trainer trains with and writes. */
export const LAYER_NORM_EPSILON = 1e-5;

/** The architecture of a model of this shape: its fields in the order version-1 files have them. */
export function gptArchitecture(shape: ModelShape, layerNormEpsilon = LAYER_NORM_EPSILON): Architecture {
  const { type, ...functions } = GPT_FUNCTIONS;
  return { type, ...shape, layerNormEpsilon, ...functions };
}

/** One tensor of weights.bin. */
export interface TensorEntry {
  name: string;
  shape: number[];
  /** Byte offset in weights.bin. */
  offset: number;
}

/** How weights.bin is stored: IEEE binary16, little-endian, 2 bytes per value. */
export const WEIGHTS_ENCODING = { format: 'float16', byteOrder: 'little-endian' } as const;

/** `manifest.weights`: the encoding and the tensor table (layout.ts `tensorTable`). */
export interface WeightsTable {
  format: typeof WEIGHTS_ENCODING.format;
  byteOrder: typeof WEIGHTS_ENCODING.byteOrder;
  tensors: TensorEntry[];
}

/** One file of the agent and its checksum: `"sha256:" + hex(sha256(bytes))` of its exact bytes. */
export interface FileEntry {
  path: string;
  checksum: string;
}

/**
 * The manifest: an MTP model 1.0.0 (`$schema` … `labels`) plus our own fields (`architecture` …). Fields
 * marked optional are missing from older version-1 files; a reader copes without them.
 */
export interface Manifest {
  $schema: string;
  /** A UUID. */
  id: string;
  name: string;
  description: string | null;
  /** ISO 8601 date-time. */
  created_time: string;
  /** Every file of `files` with its checksum, in the order template, tokenizer, (reactions,) weights. */
  files: FileEntry[];
  training: { reference: string };
  labels: Record<string, string>;
  architecture: Architecture;
  /** The writer's training plan (informative: not needed to run the agent). */
  hyperParameters: object;
  /** The writer's measurements by stage (informative). */
  metrics: object;
  weights: WeightsTable;
  /** FinalNumTokens' keys and ranges: their reactions carry a number (a reader writes one after them). */
  reactionNumbers?: Record<string, { min: number; max: number }>;
  /** Most prompt tokens the agent takes, and the tokens kept for its longest answer. */
  limits?: { promptTokens: number; answerTokens: number };
  /** The base model it was finetuned from, with its corpus's licence notice (which travels with it). */
  base?: { sha256: string; licence: string };
  /** Version 2, English agents: the word vectors its reaction model's word scores come from, and their notice. */
  wordVectors?: { sha256: string; licence: string };
}

/** The whole agent file: one JSON object. */
export interface AgentFile<M extends Manifest = Manifest> {
  format: typeof AGENT_FORMAT;
  formatVersion: AgentFormatVersion;
  manifest: M;
  /** Every file of `manifest.files`: text files verbatim, `.bin` files base64 (RFC 4648, padded). */
  files: Record<string, string>;
}
