import { readFileSync } from 'node:fs';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { prepareStage2, validateData, type Dataset } from './data-stages.js';

const file = readFileSync(
  new URL('../../../../../packages/trainer/fixtures/ferryman.json', import.meta.url),
  'utf8',
);
const content = JSON.parse(file) as unknown;
const parsed = parseProtocolText(file);
if (!parsed.ok) throw new Error('ferryman.json does not parse');
const dataset = prepareStage2(parsed.protocol).artifacts.dataset as Dataset;

const sample = (reaction: string, i: number) => ({
  set: 's',
  kind: 'sample' as const,
  input: `in ${i}`,
  output: `out ${i}\n${reaction}\n<EOS>`,
  reaction,
});

describe('data_validation: how the quality check will run', () => {
  it('plans k-fold check models for a small protocol (our ferryman fixture) and reports them', () => {
    const { metrics, artifacts } = validateData(content, dataset);
    expect(artifacts).not.toHaveProperty('split');
    expect(metrics).toMatchObject({ train: dataset.examples.length, qualityMethod: 'k-fold' });
    expect(metrics.checkModels).toBeGreaterThanOrEqual(2);
    expect(metrics.checked).toBeGreaterThan(0);
  });

  it('plans one held-out check model for a large protocol, and none when no reaction has two samples', () => {
    const many: Dataset = {
      examples: Array.from({ length: 80 }, (_, i) => sample(i % 2 ? 'No_' : 'Yes_', i)),
    };
    expect(validateData(content, many).metrics).toMatchObject({
      qualityMethod: 'held-out',
      checkModels: 1,
      checked: 16,
    });
    const single: Dataset = { examples: [sample('Yes_', 0), sample('No_', 1)] };
    expect(validateData(content, single).metrics).toMatchObject({ qualityMethod: null, checkModels: 0 });
  });
});
