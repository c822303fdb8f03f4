// The base model path with a tiny base built here (the committed one is tested in committed-base.test.ts):
// building is deterministic, a changed byte is refused, and an agent finetuned from the base has the base's
// shape and ids, answers, and carries the corpus's licence notice.
import { readFileSync } from 'node:fs';
import { loadAgent } from '@greenhouse/flora';
import { parseProtocolText } from '@greenhouse/mtp';
import { describe, expect, it } from 'vitest';
import { exportStage } from '../pipeline/export-stage.js';
import { inputTexts } from '../pipeline/quality.js';
import { tokenizerStage } from '../pipeline/tokenizer-stage.js';
import { trainingStage } from '../pipeline/training-stage.js';
import { protocolExamples } from '../train/protocol-data.js';
import { readBase } from './base-model.js';
import { buildBase, type BaseOptions } from './build-base.js';
import { weightsFromBase } from './from-base.js';

const SENTENCES = [
  'The river runs cold under the old stone bridge.',
  'She bought a loaf of bread and a jar of honey.',
  'Could you tell me the way to the harbour?',
  'The weather turned grey and the mist rolled in.',
  'He paid two silver coins for the crossing.',
  'We walked along the bank until the sun went down.',
  'Nobody knows how deep the water is in spring.',
  'Thank you, and good night to you.',
];
const corpus = {
  texts: Array.from({ length: 60 }, (_, i) => SENTENCES[i % SENTENCES.length]!),
  sources: [{ name: 'test', package: 'none', version: '0', characters: 0 }],
  licence: 'Test sentences, public domain.',
};
const options: BaseOptions = {
  model: { contextLength: 64, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32, tieEmbeddings: true },
  vocabularySize: 320,
  steps: 6,
  batchTokens: 256,
  lr: 1e-2,
  seed: 3,
  tokenizerCharacters: 10_000,
  holdOutEvery: 10,
  threads: 1,
};

describe('a base model', () => {
  it('builds deterministically, reads back verified, and refuses a changed byte', async () => {
    const a = await buildBase(corpus, options);
    const b = await buildBase(corpus, options);
    expect(a.text).toBe(b.text);
    expect(a.training.heldOutLoss).toBeGreaterThan(0);
    const base = readBase(a.text);
    expect(base.config).toMatchObject({ dModel: 16, vocabSize: base.tokenizer.size });
    expect(base.licence).toBe(corpus.licence);
    const file = JSON.parse(a.text) as { weights: string };
    const weights = Buffer.from(file.weights, 'base64');
    weights[7]! ^= 1;
    expect(() => readBase(JSON.stringify({ ...file, weights: weights.toString('base64') }))).toThrow(
      /damaged/,
    );
    expect(() => readBase(a.text.replace('"vocabSize":', '"vocabSize":1'))).toThrow(/damaged|ids/);
  });

  it('gives an agent its weights, its ids and its licence; the agent answers in Flora', async () => {
    const base = readBase((await buildBase(corpus, options)).text);
    const parsed = parseProtocolText(
      readFileSync(new URL('../../fixtures/ferryman.json', import.meta.url), 'utf8'),
    );
    if (!parsed.ok) throw new Error('ferryman.json does not parse');
    const protocol = parsed.protocol;
    const examples = protocolExamples(protocol);
    const stage = tokenizerStage({ protocol, examples, base });
    const plan = {
      ...stage.plan,
      pretraining: { ...stage.plan.pretraining, steps: 3 },
      finetuning: { ...stage.plan.finetuning, steps: 4 },
    };
    expect(plan.base).toEqual({ sha256: base.sha256 });
    expect(plan.model).toMatchObject({ dModel: 16, nLayers: 1, nHeads: 2, dFF: 32 });
    // The base's ids are kept; the protocol's keys come after them.
    const text = 'The river runs cold.';
    expect(base.tokenizer.encode(text)).toEqual(base.tokenizer.extend([]).encode(text));
    expect(plan.model.vocabSize).toBeGreaterThan(base.config.vocabSize);
    const start = weightsFromBase(base, plan.model, plan.seed);
    expect(Array.from(start.subarray(0, 16 * base.config.vocabSize))).toEqual(
      Array.from(base.params.subarray(0, 16 * base.config.vocabSize)),
    );

    const common = { protocol, examples, tokenizer: stage.tokenizer, plan, base, threads: 1 } as const;
    const pre = await trainingStage({ ...common, phase: 'pretraining' });
    if (pre.status !== 'completed') throw new Error('paused');
    const fine = await trainingStage({
      ...common,
      phase: 'finetuning',
      initialWeights: pre.weights,
      qualityCheck: false,
    });
    if (fine.status !== 'completed') throw new Error('paused');
    const { agent: file } = exportStage({
      protocol,
      bloom: { id: 'b', name: 'Ferryman' },
      tokenizer: stage.tokenizer,
      plan,
      weights: fine.weights,
      metrics: {},
      createdAt: '2026-01-01T00:00:00.000Z',
      base,
      ...(fine.reactions ? { reactions: fine.reactions } : {}),
    });
    expect(JSON.parse(file).manifest.base).toEqual({ sha256: base.sha256, licence: corpus.licence });
    const agent = await loadAgent(file);
    const e = examples[0]!;
    const r = agent.run({ instruction: e.set, inputs: inputTexts(e.input).map((t) => ({ text: t })) });
    expect(agent.instructions[0]!.reactions).toContain(r.reaction);
  });
});
