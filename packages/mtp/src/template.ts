// The template file (schemas/v2/template_2_1_0.json): the input/output shape of the trained model, as the
// official generator (model_train_protocol TemplateFile) writes it for a protocol. We reproduce its rules
// with two deliberate differences, both where the official output is not reproducible:
//  - an instruction's `output` patterns come in order of first appearance (samples, then guardrails); the
//    official generator lists them from a Python set, in arbitrary order (the two official example
//    templates, made from the same protocol, list set 1's patterns in different orders);
//  - `example_usage.instruction_input` fills the number slots with the example sample's own numbers; the
//    official generator draws random numbers in range.
// Like the official generator, the template does not show a FinalNumToken's value (`Madness_`, not
// `Madness_<num_0_10>`), while the model's text does (`Madness_5`, see render.ts).
import { BOS, EOS, LINE_BREAK, RUN, UNK } from './constants.js';
import type { ModelType, Protocol } from './protocol.js';
import { getToken } from './protocol.js';
import { guardrailReaction, keyLinePattern, renderSample, toLine } from './render.js';
import { TEMPLATE_SCHEMA_URL } from './versions.js';

export type TemplateInstructionType = 'basic' | 'extended' | 'state_machine' | 'multi_classification_machine';

export interface TemplateInstruction {
  type: TemplateInstructionType;
  /** Line patterns: "<BOS>\n", "<key line>\n<string>\n" per input line, "<response key line>\n", "<RUN>". */
  input: string[];
  /** "<string>\n<final key>\n<EOS>" per final token, then "<string>\n<final key><UNK>_\n<EOS>" if guarded. */
  output: string[];
}

export interface Template {
  $schema: string;
  encrypt: boolean;
  model_type: ModelType;
  inputs: number;
  tokens: {
    /** Token-set value (values joined) → key line pattern with slots. */
    input: Record<string, string>;
    /** Final token value → key (and `<UNK>` when a set has guardrails). */
    output: Record<string, string>;
  };
  instructions: Record<string, TemplateInstruction>;
  states: string[];
  example_usage: {
    instruction_input: string;
    valid_model_output: string;
    guardrail_model_output: string;
  };
}

const STRING = '<string>';

/** Python's sorted() order for str: by code point (JS sort compares UTF-16 units, which differs for emoji). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done === y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

const sortedRecord = (entries: Map<string, string>): Record<string, string> =>
  Object.fromEntries([...entries].sort(([a], [b]) => compareCodePoints(a, b)));

const keyOf = (protocol: Protocol, value: string) => getToken(protocol, value)?.key ?? value;

/** The template of a (valid, normalised) protocol, in the template 2.1.0 format. */
export function buildTemplate(protocol: Protocol): Template {
  const input = new Map<string, string>();
  const output = new Map<string, string>();
  const instructions: Record<string, TemplateInstruction> = {};

  for (const set of protocol.sets) {
    const last = set.rows.length - 1;
    const patterns = set.rows.map((_, line) => keyLinePattern(protocol, set, line));
    set.rows.forEach((row, line) => input.set(row.join(''), patterns[line]!));
    for (const s of set.samples) output.set(s.result, keyOf(protocol, s.result));
    if (set.guardrails.length > 0) output.set(UNK, UNK);

    const outputs = set.samples.map((s) => [STRING, keyOf(protocol, s.result), EOS].join(LINE_BREAK));
    if (set.guardrails.length > 0) {
      for (const f of set.finalTokens)
        outputs.push([STRING, guardrailReaction(keyOf(protocol, f)), EOS].join(LINE_BREAK));
    }
    instructions[set.name] = {
      type: 'basic',
      input: [
        BOS + LINE_BREAK,
        ...patterns.map((p, line) => p + LINE_BREAK + (line < last ? STRING + LINE_BREAK : '')),
        RUN,
      ],
      output: [...new Set(outputs)],
    };
  }

  return {
    $schema: TEMPLATE_SCHEMA_URL,
    encrypt: protocol.encrypted,
    model_type: protocol.modelType,
    inputs: protocol.inputs,
    tokens: { input: sortedRecord(input), output: sortedRecord(output) },
    instructions,
    states: [],
    example_usage: exampleUsage(protocol),
  };
}

function exampleUsage(protocol: Protocol): Template['example_usage'] {
  // As the official generator: the first set with a number slot if there is one, else the first set;
  // its first sample; the set's first final token (not necessarily the sample's own result).
  const numeric = protocol.sets.find((set) =>
    set.rows.some((row) =>
      row.some((v) => ['NumToken', 'NumListToken'].includes(getToken(protocol, v)?.kind ?? '')),
    ),
  );
  const set = numeric ?? protocol.sets[0];
  const sample = set?.samples[0];
  let instructionInput = '';
  let validOutput = '';
  if (set && sample) {
    instructionInput = renderSample(protocol, set.index, sample).input;
    const response = sample.strings.at(-1) ?? '';
    validOutput = [toLine(response), keyOf(protocol, set.finalTokens[0] ?? ''), EOS].join(LINE_BREAK);
  }
  // The first guarded set; the official generator takes its last guardrail's bad output.
  const guarded = protocol.sets.find((s) => s.guardrails.length > 0);
  const guardrailOutput = guarded
    ? [
        toLine(guarded.guardrails.at(-1)!.badOutput),
        guardrailReaction(keyOf(protocol, guarded.finalTokens[0] ?? '')),
        EOS,
      ].join(LINE_BREAK)
    : '';
  return {
    instruction_input: instructionInput,
    valid_model_output: validOutput,
    guardrail_model_output: guardrailOutput,
  };
}
