// Does the model give the right reaction? Each input answered as the engine answers it (answers.ts: the
// reaction constrained to the instruction's), compared with the example's reaction line.
import type { Gpt } from '../model/gpt.js';
import type { Answerer } from './answers.js';
import type { TrainingExample } from './types.js';

/** Share (0…1) of the examples answered with their reaction; null when there are none. */
export function reactionAccuracy(
  model: Gpt,
  answerer: Answerer,
  examples: readonly TrainingExample[],
): number | null {
  if (examples.length === 0) return null;
  let right = 0;
  for (const e of examples)
    if (answerer.answer(model, e.set, e.input)?.reaction === e.reaction.trim()) right++;
  return right / examples.length;
}
