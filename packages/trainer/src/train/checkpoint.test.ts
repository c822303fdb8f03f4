import { describe, expect, it } from 'vitest';
import { Gpt } from '../model/gpt.js';
import { trainBpe } from '../tokenizer/bpe.js';
import { decodeCheckpoint, encodeCheckpoint } from './checkpoint.js';
import { finetuneSequence } from './data.js';
import { trainParallel } from './parallel.js';
import { train, type TrainOptions, type TrainResult } from './trainer.js';

const added = ['<PAD>', '<BOS>', '<RUN>', '<EOS>', '<UNK>', 'Yes_', 'No_'].map((content, i) => ({
  content,
  special: i < 5,
}));
const pairs = [
  ['is the sky blue', 'Yes_'],
  ['is grass red', 'No_'],
  ['is snow white', 'Yes_'],
  ['is fire cold', 'No_'],
].map(([q, a]) => ({ input: `<BOS>\n${q}\n<RUN>\n`, output: `ok\n${a}\n<EOS>` }));
const tokenizer = trainBpe(
  pairs.flatMap((p) => [p.input, p.output]),
  { vocabSize: 300, addedTokens: added },
);
const sequences = pairs.map((p) => finetuneSequence(tokenizer, p.input, p.output));

function freshModel(seed = 11): Gpt {
  const model = new Gpt(
    {
      vocabSize: tokenizer.size,
      contextLength: 32,
      dModel: 16,
      nLayers: 1,
      nHeads: 2,
      dFF: 32,
      tieEmbeddings: true,
    },
    { maxTokens: 64 },
  );
  model.initialize(seed);
  return model;
}

const bits = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const options: TrainOptions = { steps: 12, batchTokens: 40, lr: 5e-3, seed: 3 };

type Trainer = (model: Gpt, options: TrainOptions) => TrainResult | Promise<TrainResult>;
const trainers: [string, Trainer][] = [
  ['train', (model, o) => train(model, sequences, o)],
  ['trainParallel', (model, o) => trainParallel(model, sequences, o)],
];

describe.each(trainers)('checkpoint and resume with %s', (_, run) => {
  it('N steps straight == N/2 steps, encode, decode, the rest in a fresh model (bit for bit)', async () => {
    const straight = freshModel();
    const whole = await run(straight, options);
    expect(whole.stopped).toBe(false);
    expect(whole.checkpoint).toBeUndefined();

    const first = freshModel();
    let steps = 0;
    const half = await run(first, { ...options, shouldStop: () => ++steps === options.steps / 2 });
    expect(half.stopped).toBe(true);
    expect(half.losses).toHaveLength(options.steps / 2);
    const bytes = encodeCheckpoint(half.checkpoint!);

    // A different initialisation: everything must come from the checkpoint.
    const second = freshModel(99);
    const rest = await run(second, { ...options, resume: decodeCheckpoint(bytes) });
    expect(rest.stopped).toBe(false);
    expect(rest.losses).toEqual(whole.losses);
    expect(rest.tokens).toBe(whole.tokens);
    expect(bits(second.params).equals(bits(straight.params))).toBe(true);
  });

  it.each([
    ['dropout', { dropout: 0.2 }],
    [
      'token noise, token and residual dropout, label smoothing',
      {
        dropout: 0.2,
        tokenNoise: 0.2,
        tokenDropout: 0.1,
        residualDropout: 0.1,
        labelSmoothing: 0.1,
      },
    ],
  ] as const)(
    'resumes a run with %s bit for bit, and one thread or two give the same masks',
    async (_, extra) => {
      const o = { ...options, ...extra };
      const straight = freshModel();
      const whole = await run(straight, o);
      let steps = 0;
      const half = await run(freshModel(), { ...o, shouldStop: () => ++steps === o.steps / 2 });
      const second = freshModel(99);
      const rest = await run(second, { ...o, resume: decodeCheckpoint(encodeCheckpoint(half.checkpoint!)) });
      expect(rest.losses).toEqual(whole.losses);
      expect(bits(second.params).equals(bits(straight.params))).toBe(true);
      // One thread or two: the same dropout masks, the same weights.
      const one = freshModel();
      const two = freshModel();
      const a = train(one, sequences, o);
      const b = await trainParallel(two, sequences, o);
      expect(b.losses).toEqual(a.losses);
      expect(bits(two.params).equals(bits(one.params))).toBe(true);
      // Dropout changes the run.
      expect(a.losses).not.toEqual((await run(freshModel(), options)).losses);
      if ('tokenNoise' in extra)
        expect(a.losses).not.toEqual((await run(freshModel(), { ...options, dropout: 0.2 })).losses);
    },
  );
});

describe('checkpoint encoding', () => {
  const model = freshModel();
  let steps = 0;
  const { checkpoint } = train(model, sequences, { ...options, shouldStop: () => ++steps === 3 });
  const cp = { ...checkpoint!, meta: { phase: 'finetuning', curve: [{ step: 1, loss: 0.5 }] } };

  it('round-trips every field exactly', () => {
    const back = decodeCheckpoint(encodeCheckpoint(cp));
    expect(back.step).toBe(3);
    expect(back.optimizerStep).toBe(3);
    expect(back.losses).toEqual(cp.losses);
    expect(back.tokens).toBe(cp.tokens);
    expect(back.seconds).toBe(cp.seconds);
    expect(back.meta).toEqual(cp.meta);
    for (const k of ['params', 'm', 'v'] as const) expect(bits(back[k]).equals(bits(cp[k]))).toBe(true);
  });

  it('decodes from an unaligned view of a larger buffer', () => {
    const bytes = encodeCheckpoint(cp);
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    const back = decodeCheckpoint(padded.subarray(1, 1 + bytes.length));
    expect(bits(back.v).equals(bits(cp.v))).toBe(true);
  });

  it('refuses a truncated or damaged checkpoint', () => {
    const bytes = encodeCheckpoint(cp);
    expect(() => decodeCheckpoint(bytes.subarray(0, bytes.length - 4))).toThrow(/truncated/);
    expect(() => decodeCheckpoint(bytes.subarray(0, 20))).toThrow(/truncated/);
    expect(() => decodeCheckpoint(bytes.subarray(0, 5))).toThrow(/bad magic/);
    const wrongVersion = bytes.slice();
    wrongVersion[4] = 2;
    expect(() => decodeCheckpoint(wrongVersion)).toThrow(/version 2/);
    const badMagic = bytes.slice();
    badMagic[0] = 0;
    expect(() => decodeCheckpoint(badMagic)).toThrow(/bad magic/);
  });

  it('refuses to resume a model of another shape', () => {
    const other = new Gpt(
      {
        vocabSize: tokenizer.size,
        contextLength: 32,
        dModel: 32,
        nLayers: 1,
        nHeads: 2,
        dFF: 32,
        tieEmbeddings: true,
      },
      { maxTokens: 64 },
    );
    expect(() => train(other, sequences, { ...options, resume: cp })).toThrow(/parameters/);
  });
});
