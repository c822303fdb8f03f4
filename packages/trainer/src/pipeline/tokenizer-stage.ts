// Stage 1: the tokenizer, trained on the protocol's texts and the training examples, and the training
// plan chosen from the dataset's size measured with it.
import type { Protocol } from '@greenhouse/mtp';
import { trainBpe, type TokenizerJson } from '../tokenizer/bpe.js';
import { protocolAddedTokens } from '../tokenizer/protocol-tokens.js';
import { splitPretrainTexts } from '../train/protocol-data.js';
import { planTraining, planVocabulary, type TrainingPlan } from './plan.js';
import type { Split, StageMetrics, TrainingExample } from './types.js';

export interface TokenizerStageInput {
  protocol: Protocol;
  examples: readonly TrainingExample[];
  /** When given, only the training split's examples go into the tokenizer's corpus and the plan's counts. */
  split?: Split;
}

export interface TokenizerStageResult {
  tokenizer: TokenizerJson;
  plan: TrainingPlan;
  metrics: StageMetrics;
}

export function tokenizerStage({ protocol, examples, split }: TokenizerStageInput): TokenizerStageResult {
  const training = split ? split.train.map((i) => examples[i]!) : examples;
  if (training.length === 0) throw new Error('no training examples');
  const pretrain = splitPretrainTexts(protocol, examples, split);
  const corpus = [...pretrain, ...training.flatMap((e) => [e.input, e.output])];
  const characters = corpus.reduce((n, t) => n + t.length, 0);
  const tokenizer = trainBpe(corpus, {
    vocabSize: planVocabulary(characters),
    addedTokens: protocolAddedTokens(protocol),
  });
  const length = (e: TrainingExample) => tokenizer.encode(e.input).length + tokenizer.encode(e.output).length;
  const count = (texts: readonly string[]) => texts.reduce((n, t) => n + tokenizer.encode(t).length, 0);
  const plan = planTraining({
    examples: training.length,
    exampleTokens: training.reduce((n, e) => n + length(e), 0),
    // Over ALL examples: held-out ones are evaluated and decoded too, so they must fit the context.
    longestExample: Math.max(...examples.map(length)),
    // pretrainSequences adds <BOS> and <EOS> to every text.
    pretrainTokens: count(pretrain) + 2 * pretrain.length,
    vocabularySize: tokenizer.size,
  });
  return {
    tokenizer: tokenizer.toJSON(),
    plan,
    metrics: { vocabularySize: tokenizer.size, corpusTokens: count(corpus) },
  };
}
