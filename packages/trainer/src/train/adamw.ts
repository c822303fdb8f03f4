// AdamW (decoupled weight decay, Loshchilov & Hutter) over the flat parameter buffer, with global
// gradient-norm clipping, and the learning-rate schedule (linear warm-up, cosine decay).
import type { ParamLayout } from '../model/config.js';

export interface AdamWOptions {
  beta1: number;
  beta2: number;
  eps: number;
  weightDecay: number;
  /** Clip the gradient to this global L2 norm (0 = no clipping). */
  clipNorm: number;
}

export const DEFAULT_ADAMW: AdamWOptions = {
  beta1: 0.9,
  beta2: 0.99,
  eps: 1e-8,
  weightDecay: 0.1,
  clipNorm: 1,
};

export class AdamW {
  readonly m: Float32Array;
  readonly v: Float32Array;
  /** 1 where weight decay applies (matrices and embeddings), else 0. */
  private readonly decayMask: Uint8Array;
  step = 0;

  constructor(
    layout: ParamLayout,
    readonly options: AdamWOptions = DEFAULT_ADAMW,
  ) {
    this.m = new Float32Array(layout.total);
    this.v = new Float32Array(layout.total);
    this.decayMask = new Uint8Array(layout.total);
    for (const s of layout.specs) if (s.decay) this.decayMask.fill(1, s.offset, s.offset + s.size);
  }

  /** One update of `params` from `grads` at learning rate `lr`; returns the gradient norm before clipping. */
  update(params: Float32Array, grads: Float32Array, lr: number): number {
    const { beta1, beta2, eps, weightDecay, clipNorm } = this.options;
    let sq = 0;
    for (let i = 0; i < grads.length; i++) sq += grads[i]! * grads[i]!;
    const norm = Math.sqrt(sq);
    const clip = clipNorm > 0 && norm > clipNorm ? clipNorm / norm : 1;
    this.step++;
    const bc1 = 1 - Math.pow(beta1, this.step);
    const bc2 = 1 - Math.pow(beta2, this.step);
    const stepSize = lr / bc1;
    const decay = 1 - lr * weightDecay;
    const { m, v, decayMask } = this;
    for (let i = 0; i < params.length; i++) {
      const g = grads[i]! * clip;
      const mi = (m[i] = beta1 * m[i]! + (1 - beta1) * g);
      const vi = (v[i] = beta2 * v[i]! + (1 - beta2) * g * g);
      const p = decayMask[i] ? params[i]! * decay : params[i]!;
      params[i] = p - (stepSize * mi) / (Math.sqrt(vi / bc2) + eps);
    }
    return norm;
  }
}

export interface Schedule {
  lr: number;
  /** Final learning rate of the cosine decay. */
  minLr: number;
  warmupSteps: number;
  steps: number;
}

/** Learning rate at step `s` (0-based): linear warm-up to `lr`, then cosine down to `minLr` at the end. */
export function learningRate(s: number, { lr, minLr, warmupSteps, steps }: Schedule): number {
  if (s < warmupSteps) return (lr * (s + 1)) / warmupSteps;
  const progress = Math.min(1, (s - warmupSteps) / Math.max(1, steps - warmupSteps));
  return minLr + 0.5 * (lr - minLr) * (1 + Math.cos(Math.PI * progress));
}
