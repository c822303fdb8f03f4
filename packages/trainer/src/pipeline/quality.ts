// The quality check's report (trainingQualitySchema of @greenhouse/contracts): how many of the examples the
// check models were not trained on they answered with the right reaction, per reaction, and the misses
// with the reactions' names, so the agent page can say it in words and point at the weakest reaction.
import type { Answerer } from './answers.js';
import type { QualityFolds } from './split.js';
import type { TrainingExample, TrainingQuality } from './types.js';

/** Misses listed at most. */
export const MAX_MISSES = 20;

/** The text lines of a rendered input: `<BOS>`, then (key line, text) per input line, then the response. */
export function inputTexts(input: string): string[] {
  const lines = input.split('\n');
  const texts: string[] = [];
  for (let at = 2; at < lines.length - 3; at += 2) texts.push(lines[at]!);
  return texts;
}

export function qualityReport(
  quality: QualityFolds,
  examples: readonly TrainingExample[],
  answers: readonly (readonly [number, string])[],
  answerer: Answerer,
): TrainingQuality {
  const describe = (set: string, line: string) => {
    const options = answerer.options(set);
    // A FinalNumToken's line carries its number after the key: the longest listed line it starts with.
    const option = options
      .filter((o) => line === o.line || (o.number && line.startsWith(o.line)))
      .sort((a, b) => b.line.length - a.line.length)[0];
    return { name: option?.name ?? line, refusal: option?.refused ?? false };
  };
  const perReaction = new Map<string, TrainingQuality['reactions'][number]>();
  const misses: TrainingQuality['misses'] = [];
  let right = 0;
  let noReaction = 0;
  for (const [i, got] of [...answers].sort((a, b) => a[0] - b[0])) {
    const e = examples[i]!;
    const want = e.reaction.trim();
    const d = describe(e.set, want);
    const entry = perReaction.get(want) ?? {
      reaction: want,
      name: d.name,
      refusal: d.refusal,
      measured: 0,
      right: 0,
    };
    perReaction.set(want, entry);
    entry.measured++;
    if (got === '') noReaction++;
    if (got === want) {
      entry.right++;
      right++;
    } else if (misses.length < MAX_MISSES) {
      const g = describe(e.set, got);
      misses.push({
        inputs: inputTexts(e.input),
        expected: want,
        expectedName: d.name,
        got,
        gotName: g.name,
        gotRefusal: g.refusal,
      });
    }
  }
  return {
    method: quality.method,
    runs: quality.folds.length,
    measured: answers.length,
    right,
    noReaction,
    reactions: [...perReaction.values()],
    misses,
  };
}
