// The training plan: model size, vocabulary and steps chosen from the dataset's size. Every number
// the training uses is here (and copied into the exported agent's manifest).
//
// THE DEFAULT RULE (N = finetuning examples of the TRAINING split — the server holds out every 5th
// sample of each reaction with ≥ 4 samples; T = their tokens; L = the longest example, in ids):
//
// | N         | model                                   | pretraining          | finetuning (batch 2048, lr 3e-3)                         |
// | --------- | --------------------------------------- | -------------------- | -------------------------------------------------------- |
// | < 60      | d 64, 3 layers, 4 heads, dFF 256 (0.2M) | 60 steps, lr 3e-3    | max(150, round(70·T/2048)) steps, no dropout             |
// | ≥ 60      | d 128, 3 layers, 4 heads, dFF 512 (0.7M)| 60 steps, lr 3e-3    | clamp(round(70·T/2048), 300, 800) steps, dropout 0.35    |
//
// - context: L, measured over ALL examples (validation ones included: they are decoded too). A prompt
//   that does not leave room for the answer is cut short by decoding (the bench counts it wrong).
// - vocabulary (planVocabulary): 512 below 20k corpus characters, 1024 below 100k, else 2048.
// - finetuning data: the training split plus DEFAULT_AUGMENT's word-dropout copies
//   (train/protocol-data.ts: 8 copies, 25 % of an input line's words left out); T counts the split
//   without the copies, so "70·T/2048" is ~70 passes over the originals (with their copies, ~8 passes).
// - dropout: of the MLP's hidden units (model/gpt.ts), finetuning of the larger model only (the small
//   one must memorise its few examples; bloom_2_0_1 is unchanged by it).
//
// Measured with bench/quality-bench.ts (npm run bench:quality; 2 cores shared with other sessions,
// load average 2–4), one seed each (the spread between seeds is about ±3 held-out lines):
// - bloom_2_0_1.json (N = 15): training reactions 15/15, guardrail answers exact 3/3, 37 s end to end
//   (goal ≤ 3 min). No validation loss: no reaction has the ≥ 4 samples the server's split needs.
// - fixtures/shopkeeper.json (300 samples, the version with more training templates; N = 248,
//   T = 12,979 → 444 steps, 0.73M parameters): training reactions 248/248, guardrails exact 8/8,
//   validation loss 0.46 (reactions 45/60), HELD-OUT reactions 38/54 = 70 % (dropout 0.35) — still
//   BELOW the 80 % goal; 187–203 s end to end at load average ~2 (goal ≤ 10 min).
//   Held-out reactions by dropout on this fixture: none 29/54, 0.2 36/54, 0.35 38/54, 0.5 32/54
//   (validation 39/60). On the previous fixture (fewer training templates): none 38/54, 0.2 35/54
//   (validation 48 → 52/60); 200 pretraining steps instead of 60: 30/54 (the pretraining texts
//   memorised, loss 0.48); an exponential moving average of the finetuned weights (decay 0.99): no
//   change (29/54 either way; not kept).
//   Earlier (258-sample version): d 64 ×3 layers, no augmentation 28–41 %; d 64 + word dropout 46–57;
//   d 128 ×3 layers + word dropout 63–72; d 128 ×4 layers, 500 steps 59; + filler insertion
//   (insertWord 0.1–0.15) 63–69; 16 copies at 30 % word dropout 63 (and bloom fell to 14/15).
//   The misses are mostly buy ↔ sell (cued by "my"/"you" only: "I'd like to sell you my lantern" →
//   Sell_) and novel lines read as off-topic (the guardrail mark) or as another intent.
import type { GptConfig } from '../model/config.js';
import { DEFAULT_AUGMENT, type AugmentOptions } from '../train/protocol-data.js';

export interface PhasePlan {
  steps: number;
  /** Model rows (tokens) per step. */
  batchTokens: number;
  lr: number;
  /** Dropout rate of the MLP's hidden activations while training (see TrainOptions). */
  dropout?: number;
}

export interface TrainingPlan {
  seed: number;
  /** The tokenizer's target vocabulary size (it may end smaller on a small corpus). */
  vocabularySize: number;
  model: GptConfig;
  pretraining: PhasePlan;
  finetuning: PhasePlan;
  /** Noisy copies of the finetuning examples (seeded by `seed`); see augmentExamples. */
  augment: Omit<AugmentOptions, 'seed'>;
}

/** What the plan is chosen from, measured after the tokenizer is trained. */
export interface DatasetStats {
  /** Finetuning examples (samples and guardrail examples) in the training split. */
  examples: number;
  /** Their tokens, input and output. */
  exampleTokens: number;
  /** Ids of the longest example (input ‖ output): the model's context length. */
  longestExample: number;
  /** Tokens of the pretraining texts. */
  pretrainTokens: number;
  /** The trained tokenizer's size. */
  vocabularySize: number;
}

export const DEFAULT_SEED = 1;

/** Below this many training examples, the small model (it memorises bloom_2_0_1 well inside 3 minutes). */
const SMALL_DATASET = 60;
const BATCH_TOKENS = 2048;
const LR = 3e-3;
/** Finetuning passes over the training split's tokens (without the augmentation's copies). */
const FINETUNE_PASSES = 70;
/** Dropout of the MLP's hidden units while finetuning the larger model (the small one memorises). */
const FINETUNE_DROPOUT = 0.35;

/** The tokenizer's vocabulary size for a corpus of this many characters. */
export function planVocabulary(corpusCharacters: number): number {
  return corpusCharacters < 20_000 ? 512 : corpusCharacters < 100_000 ? 1024 : 2048;
}

/** Model and steps for a dataset (the rule in the table above). */
export function planTraining(stats: DatasetStats, seed = DEFAULT_SEED): TrainingPlan {
  const small = stats.examples < SMALL_DATASET;
  const dModel = small ? 64 : 128;
  const passes = Math.round((FINETUNE_PASSES * stats.exampleTokens) / BATCH_TOKENS);
  const finetuneSteps = small ? Math.max(150, passes) : Math.min(800, Math.max(300, passes));
  return {
    seed,
    vocabularySize: stats.vocabularySize,
    model: {
      vocabSize: stats.vocabularySize,
      contextLength: stats.longestExample,
      dModel,
      nLayers: 3,
      nHeads: 4,
      dFF: 4 * dModel,
      tieEmbeddings: true,
    },
    pretraining: { steps: 60, batchTokens: BATCH_TOKENS, lr: LR },
    finetuning: {
      steps: finetuneSteps,
      batchTokens: BATCH_TOKENS,
      lr: LR,
      ...(small ? {} : { dropout: FINETUNE_DROPOUT }),
    },
    augment: { ...DEFAULT_AUGMENT },
  };
}
