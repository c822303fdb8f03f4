import { describe, expect, it } from 'vitest';
import { LARGE_PROTOCOL, MAX_FOLDS, qualityFolds } from './split.js';

const sample = (reaction: string) => ({ kind: 'sample' as const, reaction });
const guardrail = { kind: 'guardrail' as const, reaction: 'A_<UNK>_' };

describe('qualityFolds', () => {
  it('asks every sample of a reaction with two or more samples exactly once (k-fold), guardrails always train', () => {
    // A ×4, B ×3, C ×1 (cannot be checked), and a guardrail example.
    const examples = [...['A', 'B', 'A', 'C', 'B', 'A', 'B', 'A'].map(sample), guardrail];
    const q = qualityFolds(examples)!;
    expect(q.method).toBe('k-fold');
    expect(q.folds).toHaveLength(MAX_FOLDS); // the most samples a reaction has (4), capped
    const asked = q.folds.flatMap((f) => f.validation).sort((a, b) => a - b);
    expect(asked).toEqual([0, 1, 2, 4, 5, 6, 7]); // not C (index 3), not the guardrail (8)
    for (const f of q.folds) {
      expect([...f.train, ...f.validation].sort((a, b) => a - b)).toEqual(examples.map((_, i) => i));
      expect(f.train).toContain(8);
      expect(f.train).toContain(3);
      // Each fold leaves every checked reaction at least one sample to learn from.
      for (const r of ['A', 'B']) expect(f.train.some((i) => examples[i]!.reaction === r)).toBe(true);
    }
  });

  it('caps the folds and holds out one fifth of a large protocol in one check model', () => {
    const ten = Array.from({ length: 10 }, () => sample('A'));
    expect(qualityFolds([...ten, sample('B')])!.folds).toHaveLength(MAX_FOLDS);
    const large = Array.from({ length: LARGE_PROTOCOL }, (_, i) => sample(i % 3 ? 'A' : 'B'));
    const q = qualityFolds(large)!;
    expect(q.method).toBe('held-out');
    expect(q.folds).toHaveLength(1);
    expect(q.folds[0]!.validation).toHaveLength(LARGE_PROTOCOL / 5);
  });

  it('has no check when every reaction has one sample', () => {
    expect(qualityFolds([sample('A'), sample('B'), guardrail])).toBeNull();
  });
});
