// Greedy decoding with the training model (no KV cache: every new token re-runs the forward pass over
// the whole sequence — simple, and cheap enough for evaluating protocol-sized datasets).
import type { Gpt } from '../model/gpt.js';

export interface GenerateOptions {
  maxNewTokens: number;
  /** Stop after emitting this id (e.g. <EOS>). */
  stopId?: number;
}

/** The logits after the last of `ids` (one forward over the whole sequence; a view until the next call). */
export function nextLogits(model: Gpt, ids: readonly number[]): Float32Array {
  const n = ids.length;
  const weights = new Float32Array(n);
  weights[n - 1] = 1;
  return model.forward({ tokens: Int32Array.from(ids), targets: new Int32Array(n), weights, lengths: [n] })
    .logits;
}

/** The first id of the largest logit. */
export function argmax(logits: ArrayLike<number>): number {
  let best = 0;
  for (let j = 1; j < logits.length; j++) if (logits[j]! > logits[best]!) best = j;
  return best;
}

/** Continues `prompt` greedily (argmax, lowest id on ties); returns the new ids. */
export function generateGreedy(model: Gpt, prompt: readonly number[], options: GenerateOptions): number[] {
  const ids = [...prompt];
  const out: number[] = [];
  while (out.length < options.maxNewTokens && ids.length <= model.config.contextLength) {
    const best = argmax(nextLogits(model, ids));
    out.push(best);
    ids.push(best);
    if (best === options.stopId) break;
  }
  return out;
}
