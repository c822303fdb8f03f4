// Building the base model: a byte-level BPE tokenizer trained on the corpus (control tokens added, no
// protocol tokens: each agent appends its own), then a GPT pretrained on the corpus as one token stream
// (passages between <BOS> and <EOS>, cut into context-long sequences, so every position is trained), with a
// held-out slice of the corpus to measure it. Deterministic: the same corpus and options give the same file.
import type { GptConfig } from '../model/config.js';
import { Gpt } from '../model/gpt.js';
import { trainBpe } from '../tokenizer/bpe.js';
import { CONTROL_TOKENS } from '../tokenizer/protocol-tokens.js';
import type { Sequence } from '../train/data.js';
import { trainParallel } from '../train/parallel.js';
import { evaluate, train, type StepInfo } from '../train/trainer.js';
import { writeBase, type BaseTraining } from './base-model.js';

export interface BaseOptions {
  model: Omit<GptConfig, 'vocabSize'>;
  vocabularySize: number;
  steps: number;
  batchTokens: number;
  lr: number;
  seed: number;
  /** Characters of the corpus the tokenizer learns its merges from (its start). */
  tokenizerCharacters: number;
  /** Every n-th passage is held out to measure the loss. */
  holdOutEvery: number;
  threads: 1 | 2;
  onStep?: (info: StepInfo) => void;
}

export interface BaseCorpus {
  texts: readonly string[];
  sources: BaseTraining['corpus'];
  licence: string;
}

/** Passages as one token stream cut into sequences of `length` ids (loss on every id after the first). */
function streamSequences(ids: readonly number[], length: number): Sequence[] {
  const out: Sequence[] = [];
  for (let at = 0; at + 1 < ids.length; at += length - 1)
    out.push({ ids: Int32Array.from(ids.slice(at, at + length)), lossFrom: 1 });
  return out;
}

export async function buildBase(
  corpus: BaseCorpus,
  options: BaseOptions,
): Promise<{ text: string; training: BaseTraining }> {
  const started = performance.now();
  const train_ = corpus.texts.filter((_, i) => (i + 1) % options.holdOutEvery !== 0);
  const heldOut = corpus.texts.filter((_, i) => (i + 1) % options.holdOutEvery === 0);
  const sample: string[] = [];
  let characters = 0;
  for (const t of train_) {
    if (characters >= options.tokenizerCharacters) break;
    sample.push(t);
    characters += t.length;
  }
  const tokenizer = trainBpe(sample, {
    vocabSize: options.vocabularySize,
    addedTokens: CONTROL_TOKENS.map((content) => ({ content, special: true })),
  });
  const bos = tokenizer.id('<BOS>');
  const eos = tokenizer.id('<EOS>');
  const stream = (texts: readonly string[]) => texts.flatMap((t) => [bos, ...tokenizer.encode(t), eos]);
  const config: GptConfig = { ...options.model, vocabSize: tokenizer.size };
  const sequences = streamSequences(stream(train_), config.contextLength);
  const validation = streamSequences(stream(heldOut), config.contextLength);

  const model = new Gpt(config, { maxTokens: Math.max(options.batchTokens, config.contextLength) });
  model.initialize(options.seed);
  const trainOptions = {
    steps: options.steps,
    batchTokens: options.batchTokens,
    lr: options.lr,
    seed: options.seed,
    ...(options.onStep ? { onStep: options.onStep } : {}),
  };
  const result =
    options.threads === 2
      ? await trainParallel(model, sequences, trainOptions)
      : train(model, sequences, trainOptions);
  const training: BaseTraining = {
    corpus: corpus.sources,
    tokens: result.tokens,
    steps: options.steps,
    batchTokens: options.batchTokens,
    lr: options.lr,
    seed: options.seed,
    heldOutLoss: evaluate(model, validation, options.batchTokens),
    seconds: Math.round((performance.now() - started) / 1000),
  };
  // The time is not part of the file: the same build gives the same bytes.
  const text = writeBase(
    config,
    tokenizer,
    Float32Array.from(model.params),
    { ...training, seconds: 0 },
    corpus.licence,
  );
  return { text, training };
}
