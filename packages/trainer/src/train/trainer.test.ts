import { describe, expect, it } from 'vitest';
import { Gpt } from '../model/gpt.js';
import { trainBpe } from '../tokenizer/bpe.js';
import { finetuneSequence, packBatch, pretrainSequences } from './data.js';
import { evaluate, train } from './trainer.js';
import { generateGreedy } from './generate.js';

const added = ['<PAD>', '<BOS>', '<RUN>', '<EOS>', '<UNK>', 'Yes_', 'No_'].map((content, i) => ({
  content,
  special: i < 5,
}));
const pairs: [string, string][] = [
  ['is the sky blue', 'Yes_'],
  ['is grass red', 'No_'],
  ['is snow white', 'Yes_'],
  ['is fire cold', 'No_'],
];
const render = ([q, a]: [string, string]) => ({ input: `<BOS>\n${q}\n<RUN>\n`, output: `ok\n${a}\n<EOS>` });

function setup(kernels?: 'js' | 'wasm-simd') {
  const tokenizer = trainBpe(
    pairs.flatMap((p) => Object.values(render(p))),
    { vocabSize: 300, addedTokens: added },
  );
  const sequences = pairs.map((p) => finetuneSequence(tokenizer, render(p).input, render(p).output));
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
    { maxTokens: 64, ...(kernels ? { kernels } : {}) },
  );
  model.initialize(11);
  return { tokenizer, sequences, model };
}

describe('training', () => {
  it('weights only the output tokens of a finetuning example', () => {
    const { tokenizer, sequences } = setup();
    const s = sequences[0]!;
    const batch = packBatch([s]);
    const inputLength = tokenizer.encode(render(pairs[0]!).input).length;
    expect(s.lossFrom).toBe(inputLength);
    // Position t predicts ids[t + 1]: the first weighted position predicts the first output token.
    expect(Array.from(batch.weights).findIndex((w) => w > 0)).toBe(inputLength - 1);
    expect(batch.weights.reduce((a, b) => a + b, 0)).toBe(s.ids.length - inputLength);
    const pre = pretrainSequences(tokenizer, 'is the sky blue '.repeat(10), 16);
    expect(pre.length).toBeGreaterThan(1);
    expect(pre.every((p) => p.ids.length <= 16 && p.lossFrom === 1)).toBe(true);
  });

  it('drives the loss down and learns the answers', () => {
    const { tokenizer, sequences, model } = setup();
    const before = evaluate(model, sequences, 64);
    const result = train(model, sequences, { steps: 200, batchTokens: 64, lr: 1e-2, seed: 1 });
    const after = evaluate(model, sequences, 64);
    expect(before).toBeGreaterThan(4);
    expect(after).toBeLessThan(0.05);
    expect(result.losses[0]!).toBeGreaterThan(result.losses.at(-1)! * 20);
    for (const p of pairs) {
      const out = generateGreedy(model, tokenizer.encode(render(p).input), {
        maxNewTokens: 8,
        stopId: tokenizer.id('<EOS>'),
      });
      expect(tokenizer.decode(out)).toBe(render(p).output);
    }
  });

  it('is bit-for-bit deterministic for a seed, and the same with the JS and WASM kernels', () => {
    const run = (kernels: 'js' | 'wasm-simd', seed: number) => {
      const { sequences, model } = setup(kernels);
      const { losses } = train(model, sequences, { steps: 15, batchTokens: 40, lr: 5e-3, seed });
      return { losses, params: Float32Array.from(model.params) };
    };
    const a = run('wasm-simd', 1);
    const b = run('wasm-simd', 1);
    const c = run('js', 1);
    const other = run('wasm-simd', 2);
    expect(b.losses).toEqual(a.losses);
    expect(Buffer.from(b.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(true);
    expect(Buffer.from(c.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(true);
    expect(Buffer.from(other.params.buffer).equals(Buffer.from(a.params.buffer))).toBe(false);
  });
});

describe('training on two threads', () => {
  it('gives bit-identical weights to one thread', async () => {
    const { trainParallel } = await import('./parallel.js');
    const one = setup();
    const two = setup();
    const options = { steps: 12, batchTokens: 48, lr: 5e-3, seed: 4 };
    const a = train(one.model, one.sequences, options);
    const b = await trainParallel(two.model, two.sequences, options);
    expect(b.losses).toEqual(a.losses);
    expect(
      Buffer.from(Float32Array.from(two.model.params).buffer).equals(
        Buffer.from(Float32Array.from(one.model.params).buffer),
      ),
    ).toBe(true);
  });
});
