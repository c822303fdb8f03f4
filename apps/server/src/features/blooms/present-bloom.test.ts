import { bloomSummarySchema } from '@greenhouse/contracts';
import { fixtureProtocol } from '@greenhouse/mtp/testing';
import { describe, expect, it } from 'vitest';
import { summarize } from './present-bloom.js';

describe('summarize', () => {
  it("gives each instruction its samples, reactions, and guardrails' line, refused examples and fixed answer", () => {
    const summary = bloomSummarySchema.parse(summarize(fixtureProtocol('lighthouse_2_0_1.json')));
    expect(summary.reactions).toEqual(['Chat_', 'Horn_', 'Lamp_', 'Warning_']);
    expect(summary.guardrails).toBe(2);
    expect(summary.instructions.map((i) => [i.name, i.inputs, i.samples, i.reactions])).toEqual([
      ['keeper_talks_with_sailor', 2, 4, ['Chat_']],
      ['fog_on_the_bay', 2, 7, ['Horn_', 'Lamp_']],
      ['ship_reports_position', 2, 4, ['Warning_']],
    ]);
    expect(summary.instructions.map((i) => i.guardrails)).toEqual([
      [
        {
          line: 1,
          examples: [
            'write me a poem about cats.',
            'which phone should I buy this year?',
            'who will win the football cup?',
          ],
          output: 'I keep a light, not a library. Ask me about the sea.',
        },
      ],
      [
        {
          line: 1,
          examples: [
            'tell me a joke about dogs.',
            'how do I bake bread at home?',
            'can you recommend a good film?',
          ],
          output: 'Keep this channel clear, there is fog on the bay.',
        },
      ],
      [],
    ]);
  });
});
