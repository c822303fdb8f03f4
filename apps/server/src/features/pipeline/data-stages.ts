// The three data stages: pure functions from the stored protocol (and earlier stages' outputs)
// to this stage's outputs. The stage runner persists what they return.
import { parseProtocol, type Protocol } from '@greenhouse/mtp';
import { protocolExamples, qualityFolds, samplesPerReaction } from '@greenhouse/trainer';
import { DATASET, NORMALIZED_PROTOCOL, VALIDATION_REPORT, type StageOutput } from './stage-outputs.js';
import { StageFailure } from './stages.js';

/** One training example: the exact text the model reads and must write (see @greenhouse/mtp render). */
export interface Example {
  set: string;
  kind: 'sample' | 'guardrail';
  input: string;
  output: string;
  reaction: string;
}

export interface Dataset {
  examples: Example[];
}

/** data_preparation_stage_1 — parse the uploaded file and normalise it (any version) into one shape. */
export function prepareStage1(content: unknown): StageOutput {
  const parsed = parseProtocol(content);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    throw new StageFailure('bloom.invalid_file', `${first.message} (at ${first.pointer || '/'})`);
  }
  const { protocol } = parsed;
  return {
    artifacts: { [NORMALIZED_PROTOCOL.kind]: protocol },
    metrics: {
      version: parsed.version,
      sets: protocol.sets.length,
      samples: protocol.sets.reduce((n, s) => n + s.samples.length, 0),
      tokens: Object.keys(protocol.tokens).length,
      contextLines: protocol.context.length + protocol.sets.reduce((n, s) => n + s.context.length, 0),
      warnings: parsed.warnings.length,
    },
  };
}

/** data_preparation_stage_2 — render every sample and every guardrail example into model text. */
export function prepareStage2(protocol: Protocol): StageOutput {
  // The trainer's own rendering: what it learns is exactly what the engine will be given.
  const examples: Example[] = protocolExamples(protocol).map((e) => ({
    set: e.set,
    kind: e.kind,
    input: e.input,
    output: e.output,
    reaction: e.reaction,
  }));
  if (examples.length === 0)
    throw new StageFailure('bloom.invalid_file', 'The protocol has no samples to learn from.');
  const dataset: Dataset = { examples };
  return {
    artifacts: { [DATASET.kind]: dataset },
    metrics: {
      examples: examples.length,
      samples: examples.filter((e) => e.kind === 'sample').length,
      guardrailExamples: examples.filter((e) => e.kind === 'guardrail').length,
      reactions: new Set(examples.map((e) => e.reaction)).size,
    },
  };
}

/**
 * data_validation — the protocol checks again (schema and semantic) on what is stored, then the
 * dataset's sanity: duplicate inputs (reported, not fatal), lengths, and how the quality check will run
 * (the agent learns every example; check models each trained without some of them measure how well it
 * understands phrasings it was not shown — @greenhouse/trainer's qualityFolds).
 */
export function validateData(content: unknown, dataset: Dataset): StageOutput {
  const parsed = parseProtocol(content);
  if (!parsed.ok) {
    const first = parsed.problems[0]!;
    throw new StageFailure('bloom.invalid_file', `${first.message} (at ${first.pointer || '/'})`);
  }
  const { examples } = dataset;
  const byInput = new Map<string, number[]>();
  examples.forEach((e, i) => byInput.set(e.input, [...(byInput.get(e.input) ?? []), i]));
  const duplicates = [...byInput.values()].filter((ids) => ids.length > 1);
  const conflicting = duplicates.filter((ids) => new Set(ids.map((i) => examples[i]!.output)).size > 1);

  const quality = qualityFolds(examples);
  const perReaction = samplesPerReaction(examples);

  const lengths = (texts: string[]) => ({
    min: Math.min(...texts.map((t) => t.length)),
    max: Math.max(...texts.map((t) => t.length)),
    mean: Math.round(texts.reduce((n, t) => n + t.length, 0) / texts.length),
  });
  const report = {
    examples: examples.length,
    duplicateInputs: duplicates.map((ids) => ({ examples: ids, input: examples[ids[0]!]!.input })),
    conflictingDuplicates: conflicting.length,
    inputLength: lengths(examples.map((e) => e.input)),
    outputLength: lengths(examples.map((e) => e.output)),
    reactions: Object.fromEntries(perReaction),
    warnings: parsed.warnings.map((w) => ({ pointer: w.pointer, message: w.message })),
  };
  return {
    artifacts: { [VALIDATION_REPORT.kind]: report },
    metrics: {
      train: examples.length,
      qualityMethod: quality?.method ?? null,
      checkModels: quality?.folds.length ?? 0,
      checked: quality?.folds.reduce((n, f) => n + f.validation.length, 0) ?? 0,
      duplicates: duplicates.length,
      conflictingDuplicates: conflicting.length,
    },
  };
}
