// The training plan: model size, vocabulary and steps chosen from the dataset's size. Every number
// the training uses is here (and copied into the exported agent's manifest).
//
// THE DEFAULT RULE (N = finetuning examples — every example: the shipped agent learns them all; T = their
// tokens). Every plan also has `reactions` (../reactions/reaction-training.ts `planReactions`, added by the
// tokenizer stage): the agent's reaction model chooses the reaction and the model writes the line after it;
// the quality check is the reaction model's cross-validation. The measurements below (reaction accuracy of the
// language model itself, its check models) are those of the plans before it, which still train that way:
//
// | N         | model                                   | pretraining          | finetuning (batch 2048, lr 3e-3)                         |
// | --------- | --------------------------------------- | -------------------- | -------------------------------------------------------- |
// | < 60      | d 64, 3 layers, 4 heads, dFF 256 (0.2M) | 60 steps, lr 3e-3    | max(150, round(70·T/2048)) steps, no dropout, no noise   |
// | ≥ 60      | d 128, 3 layers, 4 heads, dFF 512 (0.7M)| 60 steps, lr 3e-3    | clamp(round(70·T/2048), 300, 800) steps, dropout 0.35,   |
// |           |                                         |                      | token noise 0.1                                          |
//
// - context (planLimits): room to talk. A prompt may have max(MIN_PROMPT_TOKENS, its key lines and control
//   tokens + every input line twice the longest one seen, in tokens) tokens, and the
//   answer 1.25 × the longest training answer + 4; the context is their sum, at most MAX_CONTEXT_TOKENS. The
//   engine refuses a longer prompt (prompt_too_long, with the limit) rather than cut an answer short.
//   Half of the noisy copies are placed at a random position of the context (train/data.ts `offset`), so the
//   position embeddings a long prompt reaches are trained too.
// - vocabulary (planVocabulary): 512 below 20k corpus characters, 1024 below 100k, else 2048.
// - finetuning data: the training split plus DEFAULT_AUGMENT's word-dropout copies
//   (train/protocol-data.ts: 8 copies, 25 % of an input line's words left out); T counts the split
//   without the copies, so "70·T/2048" is ~70 passes over the originals (with their copies, ~8 passes).
// - dropout: of the MLP's hidden units (model/gpt.ts), finetuning of the larger model only (the small
//   one must memorise its few examples; bloom_2_0_1 is unchanged by it).
// - token noise (Dropout.replace in model/gpt.ts): while finetuning the larger model, each prompt
//   position (no loss there) reads a uniformly random token id instead of its own with probability
//   0.1, fresh every step (seeded like the dropout: the same over threads and pauses). Unlike the
//   word-dropout copies (8 fixed variants of each line) the model never sees the same noisy prompt
//   twice, and it learns that an unfamiliar word in a line does not change its intent.
//
// Measured with bench/quality-bench.ts (npm run bench:quality; 2 cores shared with other sessions,
// load average 1–7). The spread between seeds, and between neighbouring settings, is about ±3–4
// held-out lines: a change is kept only when it wins on a second seed (QUALITY_SEED=2).
// - bloom_2_0_1.json (N = 14; the split holds out one sample of its largest reaction): training
//   reactions 14/14, guardrail answers exact 3/3, 20 s end to end (goal ≤ 3 min); no token noise or
//   dropout (the small model).
// - fixtures/shopkeeper.json (648 samples; N = 530, T = 27,823 → 800 steps (the cap), 0.80M parameters,
//   vocabulary 1,527 of 2,048): training reactions 529/530, guardrails exact 8/8, validation loss 0.25
//   (reactions 113/126), HELD-OUT reactions 46/54 = 85 % (seeds 2 and 3: 49/54 = 91 %, 47/54 = 87 %;
//   goal ≥ 80 %), 248–311 s end to end at load average ~1.5 (goal ≤ 10 min). The off-topic held-out
//   lines still get an intent, not the guardrail mark (0/4 on each seed).
//   What took it over the goal was the fixture's data, not the plan: 21–23 more training templates
//   per intent, written without sight of the held-out set (make-shopkeeper.ts), at 52 samples per
//   reaction (about one per template; 360 samples, 545 steps): 43 / 45 of 54 on seeds 1 / 2; then
//   100 per reaction (about two per template, other items): 46 / 49 / 47.
//   Everything below was measured on the fixture before it (300 samples, 25–30 templates per intent;
//   N = 248 → 444 steps, 0.73M parameters), where the plan as it is gave 42 / 40 / 40 of 54.
//   Token noise 0.1 (kept) against the plan before it (dropout 0.35 alone), seeds 1 / 2 / 3: held-out
//   42 / 40 / 40 vs 38 / 35 / 38 of 54 (mean 75 % vs 69 %); validation reactions 51 / 48 / 50 vs
//   45 / 41 / 42 of 60.
//   Tried and not kept (seed 1, held-out / validation reactions; the plan before token noise gave
//   38/54, 45/60):
//     weight decay 1.0 instead of 0.1                                   33/54, 46/60
//     label smoothing 0.1 of the finetuning loss                       33/54, 44/60
//     token dropout 0.2 (prompt tokens' embeddings left out per step)  32/54, 47/60
//   and on top of token noise 0.1 (42/54, 51/60):
//     token noise 0.15 / 0.2                                           40/54, 47/60 / 34/54, 48/60
//     noise only on non-added ids (control and protocol tokens kept)   38/54, 48/60
//     residual dropout 0.1 (attention and MLP outputs)                 38/54, 42/60
//     MLP dropout 0.2 instead of 0.35                                  37/54, 51/60
//     600 finetuning steps instead of 444                              39/54, 49/60
//     16 word-dropout copies instead of 8                              38/54, 47/60 (off-topic 4/4)
//     adjacent word swaps (swapWords 0.15) in the copies               39/54, 48/60
//     word repetition (repeatWord 0.1) in the copies                   37/54, 51/60
//     word dropout 15 % instead of 25 % in the copies                  36/54, 50/60
//     vocabulary 512 instead of 1024 (576 steps)                       37/54, 47/60
//     + a language-model loss on the prompt too, weight 0.1 / 0.3          32/54, 40/60 / 39/54, 44/60
//     attention dropout 0.1 (of the attention weights)                  36/54, 50/60
//     swapped answers: each noisy copy takes another answer of its reaction 38/54, 45/60
//   Early stopping on the validation split (QUALITY_SELECT: validation loss and reactions every 44 or
//   111 steps): the best weights by validation reactions were the last ones in 3 runs of 3 (once 4
//   steps earlier: 35 vs 33/54); by validation loss they are early (steps 132–222) and worse
//   (22, 33, 34/54). Not kept. (Pretraining already reads the training split's lines: splitPretrainTexts
//   holds every sample string but those only the validation split has.)
//   Before (this fixture): dropout of the MLP's hidden units none 29/54, 0.2 36/54, 0.35 38/54, 0.5
//   32/54 (validation 39/60). On the previous fixture (fewer training templates): none 38/54, 0.2 35/54
//   (validation 48 → 52/60); 200 pretraining steps instead of 60: 30/54 (the pretraining texts
//   memorised, loss 0.48); an exponential moving average of the finetuned weights (decay 0.99): no
//   change (29/54 either way; not kept).
//   Earlier (258-sample version): d 64 ×3 layers, no augmentation 28–41 %; d 64 + word dropout 46–57;
//   d 128 ×3 layers + word dropout 63–72; d 128 ×4 layers, 500 steps 59; + filler insertion
//   (insertWord 0.1–0.15) 63–69; 16 copies at 30 % word dropout 63 (and bloom fell to 14/15).
//   The misses on that fixture were mostly buy ↔ sell (cued by "my"/"you" only: "Do you buy things like my healing
//   potion?" → Sell_), lines with an item read as buying or selling ("Step aside, I'm stealing the
//   axe." → Sell_) and novel lines read as another intent or as off-topic.
import type { GptConfig } from '../model/config.js';
import type { ReactionPlan } from '../reactions/reaction-training.js';
import { DEFAULT_AUGMENT, type AugmentOptions } from '../train/protocol-data.js';

export interface PhasePlan {
  steps: number;
  /** Model rows (tokens) per step. */
  batchTokens: number;
  lr: number;
  /** Dropout rate of the MLP's hidden activations while training (see TrainOptions). */
  dropout?: number;
  /** Token dropout of the prompt's positions while training (see TrainOptions). */
  tokenDropout?: number;
  /** Token noise of the prompt's positions while training (see TrainOptions). */
  tokenNoise?: number;
  /** Residual dropout while training (see TrainOptions). */
  residualDropout?: number;
  /** Label smoothing ε of the loss while training (see TrainOptions). */
  labelSmoothing?: number;
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
  /** Most prompt tokens the agent takes, and the tokens kept for its answer (they sum to the context). */
  limits: { promptTokens: number; answerTokens: number };
  /** The base model the agent starts from (its sha256), when it has one (see planFromBase). */
  base?: { sha256: string };
  /**
   * The reaction model (agent format version 2): it chooses the reaction and the language model writes the
   * line after it. Plans made before it have none: their agents answer as version 1 (line, then reaction).
   */
  reactions?: ReactionPlan;
}

/** What the plan is chosen from, measured after the tokenizer is trained. */
export interface DatasetStats {
  /** Finetuning examples (samples and guardrail examples) in the training split. */
  examples: number;
  /** Their tokens, input and output. */
  exampleTokens: number;
  /** Ids of the longest example (input ‖ output). */
  longestExample: number;
  /** Ids of the longest prompt (an example's input). */
  longestPrompt: number;
  /** Ids of a prompt without its input text lines (key lines, control tokens), the most of any example. */
  promptSkeleton: number;
  /** Ids of the longest answer (an example's output: line, reaction, <EOS>). */
  longestAnswer: number;
  /** Ids of the longest input text line (one line the user types). */
  longestInputLine: number;
  /** Input lines per prompt. */
  inputLines: number;
  /** Tokens of the pretraining texts. */
  pretrainTokens: number;
  /** The trained tokenizer's size. */
  vocabularySize: number;
}

export const DEFAULT_SEED = 1;

/** The longest context a model is planned with (attention and the KV cache grow with it). */
export const MAX_CONTEXT_TOKENS = 512;
/** Every agent takes prompts of at least this many tokens. */
export const MIN_PROMPT_TOKENS = 128;

/** Room to talk: the prompt and answer limits, and the context (their sum); see the header. */
export function planLimits(
  stats: Pick<
    DatasetStats,
    'longestPrompt' | 'promptSkeleton' | 'longestAnswer' | 'longestInputLine' | 'inputLines'
  >,
): { promptTokens: number; answerTokens: number; contextLength: number } {
  const answerTokens = Math.ceil(1.25 * stats.longestAnswer) + 4;
  const wanted = Math.max(
    MIN_PROMPT_TOKENS,
    stats.longestPrompt,
    stats.promptSkeleton + stats.inputLines * (2 * stats.longestInputLine + 1),
  );
  const promptTokens = Math.min(wanted, MAX_CONTEXT_TOKENS - answerTokens);
  return { promptTokens, answerTokens, contextLength: promptTokens + answerTokens };
}

/** Below this many training examples, the small model (it memorises bloom_2_0_1 well inside 3 minutes). */
const SMALL_DATASET = 60;
const BATCH_TOKENS = 2048;
const LR = 3e-3;
/** Finetuning passes over the training split's tokens (without the augmentation's copies). */
const FINETUNE_PASSES = 70;
/** Dropout of the MLP's hidden units while finetuning the larger model (the small one memorises). */
const FINETUNE_DROPOUT = 0.35;
/** Token noise of the prompts while finetuning the larger model: random ids at 10 % of input positions. */
const FINETUNE_TOKEN_NOISE = 0.1;

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
  const { promptTokens, answerTokens, contextLength } = planLimits(stats);
  return {
    seed,
    vocabularySize: stats.vocabularySize,
    model: {
      vocabSize: stats.vocabularySize,
      contextLength,
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
      ...(small ? {} : { dropout: FINETUNE_DROPOUT, tokenNoise: FINETUNE_TOKEN_NOISE }),
    },
    augment: { ...DEFAULT_AUGMENT },
    limits: { promptTokens, answerTokens },
  };
}

/** What planFromBase needs of a base model. */
export interface BaseShape {
  config: GptConfig;
  sha256: string;
}

// FROM A BASE (src/base/): the agent has the base's shape, its vocabulary extended by the protocol's tokens,
// and starts from the base's weights. Pretraining continues the base briefly on the protocol's own texts
// (its context lines and sample strings: the words of this world) at a lower learning rate; finetuning is
// the scratch rule's (70 passes, lr 3e-3), on smaller batches for a small protocol, and its noisy copies
// also swap words for synonyms. Measured (bench:quality, held-out reactions, from scratch → from the base):
// ferryman (16 samples, written blind) 5/32 → 12/32; blacksmith (200, blind) 29/60 → 33/60; but shopkeeper
// (648, written by the team that tuned the scratch plan) 50/54 → 44/54. Kept for the blind fixtures, which
// are the honest measure. Tried and not kept: finetuning at lr 1e-3 (80 / 157 steps): 9/32 and 14/60, and
// the agents missed their own examples (17/19, 53/205). On blacksmith (seed 1 / 2; agent only, one core):
// 366 steps of 2,048 tokens 28 / 29 of 60, own examples 205/205 both; 200 steps 29/60 but own examples
// 160/205; batches of 1,024 tokens (366 steps) 29/60 but own examples 195/205 — fewer tokens would bring a
// 200-sample agent inside 3 minutes, but it would no longer know its own examples, so the rule stays.
// A REFERENCE (bench/lexical-matcher.ts, npm run bench:lexical): a nearest-neighbour word matcher that
// counts shared words and their WordNet relations (synonyms, hypernyms, hyponyms, derivations of the first
// 1–3 senses) gets 10–12 / 32 on ferryman and 30–33 / 60 on blacksmith — what the agents get (on shopkeeper
// 30/54, where the agent's 44–50 come from templates shared with its training lines). Even the full Moby
// Thesaurus (public domain, 2.5M relations, second-order overlap; a one-off measurement) gets 19/32 and
// 29/60. Phrasings like "Ferry me over" → Board or "What's the toll for a passenger?" → Fare need a model
// that knows English far better than a 1M-parameter base read over 4M tokens (issue 16's note).
const BASE_PRETRAIN_STEPS = 30;
const BASE_PRETRAIN_LR = 1e-3;
/** Words of the noisy copies replaced by a synonym (the base knows both; the protocol shows one). */
const BASE_SYNONYMS = 0.15;
// A small protocol (under SMALL_DATASET examples): 100 finetuning steps of 1,024 tokens, 24 noisy copies per
// example, 30 % of their words swapped for a synonym. Measured on ferryman, seeds 1 / 2 / 3 (held-out of 32):
// 14 / 14 / 12 against 12 / 13 / 13 with 150 steps, 8 copies, 15 % synonyms — the same quality, a third sooner,
// which with two check models (split.ts) brings a chat-sized agent inside 90 s.
const BASE_SMALL_STEPS = 100;
const BASE_SMALL_COPIES = 24;
const BASE_SMALL_SYNONYMS = 0.3;

/** The plan of an agent finetuned from `base` (the stats measured with the base's extended tokenizer). */
export function planFromBase(stats: DatasetStats, base: BaseShape, seed = DEFAULT_SEED): TrainingPlan {
  const small = stats.examples < SMALL_DATASET;
  const batchTokens = small ? 1024 : BATCH_TOKENS;
  const passes = Math.round((FINETUNE_PASSES * stats.exampleTokens) / BATCH_TOKENS);
  const finetuneSteps = small ? Math.max(BASE_SMALL_STEPS, passes) : Math.min(800, Math.max(300, passes));
  const { promptTokens, answerTokens, contextLength } = planLimits(stats);
  const { dModel, nLayers, nHeads, dFF, tieEmbeddings } = base.config;
  return {
    seed,
    vocabularySize: stats.vocabularySize,
    model: { vocabSize: stats.vocabularySize, contextLength, dModel, nLayers, nHeads, dFF, tieEmbeddings },
    pretraining: { steps: BASE_PRETRAIN_STEPS, batchTokens, lr: BASE_PRETRAIN_LR },
    finetuning: {
      steps: finetuneSteps,
      batchTokens,
      lr: LR,
      ...(small ? {} : { dropout: 0.1, tokenNoise: FINETUNE_TOKEN_NOISE }),
    },
    augment: small
      ? { ...DEFAULT_AUGMENT, copies: BASE_SMALL_COPIES, synonyms: BASE_SMALL_SYNONYMS }
      : { ...DEFAULT_AUGMENT, synonyms: BASE_SYNONYMS },
    limits: { promptTokens, answerTokens },
    base: { sha256: base.sha256 },
  };
}
