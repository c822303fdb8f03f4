// Real agent files for Flora's tests and bench, made by the trainer's own stages from our example protocol,
// the lighthouse keeper (packages/mtp/fixtures/lighthouse_2_0_1.json; nothing else committed: a trained tiny
// agent takes ~2 s, a random one ~0.1 s).
import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Protocol } from '@greenhouse/mtp';
import { fixtureProtocol } from '@greenhouse/mtp/testing/files';
import { TRAINED_AGENTS_ENV } from './trained-agents.setup.js';
import {
  exportStage,
  Gpt,
  protocolExamples,
  tokenizerStage,
  trainingStage,
  type GptConfig,
  type TrainingPlan,
} from '@greenhouse/trainer';

export function exampleProtocol(): Protocol {
  return fixtureProtocol('lighthouse_2_0_1.json');
}

const CREATED_AT = '2026-01-01T00:00:00.000Z';

/** The tokenizer stage's output for the example protocol (tokenizer.json and the plan). */
export function exampleTokenizer(protocol = exampleProtocol()) {
  const examples = protocolExamples(protocol);
  return { examples, ...tokenizerStage({ protocol, examples }) };
}

/**
 * A tiny agent trained on every example (the server's "tiny" preset: d 32, 2 layers): pretraining 40 steps,
 * finetuning `finetuningSteps` without augmentation. One thread, deterministic: the same file every time.
 * Format version 2 (reaction first, with its reaction model) unless `formatVersion: 1` (a plan from before the
 * reaction model: the model chooses the reaction after its line).
 */
export async function trainedAgent(
  finetuningSteps = 80,
  { formatVersion = 2 }: { formatVersion?: 1 | 2 } = {},
): Promise<{ agent: string; protocol: Protocol }> {
  const cache = process.env[TRAINED_AGENTS_ENV];
  if (!cache) return trainAgent(finetuningSteps, formatVersion);
  // Trained once per test run (trained-agents.setup.ts): a dozen test files ask for the same two agents. The file is
  // written whole and renamed, so a file that asks meanwhile trains its own rather than read half of one.
  const file = path.join(cache, `trained-${finetuningSteps}-v${formatVersion}.agent`);
  try {
    return { agent: readFileSync(file, 'utf8'), protocol: exampleProtocol() };
  } catch {
    const trained = await trainAgent(finetuningSteps, formatVersion);
    const partial = `${file}.${randomUUID()}`;
    writeFileSync(partial, trained.agent);
    renameSync(partial, file);
    return trained;
  }
}

async function trainAgent(
  finetuningSteps: number,
  formatVersion: 1 | 2,
): Promise<{ agent: string; protocol: Protocol }> {
  const protocol = exampleProtocol();
  const { examples, tokenizer, plan: planned } = exampleTokenizer(protocol);
  const { reactions, ...base } = planned;
  const plan: TrainingPlan = {
    ...base,
    ...(formatVersion === 2 && reactions ? { reactions: { ...reactions, epochs: 60 } } : {}),
    model: { ...base.model, dModel: 32, nLayers: 2, nHeads: 2, dFF: 128 },
    pretraining: { steps: 40, batchTokens: 1024, lr: 5e-3 },
    finetuning: { steps: finetuningSteps, batchTokens: 1024, lr: 5e-3 },
    // No noisy copies: a tiny model learns the examples themselves in a few steps (they are what we test on).
    augment: { copies: 0, dropWord: 0 },
  };
  const common = { protocol, examples, tokenizer, plan, threads: 1, qualityCheck: false } as const;
  const pre = await trainingStage({ ...common, phase: 'pretraining' });
  if (pre.status !== 'completed') throw new Error('pretraining did not complete');
  const fine = await trainingStage({ ...common, phase: 'finetuning', initialWeights: pre.weights });
  if (fine.status !== 'completed') throw new Error('finetuning did not complete');
  const { agent } = exportStage({
    protocol,
    bloom: { id: 'fixture-bloom', name: 'Fixture bloom' },
    tokenizer,
    plan,
    weights: fine.weights,
    metrics: { pretraining: pre.metrics, finetuning: fine.metrics },
    createdAt: CREATED_AT,
    ...(fine.reactions ? { reactions: fine.reactions } : {}),
  });
  return { agent, protocol };
}

/**
 * An agent of the given shape with GPT-2-initialised random weights (not trained), in the agent format, with
 * the example protocol's tokenizer and template: for shapes training would take too long to reach (bench) and
 * for the untied head. `scale` multiplies every weight (larger weights → less uniform logits). A version-1 file
 * (no reaction model: the model's own answers are what these agents are for), unless `reactions` gives one
 * (reactions.bin of an agent of the same protocol, e.g. trainedAgent's): then version 2.
 */
export function randomAgent(
  shape: Partial<GptConfig>,
  seed = 1,
  scale = 1,
  protocol = exampleProtocol(),
  { reactions }: { reactions?: Uint8Array } = {},
): { agent: string; protocol: Protocol; config: GptConfig } {
  const { tokenizer, plan: planned } = exampleTokenizer(protocol);
  const { reactions: _reactions, ...base } = planned;
  const config: GptConfig = { ...base.model, ...shape };
  const plan: TrainingPlan = { ...base, model: config };
  const model = new Gpt(config, { maxTokens: 1 });
  model.initialize(seed);
  if (scale !== 1) for (let i = 0; i < model.params.length; i++) model.params[i]! *= scale;
  const { agent } = exportStage({
    protocol,
    bloom: { id: 'random-bloom', name: 'Random bloom' },
    tokenizer,
    plan,
    weights: Float32Array.from(model.params),
    metrics: {},
    createdAt: CREATED_AT,
    ...(reactions ? { reactions } : {}),
  });
  return { agent, protocol, config };
}

/** The protocol with every token's key replaced by `keyOf(index, key)` (encrypted or emoji keys). */
export function withKeys(protocol: Protocol, keyOf: (index: number, key: string) => string): Protocol {
  const tokens = Object.create(null) as Protocol['tokens'];
  Object.entries(protocol.tokens).forEach(([value, token], i) => {
    tokens[value] = token.special ? token : { ...token, key: keyOf(i, token.key) };
  });
  return { ...protocol, tokens };
}
