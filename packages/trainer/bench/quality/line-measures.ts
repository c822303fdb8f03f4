// How an agent's answer LINES fare on held-out inputs (the reaction is measured apart):
//   - fits its reaction: the training response nearest to the line (TF-IDF cosine, tfidf.ts) is one of the
//     reaction the agent chose — the line does not contradict the reaction;
//   - no invented word: every word of the line occurs somewhere in the protocol (its context, samples,
//     guardrails and token descriptions) — an empty line counts as a miss.
import type { Protocol } from '@greenhouse/mtp';
import { pretrainTexts } from '../../src/index.js';
import { cosine, TfIdf, wordsOf } from './tfidf.js';

export interface AnsweredLine {
  line: string;
  /** The chosen reaction's key (a FinalNumToken's without its number; a refusal's with its mark). */
  reaction: string;
}

/** How many lines' nearest training response (by TF-IDF cosine) has the line's reaction. */
export function linesFittingReaction(
  answers: readonly AnsweredLine[],
  responses: readonly AnsweredLine[],
): number {
  const tfidf = new TfIdf(responses.map((r) => r.line));
  const vectors = responses.map((r) => tfidf.vector(r.line));
  let fits = 0;
  for (const a of answers) {
    const v = tfidf.vector(a.line);
    let best = -1;
    let bestScore = -Infinity;
    vectors.forEach((r, i) => {
      const s = cosine(v, r);
      if (s > bestScore) [best, bestScore] = [i, s];
    });
    if (best >= 0 && bestScore > 0 && responses[best]!.reaction === a.reaction) fits++;
  }
  return fits;
}

/** Every word a protocol writes: its texts, guardrail prompts and token descriptions, lowercased. */
export function protocolWords(protocol: Protocol): Set<string> {
  const texts = [...pretrainTexts(protocol)];
  for (const set of protocol.sets)
    for (const g of set.guardrails) texts.push(g.goodPrompt ?? '', g.badPrompt ?? '');
  for (const t of Object.values(protocol.tokens)) texts.push(t.description ?? '');
  return new Set(texts.flatMap((t) => letterWords(t)));
}

/** The words of a line that count: letters (and apostrophes) only, so numbers are not "words". */
export function letterWords(text: string): string[] {
  return wordsOf(text).filter((w) => /\p{L}/u.test(w));
}

/** How many lines are not empty and have no word the protocol does not write. */
export function linesWithoutInventedWords(lines: readonly string[], words: ReadonlySet<string>): number {
  return lines.filter((line) => {
    const ws = letterWords(line);
    return ws.length > 0 && ws.every((w) => words.has(w));
  }).length;
}
