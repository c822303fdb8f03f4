// Training sequences and batches. A sequence is token ids with the position from which the loss
// counts: finetuning examples (input → output) count only the output's tokens; pretraining texts
// count everything after <BOS>. The input and the output are tokenized separately, so the boundary
// is a token boundary exactly as when the engine encodes a prompt and then generates.
import type { Batch } from '../model/gpt.js';
import type { Rng } from '../rng.js';
import type { Tokenizer } from '../tokenizer/bpe.js';

export interface Sequence {
  ids: Int32Array;
  /** Index of the first token whose prediction is trained (ids[lossFrom] is the first target). */
  lossFrom: number;
  /** The position of its first token (default 0): see Batch.offsets. */
  offset?: number;
}

/** input ‖ output, loss on the output tokens only. */
export function finetuneSequence(tokenizer: Tokenizer, input: string, output: string): Sequence {
  const inp = tokenizer.encode(input);
  const out = tokenizer.encode(output);
  return { ids: Int32Array.from([...inp, ...out]), lossFrom: inp.length };
}

/**
 * input ‖ reaction line ‖ rest (reaction first: the reaction is given, the model writes what follows it), loss
 * from the end of `givenPrefix` on: `answer` is `reaction \n response \n <EOS>` and `givenPrefix` the part of
 * the reaction line the model is handed (a FinalNumToken's key without its number, which the model writes).
 */
export function reactionFirstSequence(
  tokenizer: Tokenizer,
  input: string,
  answer: string,
  givenPrefix: string,
): Sequence {
  const inp = tokenizer.encode(input);
  const out = tokenizer.encode(answer);
  return {
    ids: Int32Array.from([...inp, ...out]),
    lossFrom: inp.length + tokenizer.encode(givenPrefix).length,
  };
}

/** <BOS> text <EOS>, loss on every token after <BOS>; cut into pieces of at most `maxLength` ids. */
export function pretrainSequences(tokenizer: Tokenizer, text: string, maxLength: number): Sequence[] {
  const ids = [tokenizer.id('<BOS>'), ...tokenizer.encode(text), tokenizer.id('<EOS>')];
  const out: Sequence[] = [];
  for (let at = 0; at + 1 < ids.length; at += maxLength - 1) {
    out.push({ ids: Int32Array.from(ids.slice(at, at + maxLength)), lossFrom: 1 });
  }
  return out;
}

/** Model rows a sequence takes: its ids but the last (which is only a target). */
export const rowsOf = (s: Sequence) => s.ids.length - 1;

/** Packs sequences into one batch (inputs ids[0…n-2], targets ids[1…n-1], weight 1 from lossFrom). */
export function packBatch(sequences: readonly Sequence[]): Batch {
  const n = sequences.reduce((a, s) => a + rowsOf(s), 0);
  const tokens = new Int32Array(n);
  const targets = new Int32Array(n);
  const weights = new Float32Array(n);
  let t = 0;
  for (const s of sequences) {
    for (let i = 0; i + 1 < s.ids.length; i++, t++) {
      tokens[t] = s.ids[i]!;
      targets[t] = s.ids[i + 1]!;
      weights[t] = i + 1 >= s.lossFrom ? 1 : 0;
    }
  }
  const batch = { tokens, targets, weights, lengths: sequences.map(rowsOf) };
  return sequences.some((s) => s.offset) ? { ...batch, offsets: sequences.map((s) => s.offset ?? 0) } : batch;
}

/**
 * An endless, seeded stream of batches: epochs of shuffled sequences, each batch filled up to
 * `batchTokens` model rows (at least one sequence).
 */
export class BatchStream {
  private order: number[] = [];
  private at = 0;

  constructor(
    private readonly sequences: readonly Sequence[],
    private readonly batchTokens: number,
    private readonly rng: Rng,
  ) {
    if (sequences.length === 0) throw new Error('no training sequences');
  }

  next(): Sequence[] {
    const batch: Sequence[] = [];
    let rows = 0;
    for (;;) {
      if (this.at >= this.order.length) {
        this.order = this.rng.shuffle(this.sequences.map((_, i) => i));
        this.at = 0;
      }
      const s = this.sequences[this.order[this.at]!]!;
      if (batch.length > 0 && rows + rowsOf(s) > this.batchTokens) return batch;
      batch.push(s);
      rows += rowsOf(s);
      this.at++;
      if (rows >= this.batchTokens) return batch;
    }
  }
}
