// File (any version) → the normalised Protocol. Runs only on a file that passed its version's schema and
// the semantic checks, so the shapes are known. The mapping, field by field:
//
//   file                                   Protocol
//   name                                   name
//   inputs                                 inputs
//   v1 state_machine: false / true         modelType 'generative' / 'state_machine'
//   v2 model_type                          modelType
//   encrypted, valid                       encrypted, valid
//   context (optional)                     context ([] when absent)
//   tokens { <value>: TokenInfo }          tokens { <value>: Token }:
//     <the map key>                          value (what rows and results reference)
//     key                                    key (what the model's text shows)
//     type                                   kind
//     min_value, max_value                   min, max (null when absent)
//     length, else num_list when > 0         length (NumListToken only; null otherwise)
//     desc, special                          description, special
//     num, num_list (flags)                  — (the kind says it; num_list only as the length fallback)
//   special_tokens (optional)              specialTokens ([] when absent)
//   instruction.memory                     memory
//   instruction.sets[i]                    sets[i]:
//     name (1.2.1+, optional)                name, or `set_<i + 1>` when absent/null; named says which
//     set                                    rows
//     context, guardrails (optional)         context, guardrails ([] when absent)
//     ppo                                    — (no PPO training here)
//     samples[j].strings                     strings
//     samples[j].numbers                     numbers, per line ([] → an empty list per line; sample-numbers.ts)
//     samples[j].number_lists                numberLists, per line (likewise)
//     samples[j].result                      result
//     samples[j].prompt, value               prompt, value (null when absent)
//     guardrails[g].index                    line
//     guardrails[g].good_prompt, …           goodPrompt, badPrompt, badOutput, badExamples
//   (derived)                              sets[i].finalTokens: distinct results, first appearance first
import type { Guardrail, InstructionSet, ModelType, Protocol, Sample, Token, TokenKind } from './protocol.js';
import { numberListsByLine, numbersByLine } from './sample-numbers.js';
import type { RawInstructionSet, RawProtocolFile, RawTokenInfo } from './schema/protocol-schemas.js';
import type { ProtocolVersion } from './versions.js';

/** The name of a set that has none in the file. */
export const defaultSetName = (index: number) => `set_${index + 1}`;

/** A NumListToken's list length: `length`, or `num_list` when `length` is absent (both mean the same). */
export function listLength(info: RawTokenInfo): number | null {
  if (typeof info.length === 'number') return info.length;
  return info.num_list > 0 ? info.num_list : null;
}

export function modelTypeOf(file: { state_machine?: unknown; model_type?: unknown }): ModelType | null {
  if (typeof file.model_type === 'string') return file.model_type as ModelType;
  if (typeof file.state_machine === 'boolean') return file.state_machine ? 'state_machine' : 'generative';
  return null;
}

export function setName(set: RawInstructionSet, index: number): { name: string; named: boolean } {
  return typeof set.name === 'string'
    ? { name: set.name, named: true }
    : { name: defaultSetName(index), named: false };
}

function normalizeToken(value: string, info: RawTokenInfo): Token {
  const kind = info.type as TokenKind;
  return {
    value,
    key: info.key,
    kind,
    min: info.min_value ?? null,
    max: info.max_value ?? null,
    length: kind === 'NumListToken' ? listLength(info) : null,
    description: info.desc ?? null,
    special: info.special ?? null,
  };
}

function normalizeSet(set: RawInstructionSet, index: number): InstructionSet {
  const lines = set.set.length;
  const samples: Sample[] = set.samples.map((s) => ({
    strings: [...s.strings],
    numbers: (numbersByLine(s.numbers, lines) ?? []).map((l) => [...l]),
    numberLists: (numberListsByLine(s.number_lists, lines) ?? []).map((l) => l.map((list) => [...list])),
    result: s.result,
    prompt: s.prompt ?? null,
    value: s.value ?? null,
  }));
  const guardrails: Guardrail[] = (set.guardrails ?? []).map((g) => ({
    line: g.index,
    goodPrompt: g.good_prompt,
    badPrompt: g.bad_prompt,
    badOutput: g.bad_output,
    badExamples: [...(g.bad_examples ?? [])],
  }));
  return {
    index,
    ...setName(set, index),
    rows: set.set.map((row) => [...row]),
    context: [...(set.context ?? [])],
    samples,
    guardrails,
    finalTokens: [...new Set(samples.map((s) => s.result))],
  };
}

export function normalizeProtocol(file: RawProtocolFile, version: ProtocolVersion): Protocol {
  const tokens = Object.create(null) as Record<string, Token>;
  // Object.entries sees every own key of the parsed JSON, "__proto__" included.
  for (const [value, info] of Object.entries(file.tokens)) tokens[value] = normalizeToken(value, info);
  return {
    version,
    name: file.name,
    inputs: file.inputs,
    modelType: modelTypeOf(file) ?? 'generative',
    encrypted: file.encrypted,
    valid: file.valid,
    context: [...(file.context ?? [])],
    tokens,
    specialTokens: [...(file.special_tokens ?? [])],
    memory: file.instruction.memory,
    sets: file.instruction.sets.map((set, i) => normalizeSet(set as RawInstructionSet, i)),
  };
}
