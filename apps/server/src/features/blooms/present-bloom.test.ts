import { bloomSummarySchema } from '@greenhouse/contracts';
import { fixtureProtocol } from '@greenhouse/mtp/testing';
import { bloomStageNames, type WorkStatus } from '@greenhouse/contracts';
import { describe, expect, it } from 'vitest';
import type { StageView } from '../pipeline/stages.js';
import { presentBloom, summarize } from './present-bloom.js';

const at = new Date('2026-11-27T10:00:00.000Z');
const row = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'Keeper',
  datasetName: 'lighthouse_2_0_1.json',
  paymentStatus: 'paid' as const,
  priceCents: 0,
  currency: 'usd',
  createdAt: at,
  updatedAt: at,
  completedAt: null,
  latestVersion: 1,
  scenarios: [],
  gateDownload: false,
};

/** The seven stages with these statuses, in pipeline order (pending after the given ones). */
const stages = (...statuses: WorkStatus[]): StageView[] =>
  bloomStageNames.map((name, i) => ({
    name,
    status: statuses[i] ?? 'pending',
    errorCode: null,
    errorMessage: null,
    progress: null,
    metrics: null,
    startedAt: null,
    completedAt: null,
  }));

describe('presentBloom', () => {
  it.each([
    [[], 'pending', null, 'pending'],
    [['completed', 'processing'], 'processing', 'preprocessing', 'pending'],
    [['completed', 'completed', 'completed'], 'ready', 'analysis', 'pending'],
    [['completed', 'completed', 'completed', 'processing'], 'ready', 'tokenization', 'processing'],
    [['completed', 'completed', 'completed', 'completed', 'failed'], 'ready', 'training', 'failed'],
    [['completed', 'completed', 'failed'], 'failed', 'analysis', 'pending'],
  ] as const)('stages %j: dataset %s at %s, model %s', (statuses, dataset, stage, model) => {
    const bloom = presentBloom(row, stages(...statuses), {
      currentVersion: null,
      summary: null,
      versions: [],
    });
    expect([bloom.dataset.status, bloom.dataset.stage, bloom.dataset.model.status]).toEqual([
      dataset,
      stage,
      model,
    ]);
  });
});

describe('presentBloom: device fit', () => {
  const fit = {
    fileBytes: 1_418_588,
    parameters: 47_200,
    js: { memoryBytes: 30_000_000, tokensPerSecond: 7000, firstTokenMs: 2.1 },
    native: null,
    nativeMissingReason: 'this server has no Flora native linux-x64 build',
  };
  /** All seven stages completed, the export's metrics these. */
  const exported = (metrics: Record<string, unknown> | null) =>
    stages(...bloomStageNames.map(() => 'completed' as const)).map((s) =>
      s.name === 'training_exporting' ? { ...s, metrics } : s,
    );
  const present = (views: StageView[]) =>
    presentBloom(row, views, { currentVersion: 1, summary: null, versions: [] });

  it("is the export stage's, absent before the export and for agents exported before it was measured", () => {
    expect(present(exported({ bytes: 1, deviceFit: fit })).deviceFit).toEqual(fit);
    expect(present(stages('completed')).deviceFit).toBeUndefined();
    expect('deviceFit' in present(exported({ bytes: 1 }))).toBe(false);
  });

  it('is null when it could not be measured, or what was stored is not figures', () => {
    expect(present(exported({ deviceFit: null })).deviceFit).toBeNull();
    expect(present(exported({ deviceFit: { ...fit, js: null } })).deviceFit).toBeNull();
  });
});

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
