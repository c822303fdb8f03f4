// What a protocol gives the trainer: the finetuning examples (every sample and every guardrail bad
// example, rendered exactly as the engine will see them), the pretraining texts (context lines and
// sample strings) and the tokenizer's corpus.
import { renderGuardrail, renderSample, toLine, type Protocol, type RenderedText } from '@greenhouse/mtp';
import { loadSynonyms, synonymSwap } from '../base/synonyms.js';
import { Rng } from '../rng.js';

export interface ProtocolExample extends RenderedText {
  kind: 'sample' | 'guardrail';
  /** The instruction set's name. */
  set: string;
}

export function protocolExamples(protocol: Protocol): ProtocolExample[] {
  const out: ProtocolExample[] = [];
  protocol.sets.forEach((set, s) => {
    for (const sample of set.samples)
      out.push({ ...renderSample(protocol, s, sample), kind: 'sample', set: set.name });
    set.guardrails.forEach((g, gi) =>
      g.badExamples.forEach((bad, i) => {
        // Surround each bad example with a different sample's other lines, for variety.
        const r = renderGuardrail(protocol, s, bad, { guardrail: gi, sample: i % set.samples.length });
        out.push({ ...r, kind: 'guardrail', set: set.name });
      }),
    );
  });
  return out;
}

/** Context lines (protocol and sets) and every sample string, one line each, deduplicated in order. */
export function pretrainTexts(protocol: Protocol): string[] {
  const texts = [...protocol.context];
  for (const set of protocol.sets) {
    texts.push(...set.context);
    for (const sample of set.samples) texts.push(...sample.strings);
    for (const g of set.guardrails) texts.push(g.badOutput, ...g.badExamples);
  }
  return [...new Set(texts.map(toLine))];
}

const linesOf = (e: Pick<RenderedText, 'input' | 'output'>) => [
  ...e.input.split('\n'),
  ...e.output.split('\n'),
];

/**
 * The pretraining texts when some examples are held out: `pretrainTexts` without the lines that only
 * held-out examples have, so the validation loss and reactions measure text the model never saw.
 */
export function splitPretrainTexts(
  protocol: Protocol,
  examples: readonly Pick<RenderedText, 'input' | 'output'>[],
  split: { train: readonly number[]; validation: readonly number[] } | undefined,
): string[] {
  const texts = pretrainTexts(protocol);
  if (!split || split.validation.length === 0) return texts;
  const trained = new Set(split.train.flatMap((i) => linesOf(examples[i]!)));
  const heldOutOnly = new Set(
    split.validation.flatMap((i) => linesOf(examples[i]!)).filter((l) => !trained.has(l)),
  );
  return texts.filter((t) => !heldOutOnly.has(t));
}

/** The tokenizer's training text: the pretraining texts and every rendered example. */
export function tokenizerCorpus(protocol: Protocol): string[] {
  return [...pretrainTexts(protocol), ...protocolExamples(protocol).flatMap((e) => [e.input, e.output])];
}

export interface AugmentOptions {
  /** Noisy copies per example (0: none). */
  copies: number;
  /** Probability that a word of an input line is left out of a copy. */
  dropWord: number;
  /** Probability that a filler word (from the protocol's context lines) is inserted before a word. */
  insertWord?: number;
  /** Probability that a kept word changes place with the next one (word order noise). */
  swapWords?: number;
  /** Probability that a kept word is written twice (noise that adds no new word). */
  repeatWord?: number;
  /**
   * Probability that a word is replaced by a synonym of its most frequent sense (the base model's WordNet
   * table, base/synonyms.txt); numbers and the protocol's token keys are never touched.
   */
  synonyms?: number;
  seed: number;
}

/** Input-line texts of a rendered input: `<BOS>`, then (key line, text) per input line, … */
const textLineIndexes = (inputs: number) => Array.from({ length: inputs }, (_, i) => 2 + 2 * i);

/**
 * Word-noise augmentation: `copies` noisy copies of every example, each input line's words left out
 * with probability `dropWord` (at least one word kept) and, with probability `insertWord` before each
 * word, a filler word of the protocol's context lines put in (key lines, control tokens and the output
 * untouched). A protocol's few hundred examples are otherwise memorised whole — the model then keys on
 * one token of a line; trained on copies with words missing, it has to use all the words of the
 * intent, which carries over to inputs phrased differently (measured: bench/quality-bench.ts).
 * Copies identical to their original are skipped. Seeded: the same examples and options give the same copies.
 */
export function augmentExamples<E extends { input: string }>(
  protocol: Pick<Protocol, 'inputs' | 'context' | 'sets'> & Partial<Pick<Protocol, 'tokens'>>,
  examples: readonly E[],
  options: AugmentOptions,
): E[] {
  const rng = new Rng(options.seed);
  const out: E[] = [];
  const lines = textLineIndexes(protocol.inputs);
  const insert = options.insertWord ?? 0;
  const swap = options.swapWords ?? 0;
  const repeat = options.repeatWord ?? 0;
  const synonymRate = options.synonyms ?? 0;
  const table = synonymRate > 0 ? loadSynonyms() : null;
  const keys = Object.values(protocol.tokens ?? {}).map((t) => t.key);
  const fillers = [...protocol.context, ...protocol.sets.flatMap((s) => s.context)]
    .flatMap((t) =>
      toLine(t)
        .toLowerCase()
        .split(/[^\p{L}\p{N}']+/u),
    )
    .filter((w) => w.length > 0);
  const noisy = (words: string[]) => {
    if (insert === 0 || fillers.length === 0) return words;
    const out: string[] = [];
    for (const w of words) {
      if (rng.next() < insert) out.push(fillers[rng.int(fillers.length)]!);
      out.push(w);
    }
    return out;
  };
  for (const e of examples) {
    const seen = new Set([e.input]);
    for (let c = 0; c < options.copies; c++) {
      const parts = e.input.split('\n');
      for (const at of lines) {
        const line = table ? synonymSwap(parts[at] ?? '', table, rng, synonymRate, keys) : (parts[at] ?? '');
        const words = line.split(' ').filter((w) => w !== '');
        if (words.length < 2) continue;
        let kept = words.filter(() => rng.next() >= options.dropWord);
        if (kept.length === 0) kept = [words[rng.int(words.length)]!];
        if (swap > 0)
          for (let i = 0; i + 1 < kept.length; i++)
            if (rng.next() < swap) [kept[i], kept[i + 1]] = [kept[i + 1]!, kept[i]!];
        if (repeat > 0) kept = kept.flatMap((w) => (rng.next() < repeat ? [w, w] : [w]));
        parts[at] = noisy(kept).join(' ');
      }
      const input = parts.join('\n');
      if (seen.has(input)) continue;
      seen.add(input);
      out.push({ ...e, input });
    }
  }
  return out;
}

/** The default augmentation (measured with bench/quality-bench.ts; the seed is the plan's). */
export const DEFAULT_AUGMENT: Omit<AugmentOptions, 'seed'> = { copies: 8, dropWord: 0.25 };
