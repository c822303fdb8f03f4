import { readFileSync } from 'node:fs';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { prepareStage2, validateData, type Dataset, type Split } from './data-stages.js';

const file = readFileSync(
  new URL('../../../../../../shared/mtp/examples/bloom_2_0_1.json', import.meta.url),
  'utf8',
);
const content = JSON.parse(file) as unknown;
const parsed = parseProtocolText(file);
if (!parsed.ok) throw new Error('bloom_2_0_1.json does not parse');
const dataset = prepareStage2(parsed.protocol).artifacts.dataset as Dataset;

describe('the train/validation split', () => {
  it('holds out one sample of the largest reaction when no reaction has enough samples for the rule', () => {
    const split = validateData(content, dataset).artifacts.split as Split;
    expect(split.validation).toHaveLength(1);
    const held = dataset.examples[split.validation[0]!]!;
    expect(held.kind).toBe('sample');
    expect(held.reaction).toBe('Continue_');
    expect([...split.train, ...split.validation].sort((a, b) => a - b)).toEqual(
      dataset.examples.map((_, i) => i),
    );
    // Guardrail examples always train.
    for (const [i, e] of dataset.examples.entries())
      if (e.kind === 'guardrail') expect(split.train).toContain(i);
  });

  it('holds out every 5th sample of each reaction with enough samples, and nothing else', () => {
    const many: Dataset = {
      examples: Array.from({ length: 10 }, (_, i) => ({
        set: 's',
        kind: 'sample' as const,
        input: `in ${i}`,
        output: `out ${i}\nYes_\n<EOS>`,
        reaction: 'Yes_',
      })),
    };
    const split = validateData(content, many).artifacts.split as Split;
    expect(split.validation).toEqual([4, 9]);
  });
});
