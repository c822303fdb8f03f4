import { fixtureProtocol } from '@greenhouse/mtp/testing';
import { describe, expect, it } from 'vitest';
import { protocolExamples } from '../train/protocol-data.js';
import { runStageInThread } from './stage-thread.js';
import { tokenizerStage } from './tokenizer-stage.js';
import type { TrainingStageInput } from './training-stage.js';
import type { StageProgress } from './types.js';

const protocol = fixtureProtocol('lighthouse_2_0_1.json');
const examples = protocolExamples(protocol);
const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

describe('runStageInThread', () => {
  it('runs the tokenizer stage on a thread, with the same result as here', async () => {
    const here = tokenizerStage({ protocol, examples });
    expect(await runStageInThread({ kind: 'tokenizer', protocol, examples })).toEqual(here);
  });

  it('pauses a training stage on abort; the resumed run ends with the uninterrupted weights', async () => {
    const { tokenizer, plan } = tokenizerStage({ protocol, examples });
    const input: TrainingStageInput & { kind: 'training' } = {
      kind: 'training',
      phase: 'pretraining',
      protocol,
      examples,
      tokenizer,
      threads: 1,
      plan: {
        ...plan,
        model: { ...plan.model, dModel: 16, nLayers: 1, nHeads: 2, dFF: 32 },
        pretraining: { steps: 8, batchTokens: 256, lr: 1e-2 },
      },
    };
    // Two threads here (the shard worker nested in the stage thread), one below: the same weights.
    const whole = await runStageInThread({ ...input, threads: 2 });

    const controller = new AbortController();
    const progress: StageProgress[] = [];
    // The first report comes after the first step; the stage stops after the step it is on.
    const paused = await runStageInThread(input, {
      signal: controller.signal,
      onProgress: (p) => {
        progress.push(p);
        controller.abort();
      },
    });
    expect(paused.status).toBe('paused');
    expect(progress[0]!.step).toBeGreaterThanOrEqual(1);
    if (paused.status !== 'paused' || whole.status !== 'completed') return;
    const resumed = await runStageInThread({ ...input, resume: paused.checkpoint });
    expect(resumed.status).toBe('completed');
    if (resumed.status !== 'completed') return;
    expect(resumed.weights).toBeInstanceOf(Float32Array);
    expect(bits(resumed.weights).equals(bits(whole.weights))).toBe(true);
  });

  it("rejects with the thread's error message", async () => {
    const { tokenizer, plan } = tokenizerStage({ protocol, examples });
    const wrong = { ...plan, model: { ...plan.model, vocabSize: plan.model.vocabSize + 1 } };
    await expect(
      runStageInThread({
        kind: 'training',
        phase: 'finetuning',
        protocol,
        examples,
        tokenizer,
        plan: wrong,
      }),
    ).rejects.toThrow(/the tokenizer has \d+ ids/);
  });
});
