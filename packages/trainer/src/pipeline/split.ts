// The quality check's folds: which examples each check model is trained without and then asked. The shipped
// agent learns every example; how well it understands phrasings it was not shown is measured on check models
// trained the same way without some examples (training-stage.ts). One rule, used by the server's stages and
// by the quality benchmark, so the figures the benchmark prints are those of the product.
//
// - A large protocol (at least LARGE_PROTOCOL samples): one check model without every HOLD_OUT_EVERY-th
//   sample of each reaction that has at least MIN_SAMPLES_FOR_HOLDOUT ("held-out").
// - A smaller one: k-fold, k = the most samples a reaction has, between 2 and MAX_FOLDS (2: each check model
//   learns half of a reaction's samples, so the figure is a cautious one; 4 folds doubled a chat-sized
//   agent's training time, 151 → 70 s with 2 on ferryman): fold f holds out
//   each reaction's samples n ≡ f (mod k), for reactions with at least two samples — so every such sample
//   is asked once, by a model that still learned the reaction's other samples ("k-fold").
// Guardrail examples always train. Reactions with one sample cannot be checked (the model would never have
// seen them); a protocol where every reaction has one sample gets no check (null).
import type { Split, TrainingExample } from './types.js';

export const LARGE_PROTOCOL = 60;
const HOLD_OUT_EVERY = 5;
const MIN_SAMPLES_FOR_HOLDOUT = 4;
/** Two check models at most: each costs a training run, and a chat-sized agent must train in 90 s (plan.ts). */
export const MAX_FOLDS = 2;

export interface QualityFolds {
  method: 'k-fold' | 'held-out';
  /** One split per check model: its training examples and those it is asked. */
  folds: Split[];
}

type Countable = Pick<TrainingExample, 'kind' | 'reaction'>;

/** The check models' splits, by position: deterministic for the examples. */
export function qualityFolds(examples: readonly Countable[]): QualityFolds | null {
  const perReaction = samplesPerReaction(examples);
  const samples = [...perReaction.values()].reduce((a, b) => a + b, 0);
  const rank = new Map<string, number>();
  const positions = examples.map((e) => {
    if (e.kind !== 'sample') return -1;
    const n = rank.get(e.reaction) ?? 0;
    rank.set(e.reaction, n + 1);
    return n;
  });
  const splitBy = (held: (e: Countable, n: number) => boolean): Split => {
    const split: Split = { train: [], validation: [] };
    examples.forEach((e, i) => {
      const n = positions[i]!;
      (n >= 0 && held(e, n) ? split.validation : split.train).push(i);
    });
    return split;
  };
  if (samples >= LARGE_PROTOCOL) {
    const split = splitBy(
      (e, n) =>
        (perReaction.get(e.reaction) ?? 0) >= MIN_SAMPLES_FOR_HOLDOUT && (n + 1) % HOLD_OUT_EVERY === 0,
    );
    if (split.validation.length > 0) return { method: 'held-out', folds: [split] };
  }
  const most = Math.max(0, ...perReaction.values());
  if (most < 2) return null;
  const k = Math.min(MAX_FOLDS, most);
  const folds = Array.from({ length: k }, (_, f) =>
    splitBy((e, n) => (perReaction.get(e.reaction) ?? 0) >= 2 && n % k === f),
  ).filter((s) => s.validation.length > 0);
  return { method: 'k-fold', folds };
}

/** Samples (not guardrail examples) per reaction, in first-seen order. */
export function samplesPerReaction(examples: readonly Countable[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of examples)
    if (e.kind === 'sample') counts.set(e.reaction, (counts.get(e.reaction) ?? 0) + 1);
  return counts;
}
