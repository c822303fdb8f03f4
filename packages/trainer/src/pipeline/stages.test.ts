import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AgentFile } from '@greenhouse/agent-format';
import { readFileSync } from 'node:fs';
import { parseProtocolText, type Protocol } from '@greenhouse/mtp';
import { describeWithReference, fixtureProtocol, referenceJson } from '@greenhouse/mtp/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { Gpt } from '../model/gpt.js';
import { Tokenizer } from '../tokenizer/bpe.js';
import { generateGreedy } from '../train/generate.js';
import { protocolExamples } from '../train/protocol-data.js';
import { loadAgent, type AgentManifest } from './agent-file.js';
import { exportStage } from './export-stage.js';
import type { TrainingPlan } from './plan.js';
import { tokenizerStage } from './tokenizer-stage.js';
import { trainingStage, type TrainingStageInput } from './training-stage.js';
import { planLimits } from './plan.js';
import { inputTexts } from './quality.js';
import { qualityFolds } from './split.js';
import type { StageMetrics, StageProgress } from './types.js';

const protocol = fixtureProtocol('lighthouse_2_0_1.json');
const examples = protocolExamples(protocol);
const folds = qualityFolds(examples)!;

/** A quality fixture of this package (fixtures/). */
function fixtureProtocolOf(name: string): Protocol {
  const parsed = parseProtocolText(
    readFileSync(new URL(`../../fixtures/${name}.json`, import.meta.url), 'utf8'),
  );
  if (!parsed.ok) throw new Error(`${name}.json does not parse`);
  return parsed.protocol;
}

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** The tokenizer stage's plan with a tiny model and few steps. */
function tinyPlan(plan: TrainingPlan, finetuningSteps: number): TrainingPlan {
  return {
    ...plan,
    model: { ...plan.model, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32 },
    // The default plan's other settings (dropout, weight average) kept: pause/resume covers them.
    pretraining: { ...plan.pretraining, steps: 4, batchTokens: 256, lr: 1e-2 },
    finetuning: { ...plan.finetuning, steps: finetuningSteps, batchTokens: 512, lr: 1e-2 },
  };
}

describe('tokenizerStage', () => {
  it('trains the tokenizer and plans room to talk: twice the longest input line, 128 prompt tokens at least', () => {
    const { tokenizer: json, plan, metrics } = tokenizerStage({ protocol, examples });
    const tokenizer = Tokenizer.fromJSON(json);
    expect(metrics.vocabularySize).toBe(tokenizer.size);
    expect(plan.model.vocabSize).toBe(tokenizer.size);
    expect(tokenizer.size).toBeLessThanOrEqual(512);
    expect(metrics.corpusTokens).toBeGreaterThan(1000);
    const longest = (texts: string[]) => Math.max(...texts.map((t) => tokenizer.encode(t).length));
    const longestPrompt = longest(examples.map((e) => e.input));
    const longestLine = longest(examples.flatMap((e) => inputTexts(e.input)));
    const longestAnswer = longest(examples.map((e) => e.output));
    expect(metrics.longestPrompt).toBe(longestPrompt);
    const { promptTokens, answerTokens } = plan.limits;
    expect(promptTokens).toBeGreaterThanOrEqual(128);
    expect(promptTokens).toBeGreaterThanOrEqual(longestPrompt);
    // Every input line twice the longest: the prompt's key lines and control tokens plus 2 × the line each.
    const skeleton = Math.max(
      ...examples.map(
        (e) =>
          tokenizer.encode(e.input).length -
          inputTexts(e.input).reduce((n, t) => n + tokenizer.encode(t).length, 0),
      ),
    );
    expect(promptTokens).toBeGreaterThanOrEqual(skeleton + protocol.inputs * 2 * longestLine);
    expect(answerTokens).toBeGreaterThan(longestAnswer);
    expect(plan.model.contextLength).toBe(promptTokens + answerTokens);
    const limits = {
      longestPrompt: 400,
      promptSkeleton: 10,
      longestAnswer: 80,
      longestInputLine: 300,
      inputLines: 1,
    };
    // Capped: the context is at most 512 tokens.
    expect(planLimits(limits)).toEqual({ promptTokens: 408, answerTokens: 104, contextLength: 512 });
  });
});

describe('training, export and loading — a plan without a reaction model (agent format version 1)', () => {
  const stage = tokenizerStage({ protocol, examples });
  // A plan made before the reaction model: the model chooses the reaction, measured on check models.
  const { reactions: _reactions, ...planned } = stage.plan;
  const plan = tinyPlan(planned, 60);
  const base = { protocol, examples, tokenizer: stage.tokenizer, plan, threads: 1 } as const;
  let pretrained: Float32Array;
  let finetuned: { weights: Float32Array; metrics: StageMetrics };

  beforeAll(async () => {
    const pre = await trainingStage({ ...base, phase: 'pretraining' });
    if (pre.status !== 'completed') throw new Error('pretraining did not complete');
    pretrained = pre.weights;
    const fine = await trainingStage({ ...base, phase: 'finetuning', initialWeights: pretrained });
    if (fine.status !== 'completed') throw new Error('finetuning did not complete');
    finetuned = fine;
  });

  it('reports the finetuning metrics, with the quality check of its k-fold check models', () => {
    const m = finetuned.metrics;
    expect(m.steps).toBe(60);
    expect(folds.method).toBe('k-fold');
    const checked = folds.folds.reduce((n, f) => n + f.validation.length, 0);
    expect(m.heldOut).toBe(checked);
    expect(m.quality).toMatchObject({ method: 'k-fold', runs: folds.folds.length, measured: checked });
    expect(m.quality!.noReaction).toBe(0);
    expect(m.quality!.reactions.reduce((n, r) => n + r.measured, 0)).toBe(checked);
    expect(m.reactionAccuracy).toBeCloseTo(m.quality!.right / checked);
    expect(m.lossCurve).toHaveLength(60);
    const curve = m.lossCurve as { step: number; loss: number }[];
    expect(curve.at(-1)!.loss).toBeLessThan(curve[0]!.loss);
    expect(m.validationLoss).toBeGreaterThan(0);
    // Measured before training and at every 10 % of the steps.
    expect((m.validationCurve as { step: number }[]).map((p) => p.step)).toEqual([
      0, 6, 12, 18, 24, 30, 36, 42, 48, 54, 60,
    ]);
    expect(m.reactionAccuracy).toBeGreaterThanOrEqual(0);
    expect(m.trainReactionAccuracy).toBeGreaterThanOrEqual(0);
    expect(m.tokensPerSecond).toBeGreaterThan(0);
  });

  it('gives the same weights, curves and quality when paused and resumed, in a check model and in the agent', async () => {
    const input: TrainingStageInput = { ...base, plan: tinyPlan(planned, 10), phase: 'finetuning' };
    const whole = await trainingStage({ ...input, initialWeights: pretrained });
    // Each check model: 4 pretraining + 10 finetuning steps; then the agent's 10.
    const totalSteps = folds.folds.length * 14 + 10;
    let steps = 0;
    const progress: StageProgress[] = [];
    const paused = await trainingStage(
      { ...input, initialWeights: pretrained },
      { shouldStop: () => ++steps === 3, onProgress: (p) => progress.push(p) },
    );
    expect(paused.status).toBe('paused');
    if (paused.status !== 'paused' || whole.status !== 'completed') return;
    // The report at the end of the segment carries the curve so far.
    expect(progress.at(-1)).toMatchObject({ step: 3, totalSteps, percent: (100 * 3) / totalSteps });
    expect(progress.at(-1)!.metrics.lossCurve).toHaveLength(3);
    expect(progress.at(-1)!.etaSeconds).toBeGreaterThan(0);
    // Resumed until 3 steps into the agent's own run, then paused again: no initialWeights, the checkpoint
    // carries the state.
    steps = 3;
    const again = await trainingStage(
      { ...input, initialWeights: pretrained, resume: paused.checkpoint },
      { shouldStop: () => ++steps === totalSteps - 7 },
    );
    expect(again.status).toBe('paused');
    if (again.status !== 'paused') return;
    const resumed = await trainingStage({ ...input, initialWeights: pretrained, resume: again.checkpoint });
    expect(resumed.status).toBe('completed');
    if (resumed.status !== 'completed') return;
    expect(bits(resumed.weights).equals(bits(whole.weights))).toBe(true);
    expect(resumed.metrics.lossCurve).toEqual(whole.metrics.lossCurve);
    expect(resumed.metrics.validationCurve).toEqual(whole.metrics.validationCurve);
    expect(resumed.metrics.quality).toEqual(whole.metrics.quality);
    await expect(
      trainingStage({ ...input, phase: 'pretraining', resume: paused.checkpoint }),
    ).rejects.toThrow(/not of a pretraining run/);
  });

  const exported = () =>
    exportStage({
      protocol,
      bloom: { id: 'blm-1', name: 'Maren' },
      tokenizer: stage.tokenizer,
      plan,
      weights: finetuned.weights,
      metrics: { tokenizer: stage.metrics, finetuning: finetuned.metrics },
      createdAt: '2025-01-02T03:04:05.000Z',
    });

  describeWithReference('the manifest and the official MTP model schema', () => {
    it('validates', () => {
      const file = JSON.parse(exported().agent) as AgentFile<AgentManifest>;
      const ajv = new Ajv2020({ allErrors: true });
      addFormats.default(ajv);
      const validate = ajv.compile(referenceJson('schemas/v1/model_1_0_0.json'));
      expect(validate(file.manifest), JSON.stringify(validate.errors)).toBe(true);
      expect(validate({ ...file.manifest, created_time: 'yesterday' })).toBe(false);
    });
  });

  it('exports an agent file: a manifest of its parts with checksums, float16 weights, deterministic', () => {
    const { agent, metrics } = exported();
    expect(metrics.bytes).toBe(Buffer.byteLength(agent));
    expect(metrics.parameters).toBe(new Gpt(plan.model, { maxTokens: 1 }).layout.count);
    const file = JSON.parse(agent) as AgentFile<AgentManifest>;
    expect(file.manifest).toMatchObject({
      $schema: 'https://mtp.schemas.databiomes.com/v1/model_1_0_0.json',
      name: 'Maren',
      created_time: '2025-01-02T03:04:05.000Z',
      training: { reference: 'blm-1' },
    });
    for (const f of file.manifest.files) expect(f.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(file.manifest.files.map((f) => f.path)).toEqual([
      'template.json',
      'tokenizer.json',
      'weights.bin',
    ]);
    // float16 without padding.
    expect(Buffer.from(file.files['weights.bin']!, 'base64').length).toBe(2 * metrics.parameters);
    expect(exported().agent).toBe(agent); // deterministic
  });

  it('loads back: the dequantized model answers as the float32 model does', () => {
    const agent = loadAgent(exported().agent);
    const f32 = new Gpt(plan.model, { maxTokens: plan.model.contextLength });
    f32.params.set(finetuned.weights);
    expect(agent.plan).toEqual(plan);
    expect(agent.template.instructions).toBeDefined();
    const tokenizer = agent.tokenizer;
    const eos = tokenizer.id('<EOS>');
    let maxLogitError = 0;
    for (const e of examples) {
      const prompt = tokenizer.encode(e.input);
      const options = { maxNewTokens: plan.model.contextLength, stopId: eos };
      expect(generateGreedy(agent.model, prompt, options)).toEqual(generateGreedy(f32, prompt, options));
      const batch = {
        tokens: Int32Array.from(prompt),
        targets: new Int32Array(prompt.length),
        weights: new Float32Array(prompt.length).fill(1),
        lengths: [prompt.length],
      };
      const a = Float32Array.from(f32.forward(batch).logits);
      const b = agent.model.forward(batch).logits;
      for (let i = 0; i < a.length; i++) maxLogitError = Math.max(maxLogitError, Math.abs(a[i]! - b[i]!));
    }
    // float16 keeps 11 significant bits: the logits move by a few thousandths at this size.
    expect(maxLogitError).toBeGreaterThan(0);
    expect(maxLogitError).toBeLessThan(0.05);
  });

  it('refuses a damaged agent file', () => {
    const { agent } = exported();
    const file = JSON.parse(agent) as AgentFile<AgentManifest>;
    const tamper = (path: string, change: (s: string) => string) =>
      JSON.stringify({ ...file, files: { ...file.files, [path]: change(file.files[path]!) } });
    const weights = Buffer.from(file.files['weights.bin']!, 'base64');
    weights[100]! ^= 1;
    expect(() => loadAgent(tamper('weights.bin', () => weights.toString('base64')))).toThrow(
      /weights.bin is damaged/,
    );
    expect(() => loadAgent(tamper('tokenizer.json', (s) => s.replace('"<EOS>"', '"<EOT>"')))).toThrow(
      /tokenizer.json is damaged/,
    );
    expect(() => loadAgent(agent.slice(0, -10))).toThrow(/not JSON/);
    expect(() => loadAgent(JSON.stringify({ ...file, formatVersion: 3 }))).toThrow(/formatVersion 3/);
    const { 'template.json': _, ...withoutTemplate } = file.files;
    expect(() => loadAgent(JSON.stringify({ ...file, files: withoutTemplate }))).toThrow(
      /template.json is missing/,
    );
  });
});

describe('training, export and loading — the reaction model (agent format version 2)', () => {
  const stage = tokenizerStage({ protocol, examples });
  const plan = { ...tinyPlan(stage.plan, 30), reactions: { ...stage.plan.reactions!, epochs: 60 } };
  const base = { protocol, examples, tokenizer: stage.tokenizer, plan, threads: 1 } as const;
  let pretrained: Float32Array;

  beforeAll(async () => {
    const pre = await trainingStage({ ...base, phase: 'pretraining' });
    if (pre.status !== 'completed') throw new Error('pretraining did not complete');
    pretrained = pre.weights;
  });

  it("plans a reaction model in the protocol's language; another language than English starts from no base", () => {
    expect(stage.plan.reactions).toMatchObject({ language: 'en', offTopic: true });
    const herbalist = fixtureProtocolOf('herbalist');
    const polish = tokenizerStage({
      protocol: herbalist,
      examples: protocolExamples(herbalist),
      base: 'committed',
    });
    expect(polish.plan.reactions).toMatchObject({ language: 'pl', wordVectors: null, charWeight: 1 });
    expect(polish.plan.base).toBeUndefined();
    // English, asked for the base: from the base; chat-sized, its character n-grams weigh less.
    const ferryman = fixtureProtocolOf('ferryman');
    const english = tokenizerStage({
      protocol: ferryman,
      examples: protocolExamples(ferryman),
      base: 'committed',
    });
    expect(english.plan.base).toBeDefined();
    expect(english.plan.reactions).toMatchObject({ language: 'en', charWeight: 0.3 });
    const blacksmith = fixtureProtocolOf('blacksmith');
    expect(
      tokenizerStage({ protocol: blacksmith, examples: protocolExamples(blacksmith) }).plan.reactions,
    ).toMatchObject({ language: 'en', charWeight: 1 });
  });

  it(
    'trains the language model once (no check models), then the reaction model, whose cross-validation is the quality check; paused and resumed, the same',
    { timeout: 180_000 },
    async () => {
      const input: TrainingStageInput = { ...base, phase: 'finetuning', initialWeights: pretrained };
      const progress: StageProgress[] = [];
      const whole = await trainingStage(input, { onProgress: (p) => progress.push(p) });
      if (whole.status !== 'completed') throw new Error('did not complete');
      const m = whole.metrics;
      expect(m.steps).toBe(30);
      // One meaning of a step (issue 32): the progress counts the agent's own steps, as its metrics do.
      expect(progress.at(-1)).toMatchObject({ step: 30, totalSteps: 30 });
      expect(m.lossCurve).toHaveLength(30);
      expect(m.validationCurve).toBeUndefined();
      expect(m.validationLoss).toBeNull();
      expect(whole.reactions).toBeInstanceOf(Uint8Array);
      const q = m.quality!;
      expect(q.method).toBe('k-fold');
      expect(q.runs).toBeGreaterThanOrEqual(2);
      const samples = protocol.sets.reduce((n, set) => n + set.samples.length, 0);
      expect(q.measured).toBe(samples);
      expect(m.heldOut).toBe(samples);
      expect(q.reactions.reduce((n, r) => n + r.measured, 0)).toBe(samples);
      expect(m.reactionAccuracy).toBeCloseTo(q.right / q.measured);
      // The agent's own samples, as its reaction model answers them.
      expect(m.trainReactionAccuracy).toBeGreaterThan(0.9);
      let steps = 0;
      const paused = await trainingStage(input, { shouldStop: () => ++steps === 12 });
      expect(paused.status).toBe('paused');
      if (paused.status !== 'paused') return;
      const resumed = await trainingStage({ ...input, resume: paused.checkpoint });
      if (resumed.status !== 'completed') throw new Error('did not complete');
      expect(bits(resumed.weights).equals(bits(whole.weights))).toBe(true);
      expect(Buffer.from(resumed.reactions!).equals(Buffer.from(whole.reactions!))).toBe(true);
      expect(resumed.metrics.quality).toEqual(q);
    },
  );

  it(
    "exports a version-2 file: reactions.bin before weights.bin, and the word vectors' notice; it loads back",
    { timeout: 120_000 },
    async () => {
      const fine = await trainingStage({
        ...base,
        phase: 'finetuning',
        initialWeights: pretrained,
        qualityCheck: false,
      });
      if (fine.status !== 'completed') throw new Error('did not complete');
      expect(fine.metrics.quality).toBeNull();
      const common = {
        protocol,
        bloom: { id: 'blm-2', name: 'Maren' },
        tokenizer: stage.tokenizer,
        plan,
        weights: fine.weights,
        metrics: {},
        createdAt: '2025-01-02T03:04:05.000Z',
      };
      expect(() => exportStage(common)).toThrow(/reaction model/);
      const { agent } = exportStage({ ...common, reactions: fine.reactions! });
      const file = JSON.parse(agent) as AgentFile<AgentManifest>;
      expect(file.formatVersion).toBe(2);
      expect(file.manifest.files.map((f) => f.path)).toEqual([
        'template.json',
        'tokenizer.json',
        'reactions.bin',
        'weights.bin',
      ]);
      expect(Object.keys(file.files).at(-1)).toBe('weights.bin');
      expect(file.manifest.wordVectors?.licence).toContain('GloVe');
      const loaded = loadAgent(agent);
      expect(loaded.reactions!.instructions.map((i) => i.name)).toEqual(protocol.sets.map((s) => s.name));
      const reactions = Buffer.from(file.files['reactions.bin']!, 'base64');
      reactions[20]! ^= 1;
      expect(() =>
        loadAgent(
          JSON.stringify({
            ...file,
            files: { ...file.files, 'reactions.bin': reactions.toString('base64') },
          }),
        ),
      ).toThrow(/reactions.bin is damaged/);
    },
  );
});
