// The training plan: model size, vocabulary and steps chosen from the dataset's size. Every number
// the training uses is here (and copied into the exported agent's manifest).
import type { GptConfig } from '../model/config.js';

export interface PhasePlan {
  steps: number;
  /** Model rows (tokens) per step. */
  batchTokens: number;
  lr: number;
}

export interface TrainingPlan {
  seed: number;
  /** The tokenizer's target vocabulary size (it may end smaller on a small corpus). */
  vocabularySize: number;
  model: GptConfig;
  pretraining: PhasePlan;
  finetuning: PhasePlan;
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

/** The tokenizer's vocabulary size for a corpus of this many characters. */
export function planVocabulary(corpusCharacters: number): number {
  return corpusCharacters < 20_000 ? 512 : corpusCharacters < 100_000 ? 1024 : 2048;
}

/** Model and steps for a dataset (see the table in the package README). */
export function planTraining(stats: DatasetStats, seed = DEFAULT_SEED): TrainingPlan {
  const small = stats.examples < 60;
  const dModel = small ? 64 : 128;
  const batchTokens = 2048;
  return {
    seed,
    vocabularySize: stats.vocabularySize,
    model: {
      vocabSize: stats.vocabularySize,
      contextLength: stats.longestExample,
      dModel,
      nLayers: small ? 3 : 4,
      nHeads: 4,
      dFF: 4 * dModel,
      tieEmbeddings: true,
    },
    pretraining: { steps: 60, batchTokens, lr: 3e-3 },
    finetuning: { steps: small ? 150 : 400, batchTokens, lr: 3e-3 },
  };
}
