// The train/validation split of a dataset: which examples train and which are held out to measure
// the validation loss and the reaction accuracy. One rule, used by the server's data_validation stage
// and by the quality benchmark, so the figures the benchmark prints are those of the product.
import type { Split, TrainingExample } from './types.js';

/** Every VALIDATION_EVERY-th sample of each reaction is held out, once the reaction has enough samples. */
const VALIDATION_EVERY = 5;
const MIN_SAMPLES_FOR_HOLDOUT = 4;
/** Below the rule, the largest reaction gives up one sample if it has at least this many. */
const MIN_SAMPLES_FOR_ONE = 3;

/**
 * Deterministic split by position: guardrail examples always train. A small protocol (no reaction with
 * enough samples for the rule) still gets a validation loss: its largest reaction's last sample.
 */
export function splitExamples(examples: readonly Pick<TrainingExample, 'kind' | 'reaction'>[]): Split {
  const perReaction = samplesPerReaction(examples);
  const split: Split = { train: [], validation: [] };
  const seen = new Map<string, number>();
  examples.forEach((e, i) => {
    const n = (seen.get(e.reaction) ?? 0) + 1;
    seen.set(e.reaction, n);
    const holdOut =
      e.kind === 'sample' &&
      (perReaction.get(e.reaction) ?? 0) >= MIN_SAMPLES_FOR_HOLDOUT &&
      n % VALIDATION_EVERY === 0;
    (holdOut ? split.validation : split.train).push(i);
  });
  if (split.validation.length === 0) {
    const [largest] = [...perReaction].sort((a, b) => b[1] - a[1]);
    if (largest && largest[1] >= MIN_SAMPLES_FOR_ONE) {
      const last = split.train.findLast(
        (i) => examples[i]!.kind === 'sample' && examples[i]!.reaction === largest[0],
      )!;
      split.train = split.train.filter((i) => i !== last);
      split.validation.push(last);
    }
  }
  return split;
}

/** Samples (not guardrail examples) per reaction, in first-seen order. */
export function samplesPerReaction(
  examples: readonly Pick<TrainingExample, 'kind' | 'reaction'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of examples)
    if (e.kind === 'sample') counts.set(e.reaction, (counts.get(e.reaction) ?? 0) + 1);
  return counts;
}
