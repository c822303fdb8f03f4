// The committed base model (base/base-model.json, `npm run build:base`): it loads with its checksum
// verified (a changed byte is refused), carries WordNet's licence, and an agent finetuned from it is
// deterministic (the same agent file twice) and carries the licence too.
import { readFileSync } from 'node:fs';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { exportStage } from '../pipeline/export-stage.js';
import { tokenizerStage } from '../pipeline/tokenizer-stage.js';
import { trainingStage } from '../pipeline/training-stage.js';
import { protocolExamples } from '../train/protocol-data.js';
import { BASE_PATH, loadBase, readBase } from './base-model.js';

describe('the committed base model', () => {
  it('loads verified, with its licence; a changed byte is refused', () => {
    const base = loadBase();
    expect(base).not.toBeNull();
    expect(base!.licence).toContain('WordNet');
    expect(base!.licence).toContain('Princeton');
    expect(base!.config).toMatchObject({ dModel: 128, nLayers: 4, vocabSize: base!.tokenizer.size });
    expect(base!.training.heldOutLoss).toBeGreaterThan(0);
    const text = readFileSync(BASE_PATH, 'utf8');
    const file = JSON.parse(text) as { weights: string };
    const weights = Buffer.from(file.weights, 'base64');
    weights[12345]! ^= 0x10;
    expect(() => readBase(JSON.stringify({ ...file, weights: weights.toString('base64') }))).toThrow(
      /damaged/,
    );
  });

  it('gives the same agent file twice when an agent is finetuned from it', { timeout: 120_000 }, async () => {
    const parsed = parseProtocolText(
      readFileSync(new URL('../../fixtures/ferryman.json', import.meta.url), 'utf8'),
    );
    if (!parsed.ok) throw new Error('ferryman.json does not parse');
    const protocol = parsed.protocol;
    const examples = protocolExamples(protocol);
    const once = async () => {
      const stage = tokenizerStage({ protocol, examples, base: 'committed' });
      const plan = {
        ...stage.plan,
        pretraining: { ...stage.plan.pretraining, steps: 2, batchTokens: 256 },
        finetuning: { ...stage.plan.finetuning, steps: 3, batchTokens: 256 },
      };
      const common = { protocol, examples, tokenizer: stage.tokenizer, plan, threads: 2 } as const;
      const pre = await trainingStage({ ...common, phase: 'pretraining' });
      if (pre.status !== 'completed') throw new Error('paused');
      const fine = await trainingStage({
        ...common,
        phase: 'finetuning',
        initialWeights: pre.weights,
        qualityCheck: false,
      });
      if (fine.status !== 'completed') throw new Error('paused');
      return exportStage({
        protocol,
        bloom: { id: 'b', name: 'Ferryman' },
        tokenizer: stage.tokenizer,
        plan,
        weights: fine.weights,
        metrics: {},
        createdAt: '2026-01-01T00:00:00.000Z',
        ...(fine.reactions ? { reactions: fine.reactions } : {}),
      }).agent;
    };
    const a = await once();
    expect(await once()).toBe(a);
    const manifest = (JSON.parse(a) as { manifest: { base: { sha256: string; licence: string } } }).manifest;
    expect(manifest.base.sha256).toBe(loadBase()!.sha256);
    expect(manifest.base.licence).toContain('WordNet');
  });
});
