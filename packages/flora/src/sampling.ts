// Choosing the next token: greedy (argmax, the lowest id on ties — as the trainer's generateGreedy) or
// sampling at a temperature from the top-k logits with a seeded generator (same seed, same text).

/** mulberry32: a small seeded generator of floats in [0, 1) (Math.imul-based, as the trainer's shuffles). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function argmax(logits: ArrayLike<number>): number {
  let best = 0;
  for (let j = 1; j < logits.length; j++) if (logits[j]! > logits[best]!) best = j;
  return best;
}

/**
 * A token drawn from softmax(logits / temperature) restricted to the `topK` largest logits (ties by lower
 * id); temperature 0 is argmax.
 */
export function sampleToken(
  logits: ArrayLike<number>,
  temperature: number,
  topK: number,
  random: () => number,
): number {
  if (temperature === 0 || topK === 1) return argmax(logits);
  const ids = Array.from({ length: logits.length }, (_, i) => i);
  ids.sort((a, b) => logits[b]! - logits[a]! || a - b);
  const kept = ids.slice(0, Math.min(topK, ids.length));
  const max = logits[kept[0]!]!;
  const weights = kept.map((id) => Math.exp((logits[id]! - max) / temperature));
  let u = random() * weights.reduce((s, w) => s + w, 0);
  for (let k = 0; k < kept.length; k++) {
    u -= weights[k]!;
    if (u < 0) return kept[k]!;
  }
  return kept[kept.length - 1]!;
}

/**
 * The next token of a line that must stay one of a set (a version-2 answer): among `ids` (and -1, "the line ends
 * here", scored by the line break's logit, when `end`), the largest logit (greedy; the lowest id of equals, an
 * end only when it is strictly larger) or a draw from their softmax at `temperature` among the `topK` largest.
 */
export function lineToken(
  logits: ArrayLike<number>,
  options: { ids: readonly number[]; end: boolean },
  lineBreak: number,
  temperature: number,
  topK: number,
  random: () => number,
): number {
  const candidates = [...options.ids].sort((a, b) => a - b);
  if (temperature === 0 || topK === 1) {
    let best = -1;
    for (const id of candidates) if (best < 0 || logits[id]! > logits[best]!) best = id;
    return options.end && (best < 0 || logits[lineBreak]! > logits[best]!) ? -1 : best;
  }
  const scored = candidates.map((id) => ({ id, logit: logits[id]! }));
  if (options.end) scored.push({ id: -1, logit: logits[lineBreak]! });
  scored.sort((a, b) => b.logit - a.logit || a.id - b.id);
  const kept = scored.slice(0, Math.min(topK, scored.length));
  const max = kept[0]!.logit;
  const weights = kept.map((c) => Math.exp((c.logit - max) / temperature));
  let u = random() * weights.reduce((s, w) => s + w, 0);
  for (let k = 0; k < kept.length; k++) {
    u -= weights[k]!;
    if (u < 0) return kept[k]!.id;
  }
  return kept[kept.length - 1]!.id;
}
