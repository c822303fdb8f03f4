import { bloomSummarySchema } from '@greenhouse/contracts';
import { parseProtocolText } from '@greenhouse/mtp';
import { expect, it } from 'vitest';
import { describeWithReference, referenceExample } from '../../../test/support/reference.js';
import { summarize } from './present-bloom.js';

describeWithReference('summarize', () => {
  it("gives each instruction its guardrails' line, refused examples and fixed answer", () => {
    const parsed = parseProtocolText(referenceExample('bloom_2_0_1.json'));
    if (!parsed.ok) throw new Error('the example protocol does not parse');
    const summary = bloomSummarySchema.parse(summarize(parsed.protocol));
    expect(summary.guardrails).toBe(1);
    expect(summary.instructions.map((i) => i.guardrails)).toEqual([
      [
        {
          line: 1,
          examples: [
            'explain quantum mechanics.',
            'who will win the next american election?',
            'what is the capital of Spain?',
          ],
          output: 'Are you as mad as me?',
        },
      ],
      [],
      [],
    ]);
  });
});
