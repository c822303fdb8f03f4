// How many of its own samples the reaction model answers with their reaction (the agent's training accuracy).
import { chooseReaction, type ReactionModel } from '@greenhouse/agent-format';
import type { Protocol } from '@greenhouse/mtp';
import { classOf, instructionShapes, reactionExamples } from './reaction-examples.js';

/** Share (0…1) of the samples answered with their reaction; 0 without samples. */
export function reactionOwnAccuracy(model: ReactionModel, protocol: Protocol): number {
  const shapes = new Map(instructionShapes(protocol).map((s) => [s.name, s]));
  const samples = reactionExamples(protocol).filter((e) => e.kind === 'sample');
  let right = 0;
  for (const e of samples) {
    const shape = shapes.get(e.set)!;
    const instruction = model.instructions.find((i) => i.name === e.set);
    if (!instruction) continue;
    const { reaction } = chooseReaction(model, instruction, e.lines, shape.slots);
    if (reaction === classOf(shape.options, e.reaction)) right++;
  }
  return samples.length ? right / samples.length : 0;
}
