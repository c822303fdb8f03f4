// Stage 1: the tokenizer, trained on the protocol's texts and every example, and the training plan chosen
// from the dataset's size measured with it. (The quality check's models share this tokenizer: its merges
// have seen every line, which tells a model nothing about which reaction a line wants.)
import type { Protocol } from '@greenhouse/mtp';
import { trainBpe, type TokenizerJson } from '../tokenizer/bpe.js';
import { protocolAddedTokens } from '../tokenizer/protocol-tokens.js';
import { pretrainTexts } from '../train/protocol-data.js';
import { resolveBase, type BaseModel } from '../base/base-model.js';
import { planReactions } from '../reactions/reaction-training.js';
import { planFromBase, planTraining, planVocabulary, type TrainingPlan } from './plan.js';
import { inputTexts } from './quality.js';
import type { StageMetrics, TrainingExample } from './types.js';

export interface TokenizerStageInput {
  protocol: Protocol;
  examples: readonly TrainingExample[];
  /**
   * Start from a base model: its tokenizer extended by the protocol's tokens, and planFromBase. 'committed'
   * is the package's own base (base/base-model.json; in a stage thread, where a model cannot be passed). The
   * base knows English only: a protocol in another language trains from scratch whatever this says.
   */
  base?: 'committed' | BaseModel;
}

export interface TokenizerStageResult {
  tokenizer: TokenizerJson;
  plan: TrainingPlan;
  metrics: StageMetrics;
}

export function tokenizerStage({
  protocol,
  examples,
  base: which,
}: TokenizerStageInput): TokenizerStageResult {
  if (examples.length === 0) throw new Error('no training examples');
  const pretrain = pretrainTexts(protocol);
  const corpus = [...pretrain, ...examples.flatMap((e) => [e.input, e.output])];
  const characters = corpus.reduce((n, t) => n + t.length, 0);
  const reactions = planReactions(protocol);
  // The base knows only English: its tokenizer would spell another language's words byte by byte.
  const base = reactions.language === 'en' ? resolveBase(which) : null;
  const tokenizer = base
    ? base.tokenizer.extend(protocolAddedTokens(protocol))
    : trainBpe(corpus, { vocabSize: planVocabulary(characters), addedTokens: protocolAddedTokens(protocol) });
  const length = (e: TrainingExample) => tokenizer.encode(e.input).length + tokenizer.encode(e.output).length;
  const count = (texts: readonly string[]) => texts.reduce((n, t) => n + tokenizer.encode(t).length, 0);
  const longest = (texts: readonly string[]) => Math.max(0, ...texts.map((t) => tokenizer.encode(t).length));
  const longestPrompt = longest(examples.map((e) => e.input));
  const stats = {
    examples: examples.length,
    exampleTokens: examples.reduce((n, e) => n + length(e), 0),
    longestExample: Math.max(...examples.map(length)),
    longestPrompt,
    promptSkeleton: Math.max(
      ...examples.map((e) => tokenizer.encode(e.input).length - count(inputTexts(e.input))),
    ),
    longestAnswer: longest(examples.map((e) => e.output)),
    longestInputLine: longest(examples.flatMap((e) => inputTexts(e.input))),
    inputLines: protocol.inputs,
    // pretrainSequences adds <BOS> and <EOS> to every text.
    pretrainTokens: count(pretrain) + 2 * pretrain.length,
    vocabularySize: tokenizer.size,
  };
  const plan = {
    ...(base ? planFromBase(stats, base) : planTraining(stats)),
    reactions: planReactions(protocol),
  };
  return {
    tokenizer: tokenizer.toJSON(),
    plan,
    metrics: { vocabularySize: tokenizer.size, corpusTokens: count(corpus), longestPrompt },
  };
}
