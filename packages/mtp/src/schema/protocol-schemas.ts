// One zod schema per protocol version, mirroring the official JSON Schemas (draft 2020-12) of the MTP
// reference (`schemas/` of MTP_REFERENCE_DIR, default ../shared/mtp) constraint by constraint. Agreement
// with them is tested mutation by mutation (protocol-schemas.test.ts, where the reference is present).
// The four versions differ only in:
//   1.2.0  `state_machine` flag; strings limited to 300 characters (top-level context lines, set
//          context lines, set row token names, sample strings); at most 100 000 set context lines;
//          sets have no `name`.
//   1.2.1  as 1.2.0, plus the optional set `name`.
//   2.0.0  as 1.2.1, with `model_type` (enum) instead of `state_machine`.
//   2.0.1  as 2.0.0 without the 300-character and 100 000-line limits.
// Every object of these schemas allows additional properties (none says additionalProperties: false),
// hence z.looseObject. Properties that are not `required` are optional; a `default: null` in the
// schema is documentation only (a missing property is simply absent).
import * as z from 'zod/mini';
import type { ProtocolVersion } from '../versions.js';
import { jsonArray, jsonInteger, jsonNumber, jsonString } from './json-types.js';

interface VersionTraits {
  /** maxLength of the limited strings (1.x and 2.0.0), or none. */
  lineMaxLength?: number;
  /** maxItems of a set's `context` (1.x and 2.0.0), or none. */
  setContextMaxItems?: number;
  /** Whether instruction sets have the optional `name`. */
  setName: boolean;
  /** v1 header `state_machine: boolean` or v2 header `model_type: enum`. */
  header: 'state_machine' | 'model_type';
}

const TRAITS: Record<ProtocolVersion, VersionTraits> = {
  '1.2.0': { lineMaxLength: 300, setContextMaxItems: 100_000, setName: false, header: 'state_machine' },
  '1.2.1': { lineMaxLength: 300, setContextMaxItems: 100_000, setName: true, header: 'state_machine' },
  '2.0.0': { lineMaxLength: 300, setContextMaxItems: 100_000, setName: true, header: 'model_type' },
  '2.0.1': { setName: true, header: 'model_type' },
};

export const TOKEN_TYPES = [
  'Token',
  'SpecialToken',
  'SpecialFinalToken',
  'NumToken',
  'FinalToken',
  'FinalNumToken',
  'NumListToken',
] as const;

export const MODEL_TYPES = ['generative', 'state_machine', 'multi_classifier'] as const;

// $defs/Guardrail — identical in every version.
const guardrailSchema = z.looseObject({
  index: jsonInteger({ minimum: 0 }),
  good_prompt: jsonString({ minLength: 1 }),
  bad_prompt: jsonString({ minLength: 1 }),
  bad_output: jsonString({ minLength: 1 }),
  // "At least 3 bad examples per guardrail." — but `bad_examples` is not required.
  bad_examples: z.optional(jsonArray(z.string(), { minItems: 3, minItemsKey: 'mtp.tooFewBadExamples' })),
});

// $defs/TokenInfo — identical in every version.
const tokenInfoSchema = z.looseObject({
  key: jsonString({ minLength: 1 }),
  num: z.boolean(),
  num_list: jsonInteger({ minimum: 0 }),
  // anyOf [integer, number, null]; an integer is a number, so [number, null] accepts the same values.
  min_value: z.optional(z.union([jsonInteger(), jsonNumber(), z.null()])),
  max_value: z.optional(z.union([jsonInteger(), jsonNumber(), z.null()])),
  length: z.optional(z.union([jsonInteger(), z.null()])),
  desc: z.optional(z.union([z.string(), z.null()])),
  special: z.optional(z.union([z.string(), z.null()])),
  type: z.enum(TOKEN_TYPES),
});

const intList = z.array(jsonInteger());

// $defs/Sample
const sampleSchema = (t: VersionTraits) =>
  z.looseObject({
    strings: jsonArray(jsonString({ maxLength: t.lineMaxLength }), { minItems: 1 }),
    prompt: z.optional(z.union([z.string(), z.null()])),
    // anyOf [integer, integer[], integer[][]]
    numbers: z.union([jsonInteger(), intList, z.array(intList)]),
    // anyOf [integer, integer[], integer[][], integer[][][]]
    number_lists: z.union([jsonInteger(), intList, z.array(intList), z.array(z.array(intList))]),
    result: jsonString({ minLength: 1 }),
    // anyOf [string, integer, number, integer[], number[], null]
    value: z.optional(
      z.union([z.string(), jsonInteger(), jsonNumber(), intList, z.array(jsonNumber()), z.null()]),
    ),
  });

// $defs/InstructionSet
const instructionSetSchema = (t: VersionTraits) =>
  z.looseObject({
    ...(t.setName ? { name: z.optional(z.union([jsonString({ minLength: 1 }), z.null()])) } : {}),
    guardrails: z.optional(z.array(guardrailSchema)),
    context: z.optional(
      jsonArray(jsonString({ maxLength: t.lineMaxLength }), { maxItems: t.setContextMaxItems }),
    ),
    set: z.array(z.array(jsonString({ maxLength: t.lineMaxLength }))),
    samples: jsonArray(sampleSchema(t), { minItems: 3, minItemsKey: 'mtp.tooFewSamples' }),
    ppo: z.optional(z.array(z.looseObject({}))),
  });

// $defs/Instruction
const instructionSchema = (t: VersionTraits) =>
  z.looseObject({
    memory: jsonInteger({ minimum: 1 }),
    sets: jsonArray(instructionSetSchema(t), { minItems: 1 }),
  });

// The root "Protocol" object.
const protocolSchema = (t: VersionTraits) =>
  z.looseObject({
    name: jsonString({ minLength: 1 }),
    inputs: jsonInteger(),
    ...(t.header === 'state_machine' ? { state_machine: z.boolean() } : { model_type: z.enum(MODEL_TYPES) }),
    encrypted: z.boolean(),
    valid: z.boolean(),
    context: z.optional(z.array(jsonString({ maxLength: t.lineMaxLength }))),
    tokens: z.record(z.string(), tokenInfoSchema),
    special_tokens: z.optional(z.array(z.string())),
    instruction: instructionSchema(t),
  });

export const protocolSchemas = {
  '1.2.0': protocolSchema(TRAITS['1.2.0']),
  '1.2.1': protocolSchema(TRAITS['1.2.1']),
  '2.0.0': protocolSchema(TRAITS['2.0.0']),
  '2.0.1': protocolSchema(TRAITS['2.0.1']),
} satisfies Record<ProtocolVersion, z.ZodMiniType>;

// The common shape of every version after validation (the header differs; the rest is the same).
type V1File = z.infer<(typeof protocolSchemas)['1.2.0']>;
type V2File = z.infer<(typeof protocolSchemas)['2.0.1']>;
export type RawProtocolFile = (V1File | V2File) & { state_machine?: boolean; model_type?: string };
export type RawInstructionSet = RawProtocolFile['instruction']['sets'][number] & { name?: string | null };
export type RawSample = RawInstructionSet['samples'][number];
export type RawGuardrail = NonNullable<RawInstructionSet['guardrails']>[number];
export type RawTokenInfo = RawProtocolFile['tokens'][string];
