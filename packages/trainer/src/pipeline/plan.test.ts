import { readFileSync } from 'node:fs';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { countParams } from '../model/config.js';
import { protocolExamples } from '../train/protocol-data.js';
import { DEFAULT_SEED, planFromBase, planTraining, planVocabulary, type DatasetStats } from './plan.js';

const stats = (examples: number, exampleTokens: number): DatasetStats => ({
  examples,
  exampleTokens,
  longestExample: 64,
  longestPrompt: 40,
  promptSkeleton: 20,
  longestAnswer: 24,
  longestInputLine: 12,
  inputLines: 1,
  pretrainTokens: 3000,
  vocabularySize: 1024,
});

describe('planTraining', () => {
  it('plans the small model for a protocol of a few examples (bloom_2_0_1: 15)', () => {
    const plan = planTraining(stats(15, 1094));
    expect(plan.seed).toBe(DEFAULT_SEED);
    // Room to talk: 128 prompt tokens (more than 20 + 2 × 12 + 1), an answer of 1.25 × 24 + 4.
    expect(plan.limits).toEqual({ promptTokens: 128, answerTokens: 34 });
    expect(plan.model).toMatchObject({ dModel: 64, nLayers: 3, nHeads: 4, dFF: 256, contextLength: 162 });
    expect(plan.model.vocabSize).toBe(1024);
    expect(plan.finetuning.steps).toBe(150);
    expect(plan.pretraining.steps).toBe(60);
    expect(plan.finetuning.dropout).toBeUndefined();
    expect(plan.finetuning.tokenNoise).toBeUndefined();
  });

  it('plans the larger model and steps from the tokens for a few hundred examples', () => {
    const plan = planTraining(stats(218, 11_321), 7);
    expect(plan.seed).toBe(7);
    expect(plan.model).toMatchObject({ dModel: 128, nLayers: 3, dFF: 512 });
    expect(countParams(plan.model)).toBeLessThan(1_200_000);
    expect(plan.finetuning.steps).toBe(Math.round((70 * 11_321) / 2048));
    expect(plan.finetuning.dropout).toBe(0.35);
    expect(plan.finetuning.tokenNoise).toBe(0.1);
    expect(plan.pretraining.dropout).toBeUndefined();
    expect(plan.pretraining.tokenNoise).toBeUndefined();
    expect(planTraining(stats(100, 1000)).finetuning.steps).toBe(300);
    expect(planTraining(stats(5000, 300_000)).finetuning.steps).toBe(800);
  });

  it('sizes the vocabulary from the corpus', () => {
    expect(planVocabulary(7_000)).toBe(512);
    expect(planVocabulary(53_000)).toBe(1024);
    expect(planVocabulary(500_000)).toBe(2048);
  });
});

describe('the shopkeeper fixture', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8');
  const parsed = parseProtocolText(fixture('shopkeeper.json'));
  const heldOut = JSON.parse(fixture('shopkeeper-held-out.json')) as {
    set: string;
    cases: { inputs: string[]; reaction: string }[];
  };
  /** A player line's words, lower case. */
  const wordsOf = (line: string) => line.toLowerCase().match(/[a-z']+/g) ?? [];

  it('is a valid protocol of a few hundred samples, several reactions and guardrails', () => {
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { protocol } = parsed;
    const samples = protocol.sets.flatMap((s) => s.samples);
    expect(samples.length).toBeGreaterThanOrEqual(200);
    expect(new Set(samples.map((s) => s.result)).size).toBeGreaterThanOrEqual(4);
    expect(protocol.sets.flatMap((s) => s.guardrails).length).toBeGreaterThanOrEqual(2);
    expect(protocol.context.length).toBeGreaterThan(0);
    expect(protocolExamples(protocol).length).toBeGreaterThan(samples.length);
  });

  it('holds out at least 40 player lines that are not training lines', () => {
    if (!parsed.ok) throw new Error('does not parse');
    const { protocol } = parsed;
    expect(protocol.sets.some((s) => s.name === heldOut.set)).toBe(true);
    expect(heldOut.cases.length).toBeGreaterThanOrEqual(40);
    const reactions = new Set(protocol.sets.flatMap((s) => s.samples.map((x) => x.result)));
    const words = (line: string) => wordsOf(line).sort().join(' ');
    const trainLines = new Set(protocol.sets.flatMap((s) => s.samples.map((x) => words(x.strings[1]!))));
    for (const c of heldOut.cases) {
      expect(reactions.has(c.reaction)).toBe(true);
      // Not a training line, nor a training line's words re-ordered.
      expect(trainLines.has(words(c.inputs[1]!))).toBe(false);
    }
  });

  it('phrases the held-out lines differently: no six words in a row from a training line', () => {
    if (!parsed.ok) throw new Error('does not parse');
    const runs = (line: string) => {
      const w = wordsOf(line);
      return w.slice(0, Math.max(0, w.length - 5)).map((_, k) => w.slice(k, k + 6).join(' '));
    };
    const training = new Set(
      parsed.protocol.sets.flatMap((s) => s.samples.flatMap((x) => runs(x.strings[1]!))),
    );
    const shared = heldOut.cases.filter((c) => runs(c.inputs[1]!).some((r) => training.has(r)));
    expect(shared.map((c) => c.inputs[1])).toEqual([]);
  });
});

describe('planFromBase', () => {
  it("takes the base's shape and sha256, room to talk, synonyms in the copies, and the scratch rule's steps", () => {
    const base = {
      config: {
        vocabSize: 2048,
        contextLength: 256,
        dModel: 128,
        nLayers: 4,
        nHeads: 4,
        dFF: 512,
        tieEmbeddings: true,
      },
      sha256: 'abc',
    };
    const small = planFromBase({ ...stats(15, 1094), vocabularySize: 2060 }, base);
    expect(small.model).toMatchObject({
      vocabSize: 2060,
      dModel: 128,
      nLayers: 4,
      nHeads: 4,
      dFF: 512,
      contextLength: 162,
    });
    expect(small.base).toEqual({ sha256: 'abc' });
    expect(small.augment.synonyms).toBeGreaterThan(0);
    expect(small.finetuning).toMatchObject({ steps: 100, batchTokens: 1024, lr: 3e-3 });
    expect(small.augment).toMatchObject({ copies: 24, synonyms: 0.3 });
    const large = planFromBase({ ...stats(218, 11_321), vocabularySize: 2100 }, base);
    expect(large.finetuning).toMatchObject({ steps: 387, batchTokens: 2048 });
  });
});
