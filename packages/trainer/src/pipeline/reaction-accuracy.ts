// Does the model give the right reaction? Greedy decoding of each input, read as the engine reads it
// (parseOutput from @greenhouse/mtp), compared with the example's reaction line.
import { parseOutput } from '@greenhouse/mtp';
import type { Gpt } from '../model/gpt.js';
import type { Tokenizer } from '../tokenizer/bpe.js';
import { generateGreedy } from '../train/generate.js';
import type { TrainingExample } from './types.js';

/** Share (0…1) of the examples answered with their reaction; null when there are none. */
export function reactionAccuracy(
  model: Gpt,
  tokenizer: Tokenizer,
  examples: readonly TrainingExample[],
): number | null {
  if (examples.length === 0) return null;
  const eos = tokenizer.id('<EOS>');
  let right = 0;
  for (const e of examples) {
    const ids = generateGreedy(model, tokenizer.encode(e.input), {
      maxNewTokens: model.config.contextLength,
      stopId: eos,
    });
    if (parseOutput(tokenizer.decode(ids)).reaction === e.reaction.trim()) right++;
  }
  return right / examples.length;
}
