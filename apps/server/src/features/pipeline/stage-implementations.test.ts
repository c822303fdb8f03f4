import { readFileSync } from 'node:fs';
import { parseProtocolText } from '@greenhouse/mtp';
import type { TrainingPlan } from '@greenhouse/trainer';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { StageContext, StageInputs } from './stage-contract.js';
import { stageImplementations } from './stage-implementations.js';
import { prepareStage2 } from './data-stages.js';
import type { JsonOutput } from './stage-outputs.js';

const file = readFileSync(
  new URL('../../../../../packages/trainer/fixtures/ferryman.json', import.meta.url),
  'utf8',
);
const parsed = parseProtocolText(file);
if (!parsed.ok) throw new Error('ferryman.json does not parse');
const protocol = parsed.protocol;
const dataset = prepareStage2(protocol).artifacts.dataset;

/** The tokenizer stage's inputs: the normalised protocol and its dataset, as the data stages stored them. */
const inputs = {
  artifact: <T>(output: JsonOutput<T>) =>
    Promise.resolve((output.kind === 'protocol' ? protocol : dataset) as T),
} as StageInputs;
const context: StageContext = {
  signal: new AbortController().signal,
  sliceSeconds: 60,
  onProgress: () => {},
};

async function plannedBase(env: Record<string, string>) {
  const stages = stageImplementations(loadConfig(env));
  const output = await stages.training_tokenizer!(inputs, context);
  if (!('artifacts' in output)) throw new Error('the tokenizer stage paused');
  return (output.artifacts.plan as TrainingPlan).base ?? null;
}

describe('training_tokenizer: where an agent starts (decision 055)', () => {
  it('trains from scratch by default', async () => {
    expect(await plannedBase({})).toBeNull();
    expect(await plannedBase({ TRAINING_BASE: 'none' })).toBeNull();
  });

  it('starts an English protocol from the committed base with TRAINING_BASE=committed', async () => {
    expect(await plannedBase({ TRAINING_BASE: 'committed' })).toEqual({
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The tiny preset (tests, demos) trains from scratch whatever the setting.
    expect(await plannedBase({ TRAINING_BASE: 'committed', TRAINING_PRESET: 'tiny' })).toBeNull();
  });
});
