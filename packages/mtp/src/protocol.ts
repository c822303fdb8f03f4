// The normalised, version-independent protocol: what the server, the trainer, the engine and the chat
// designer work with, whichever file version it came from. Built by `normalizeProtocol` (normalize.ts),
// which documents the mapping from the file fields.
import type { ProtocolVersion } from './versions.js';

export type TokenKind =
  | 'Token'
  | 'NumToken'
  | 'NumListToken'
  | 'FinalToken'
  | 'FinalNumToken'
  | 'SpecialToken'
  | 'SpecialFinalToken';

export type ModelType = 'generative' | 'state_machine' | 'multi_classifier';

export interface Token {
  /**
   * The token's VALUE: its name in the file's `tokens` map, which token rows (`set`) and sample
   * `result`s reference (e.g. 'Tree_').
   */
  value: string;
  /** The token's KEY (the `key` field): the text written into the model's lines (e.g. 'Tree_' or '🌳'). */
  key: string;
  kind: TokenKind;
  /** NumToken, NumListToken (each element), FinalNumToken: the allowed range, inclusive. */
  min: number | null;
  max: number | null;
  /** NumListToken: how many numbers its list has. */
  length: number | null;
  description: string | null;
  /** Special tokens' role ('start', 'end', 'infer', 'pad', 'unknown', 'none'). */
  special: string | null;
}

/** A sample's `value`, as the schema allows it. Only a FinalNumToken result uses it (a number). */
export type SampleValue = string | number | number[] | null;

export interface Sample {
  /** One string per line: the input lines, then the response. */
  strings: string[];
  /** Per line, the numbers of that line's NumTokens, in row order. */
  numbers: number[][];
  /** Per line, one list per NumListToken of that line, in row order. */
  numberLists: number[][][];
  /** The final token's value (a key of `Protocol.tokens`). */
  result: string;
  prompt: string | null;
  value: SampleValue;
}

export interface Guardrail {
  /** The input line the guardrail watches (the file's `index`). */
  line: number;
  goodPrompt: string;
  badPrompt: string;
  /** The fixed answer to a bad prompt. */
  badOutput: string;
  badExamples: string[];
}

export interface InstructionSet {
  /** Position in the file's `instruction.sets`. */
  index: number;
  /** The file's `name`, or `set_<index + 1>` when it has none (v1.2.0 has no set names). */
  name: string;
  /** Whether `name` came from the file. */
  named: boolean;
  /** Token values per line: the input lines, then the response line (the file's `set`). */
  rows: string[][];
  context: string[];
  samples: Sample[];
  guardrails: Guardrail[];
  /** The distinct sample results, in order of first appearance; the first is the set's "example" final token. */
  finalTokens: string[];
}

export interface Protocol {
  version: ProtocolVersion;
  name: string;
  /** Number of input lines per sample. */
  inputs: number;
  modelType: ModelType;
  encrypted: boolean;
  valid: boolean;
  /** Protocol-level background sentences (pretraining). */
  context: string[];
  /** By token value. A null-prototype object: a token may be called "constructor". */
  tokens: Record<string, Token>;
  specialTokens: string[];
  /** Lines per sample: inputs + 1. */
  memory: number;
  sets: InstructionSet[];
}

/** The token with this value, if the protocol defines it (safe for any string). */
export function getToken(protocol: Pick<Protocol, 'tokens'>, value: string): Token | undefined {
  return Object.hasOwn(protocol.tokens, value) ? protocol.tokens[value] : undefined;
}

export const FINAL_KINDS: readonly TokenKind[] = ['FinalToken', 'FinalNumToken', 'SpecialFinalToken'];
export const ROW_KINDS: readonly TokenKind[] = ['Token', 'NumToken', 'NumListToken'];
