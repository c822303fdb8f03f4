import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.js';
import type { GptConfig } from './config.js';
import { countParams } from './config.js';
import { Gpt, type Batch, type Dropout } from './gpt.js';

const tiny = (tieEmbeddings: boolean): GptConfig => ({
  vocabSize: 13,
  contextLength: 7,
  dModel: 8,
  nLayers: 2,
  nHeads: 2,
  dFF: 12,
  tieEmbeddings,
});

/** Packed sequences (default lengths 6, 1, 7) with random tokens and some zero-weight positions. */
function tinyBatch(rng: Rng, V: number, lengths = [6, 1, 7]): Batch {
  const n = lengths.reduce((a, b) => a + b, 0);
  const tokens = Int32Array.from({ length: n }, () => rng.int(V));
  const targets = Int32Array.from({ length: n }, () => rng.int(V));
  const weights = Float32Array.from({ length: n }, (_, i) => (i % 3 === 1 ? 0 : 0.5 + rng.next()));
  return { tokens, targets, weights, lengths };
}

/** Mean weighted loss of `batch` at the model's current parameters (no backward). */
function lossAt(model: Gpt, batch: Batch, scale: number, dropout?: Dropout, smoothing = 0): number {
  model.forward(batch, dropout);
  return model.loss(1, smoothing) * scale;
}

describe('GPT backward pass', () => {
  const cases = [
    ...[true, false].flatMap((tied) =>
      (['wasm-simd', 'js'] as const).map((kernels) => ({ tied, kernels, lengths: [6, 1, 7] })),
    ),
    // Sequences longer than the attention's row blocks (16): several blocks and a partial one.
    { tied: true, kernels: 'wasm-simd' as const, lengths: [37, 3] },
    // Dropout of the MLP's hidden units: the same seeded masks in every pass, so the loss is a
    // smooth function of the weights and the gradient must be exact.
    ...(['wasm-simd', 'js'] as const).map((kernels) => ({
      tied: true,
      kernels,
      lengths: [6, 1, 7],
      dropout: { rate: 0.3, seed: 5 },
    })),
    // Token dropout of the prompt's positions and residual dropout, with and without the MLP's.
    ...(['wasm-simd', 'js'] as const).map((kernels) => ({
      tied: true,
      kernels,
      lengths: [6, 1, 7],
      dropout: { rate: 0.3, seed: 5, tokens: 0.4, residual: 0.2 },
    })),
    {
      tied: false,
      kernels: 'wasm-simd' as const,
      lengths: [37, 3],
      dropout: { rate: 0, seed: 9, residual: 0.3 },
    },
    {
      tied: true,
      kernels: 'wasm-simd' as const,
      lengths: [6, 1, 7],
      dropout: { rate: 0, seed: 9, tokens: 0.5 },
    },
    {
      tied: false,
      kernels: 'wasm-simd' as const,
      lengths: [6, 1, 7],
      dropout: { rate: 0, seed: 9, tokens: 0.2, replace: 0.4 },
    },
    // Label smoothing of the loss (tied and untied heads).
    ...[true, false].map((tied) => ({
      tied,
      kernels: 'wasm-simd' as const,
      lengths: [6, 1, 7],
      smoothing: 0.1,
    })),
  ];
  for (const { tied, kernels, lengths, dropout, smoothing } of cases as {
    tied: boolean;
    kernels: 'wasm-simd' | 'js';
    lengths: number[];
    dropout?: Dropout;
    smoothing?: number;
  }[]) {
    {
      it(`matches finite differences for every parameter tensor (${tied ? 'tied' : 'untied'} head, ${kernels}, lengths ${lengths.join('+')}${dropout ? ', dropout' : ''}${smoothing ? ', label smoothing' : ''})`, () => {
        const config = { ...tiny(tied), contextLength: Math.max(...lengths) };
        const n = lengths.reduce((a, b) => a + b, 0);
        const model = new Gpt(config, { maxTokens: n, kernels });
        const rng = new Rng(42);
        // Larger weights than the training init, so every gradient is well above float32 noise.
        for (const s of model.layout.specs) {
          const v = model.tensor(s.name);
          for (let i = 0; i < v.length; i++) v[i] = (s.init === 'ones' ? 1 : 0) + rng.normal() * 0.4;
        }
        const batch = tinyBatch(rng, config.vocabSize, lengths);
        const scale = 1 / batch.weights.reduce((a, b) => a + b, 0);
        model.zeroGrads();
        model.forward(batch, dropout);
        model.loss(scale, smoothing);
        model.backward();
        const grads = Float32Array.from(model.grads);
        if (smoothing)
          expect(lossAt(model, batch, scale, dropout, smoothing)).not.toBe(lossAt(model, batch, scale));
        if (dropout) {
          // The masks do act: the loss differs from the one without dropout, and from other masks.
          const withMasks = lossAt(model, batch, scale, dropout);
          expect(lossAt(model, batch, scale)).not.toBe(withMasks);
          expect(lossAt(model, batch, scale, { ...dropout, seed: dropout.seed + 1 })).not.toBe(withMasks);
          if (dropout.tokens || dropout.residual || dropout.replace) {
            // Each kind acts on its own.
            const only = { ...dropout, rate: 0 };
            if (dropout.replace)
              expect(lossAt(model, batch, scale, { ...only, tokens: 0, residual: 0 })).not.toBe(
                lossAt(model, batch, scale),
              );
            if (dropout.tokens)
              expect(lossAt(model, batch, scale, { ...only, residual: 0 })).not.toBe(
                lossAt(model, batch, scale),
              );
            if (dropout.residual)
              expect(lossAt(model, batch, scale, { ...only, tokens: 0 })).not.toBe(
                lossAt(model, batch, scale),
              );
          }
        }

        const eps = 1e-2;
        let checked = 0;
        for (const s of model.layout.specs) {
          const v = model.tensor(s.name);
          const g = grads.subarray(s.offset, s.offset + s.size);
          // A random direction over the whole tensor, and a few single coordinates.
          const unit = 1 / Math.sqrt(v.length);
          const dir = Float32Array.from({ length: v.length }, () => (rng.next() < 0.5 ? -unit : unit));
          const probes: Float32Array[] = [dir];
          for (let k = 0; k < 4; k++) {
            const e = new Float32Array(v.length);
            e[rng.int(v.length)] = 1;
            probes.push(e);
          }
          for (const u of probes) {
            const saved = Float32Array.from(v);
            for (let i = 0; i < v.length; i++) v[i] = saved[i]! + eps * u[i]!;
            const plus = lossAt(model, batch, scale, dropout, smoothing);
            for (let i = 0; i < v.length; i++) v[i] = saved[i]! - eps * u[i]!;
            const minus = lossAt(model, batch, scale, dropout, smoothing);
            v.set(saved);
            const numeric = (plus - minus) / (2 * eps);
            let analytic = 0;
            for (let i = 0; i < v.length; i++) analytic += g[i]! * u[i]!;
            const tol = 2e-3 + 2e-2 * Math.abs(numeric);
            if (Math.abs(numeric - analytic) > tol) {
              throw new Error(`${s.name}: finite difference ${numeric} vs backward ${analytic}`);
            }
            checked++;
          }
          // The direction probe must carry signal, or the check proves nothing for this tensor.
          let norm = 0;
          for (const x of g) norm += x * x;
          expect(Math.sqrt(norm), s.name).toBeGreaterThan(1e-3);
        }
        expect(checked).toBe(model.layout.specs.length * 5);
      });
    }
  }

  it('counts parameters as GPT does', () => {
    const c = tiny(true);
    const d = c.dModel;
    const perLayer = 2 * d + d * 3 * d + 3 * d + d * d + d + 2 * d + d * c.dFF + c.dFF + c.dFF * d + d;
    expect(countParams(c)).toBe(c.vocabSize * d + c.contextLength * d + c.nLayers * perLayer + 2 * d);
    expect(countParams(tiny(false))).toBe(countParams(c) + d * c.vocabSize);
  });

  it('WASM and JS kernels give bit-identical forward and backward passes', () => {
    const results = (['wasm-simd', 'js'] as const).map((kernels) => {
      const model = new Gpt(tiny(true), { maxTokens: 14, kernels });
      model.initialize(3);
      const batch = tinyBatch(new Rng(5), 13);
      model.zeroGrads();
      model.forward(batch);
      const loss = model.loss(0.1);
      model.backward();
      return { loss, grads: Array.from(model.grads) };
    });
    expect(results[0]!.loss).toBe(results[1]!.loss);
    expect(results[0]!.grads).toEqual(results[1]!.grads);
  });

  it('attention is causal and sequences are independent', () => {
    const model = new Gpt(tiny(false), { maxTokens: 14 });
    model.initialize(9);
    const rng = new Rng(1);
    const batch = tinyBatch(rng, 13);
    batch.weights.fill(1);
    const before = Float32Array.from(model.forward(batch).logits);
    // Change the last token of the first sequence and the whole third one: only the logits of those
    // positions (first sequence) and of the third sequence may change.
    const changed: Batch = { ...batch, tokens: Int32Array.from(batch.tokens) };
    changed.tokens[5] = (changed.tokens[5]! + 1) % 13;
    for (let i = 7; i < 14; i++) changed.tokens[i] = (changed.tokens[i]! + 3) % 13;
    const after = model.forward(changed).logits;
    const V = 13;
    for (let row = 0; row < 14; row++) {
      const same = before.subarray(row * V, row * V + V).every((x, j) => x === after[row * V + j]);
      expect(same, `row ${row}`).toBe(row < 5 || row === 6);
    }
  });
});
