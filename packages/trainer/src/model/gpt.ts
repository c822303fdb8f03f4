// A small GPT (decoder-only transformer) with a hand-written backward pass.
//
//   x₀ = wte[token] + wpe[position]
//   per block:  x ← x + Attn(LN₁(x))·Wo + bo        Attn: causal multi-head, softmax(QKᵀ/√dₕ)·V
//               x ← x + D(GELU(LN₂(x)·W₁ + b₁))·W₂ + b₂     D: dropout when training asks for it
//   logits = LNf(x)·wteᵀ (tied head) or LNf(x)·head
//
// Sequences are packed: a batch is N tokens from several sequences laid end to end, positions
// restarting at 0 for each; linear layers run over all N rows at once, attention per sequence and
// head. No padding. Logits are computed only for the rows that carry loss (weight > 0).
// Every tensor is a view of one arena (see kernels/kernels.ts), sized for `maxTokens` rows.
import { createArena, transpose, type Arena, type KernelKind } from '../kernels/kernels.js';
import { Rng } from '../rng.js';
import { attention, attentionBackward, type AttentionGrads } from './attention.js';
import { align, paramLayout, type GptConfig, type ParamLayout } from './config.js';
import { TrainingNoise, type Dropout, type ResidualBranch } from './noise.js';
import { crossEntropy, fillRows, layerNorm, layerNormBackward, sumRows } from './ops.js';

export type { Dropout } from './noise.js';

export interface Batch {
  /** Input token ids of all sequences, packed (N). */
  tokens: Int32Array;
  /** The id each position must predict (N). */
  targets: Int32Array;
  /** Loss weight per position; 0 = no loss there (N). */
  weights: Float32Array;
  /** Length of each packed sequence, in order; they sum to N, each ≤ contextLength. */
  lengths: readonly number[];
  /**
   * The position of each sequence's first token (default 0; offset + length ≤ contextLength). Finetuning
   * copies placed later in the context train the position embeddings a long prompt reaches.
   */
  offsets?: readonly number[];
}

export interface GptOptions {
  /** Most tokens one forward pass takes (the activations are sized for it). */
  maxTokens: number;
  /** Force a kernel ('js' or 'wasm-simd'); default: WASM SIMD when available. */
  kernels?: KernelKind;
}

interface LayerParams {
  ln1g: Float32Array;
  ln1b: Float32Array;
  wqkv: Float32Array;
  bqkv: Float32Array;
  wo: Float32Array;
  bo: Float32Array;
  ln2g: Float32Array;
  ln2b: Float32Array;
  w1: Float32Array;
  b1: Float32Array;
  w2: Float32Array;
  b2: Float32Array;
}

interface Params {
  wte: Float32Array;
  wpe: Float32Array;
  layers: LayerParams[];
  lnfg: Float32Array;
  lnfb: Float32Array;
  head: Float32Array | null;
}

/** One residual branch of a block: out = x + (input·W + b), input N × k. */
interface ResidualTerms {
  x: Float32Array;
  input: Float32Array;
  k: number;
  W: Float32Array;
  b: Float32Array;
  out: Float32Array;
}

interface LayerActs {
  xin: Float32Array;
  ln1: Float32Array;
  mu1: Float32Array;
  rs1: Float32Array;
  qkv: Float32Array;
  probs: Float32Array;
  att: Float32Array;
  xmid: Float32Array;
  ln2: Float32Array;
  mu2: Float32Array;
  rs2: Float32Array;
  h: Float32Array;
  g: Float32Array;
  th: Float32Array;
}

export class Gpt {
  readonly config: GptConfig;
  readonly layout: ParamLayout;
  readonly arena: Arena;
  readonly maxTokens: number;
  /** All parameters, flat, in `layout` order (a view of the arena). */
  readonly params: Float32Array;
  /** Their gradients, same layout; `backward` accumulates into it. */
  readonly grads: Float32Array;
  private readonly p: Params;
  private readonly g: Params;
  private readonly acts: LayerActs[];
  private readonly xout: Float32Array;
  private readonly lnf: Float32Array;
  private readonly muf: Float32Array;
  private readonly rsf: Float32Array;
  private readonly lnfRows: Float32Array;
  private readonly logits: Float32Array;
  private readonly dx: Float32Array;
  private readonly dln: Float32Array;
  private readonly dqkv: Float32Array;
  private readonly datt: Float32Array;
  private readonly dh: Float32Array;
  private readonly dP: Float32Array;
  private readonly wT: Float32Array;
  private readonly kT: Float32Array;
  private readonly lossRows: Int32Array;
  private readonly lossTargets: Int32Array;
  private readonly lossWeights: Float32Array;
  /** The batch of the last forward pass and how many loss rows it had. */
  private last: {
    batch: Batch;
    rows: number;
    /** The ids the embedding read: batch.tokens, or their noisy copy under token dropout/noise. */
    tokens: Int32Array;
  } | null = null;
  /** The training noise and the masks the last forward pass drew. */
  private readonly noise: TrainingNoise;
  /** The attention backward's views of the scratch above. */
  private readonly attentionGrads: AttentionGrads;

  constructor(config: GptConfig, options: GptOptions) {
    this.config = config;
    this.layout = paramLayout(config);
    this.maxTokens = options.maxTokens;
    const { vocabSize: V, contextLength: T, dModel: d, dFF: f, nLayers: L, nHeads: H } = config;
    const N = options.maxTokens;
    const P = this.layout.total;

    // Plan the arena: [params | grads | activations | scratch], each piece aligned.
    const pieces: number[] = [];
    const take = (n: number) => (pieces.push(align(n)), pieces.length - 1);
    const perLayer = [
      N * d,
      N * d,
      N,
      N,
      3 * N * d,
      H * N * T,
      N * d,
      N * d,
      N * d,
      N,
      N,
      N * f,
      N * f,
      N * f,
    ];
    const plan = {
      params: take(P),
      grads: take(P),
      layers: Array.from({ length: L }, () => perLayer.map(take)),
      tail: [N * d, N * d, N, N, N * d, N * V].map(take),
      grad: [N * d, N * d, 3 * N * d, N * d, N * f, T * T, Math.max(3 * d * d, d * f, V * d), d * T].map(
        take,
      ),
    };
    const offsets: number[] = [];
    let total = 0;
    for (const n of pieces) {
      offsets.push(total);
      total += n;
    }
    this.arena = createArena(total, options.kernels);
    const at = (i: number) => this.arena.view(offsets[i]!, pieces[i]!);

    this.params = at(plan.params).subarray(0, P);
    this.grads = at(plan.grads).subarray(0, P);
    this.p = this.views(this.params);
    this.g = this.views(this.grads);
    this.acts = plan.layers.map((ids) => {
      const [xin, ln1, mu1, rs1, qkv, probs, att, xmid, ln2, mu2, rs2, h, g, th] = ids.map(
        at,
      ) as Float32Array[];
      return { xin, ln1, mu1, rs1, qkv, probs, att, xmid, ln2, mu2, rs2, h, g, th } as LayerActs;
    });
    [this.xout, this.lnf, this.muf, this.rsf, this.lnfRows, this.logits] = plan.tail.map(
      at,
    ) as Float32Array[] as [
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
    ];
    [this.dx, this.dln, this.dqkv, this.datt, this.dh, this.dP, this.wT, this.kT] = plan.grad.map(at) as [
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
      Float32Array,
    ];
    this.lossRows = new Int32Array(N);
    this.lossTargets = new Int32Array(N);
    this.lossWeights = new Float32Array(N);
    this.noise = new TrainingNoise(N, d, f);
    this.attentionGrads = { datt: this.datt, dqkv: this.dqkv, dP: this.dP, kT: this.kT };
  }

  get kernelKind(): KernelKind {
    return this.arena.kind;
  }

  /** Named views of a flat buffer in `layout` order. */
  private views(flat: Float32Array): Params {
    const t = (name: string) => {
      const s = this.layout.byName.get(name);
      if (!s) throw new Error(`no parameter ${name}`);
      return flat.subarray(s.offset, s.offset + s.size);
    };
    return {
      wte: t('wte'),
      wpe: t('wpe'),
      layers: Array.from({ length: this.config.nLayers }, (_, l) => ({
        ln1g: t(`h${l}.ln1.g`),
        ln1b: t(`h${l}.ln1.b`),
        wqkv: t(`h${l}.attn.wqkv`),
        bqkv: t(`h${l}.attn.bqkv`),
        wo: t(`h${l}.attn.wo`),
        bo: t(`h${l}.attn.bo`),
        ln2g: t(`h${l}.ln2.g`),
        ln2b: t(`h${l}.ln2.b`),
        w1: t(`h${l}.mlp.w1`),
        b1: t(`h${l}.mlp.b1`),
        w2: t(`h${l}.mlp.w2`),
        b2: t(`h${l}.mlp.b2`),
      })),
      lnfg: t('lnf.g'),
      lnfb: t('lnf.b'),
      head: this.config.tieEmbeddings ? null : t('head'),
    };
  }

  /** A named parameter tensor (a view: writing to it changes the model). */
  tensor(name: string): Float32Array {
    const s = this.layout.byName.get(name);
    if (!s) throw new Error(`no parameter ${name}`);
    return this.params.subarray(s.offset, s.offset + s.size);
  }

  /**
   * GPT-2 initialisation from a seed: N(0, 0.02) for embeddings and matrices, N(0, 0.02/√(2·layers))
   * for the two projections that write into the residual stream, zero biases, LayerNorm gains 1.
   */
  initialize(seed: number): void {
    const rng = new Rng(seed);
    this.params.fill(0);
    const residualStd = 0.02 / Math.sqrt(2 * this.config.nLayers);
    for (const s of this.layout.specs) {
      const view = this.params.subarray(s.offset, s.offset + s.size);
      if (s.init === 'ones') view.fill(1);
      else if (s.init !== 'zeros') {
        const std = s.init === 'residual' ? residualStd : 0.02;
        for (let i = 0; i < view.length; i++) view[i] = rng.normal() * std;
      }
    }
  }

  zeroGrads(): void {
    this.grads.fill(0);
  }

  /**
   * Forward pass over a packed batch. Keeps the activations for `backward`. Returns the logits of the
   * loss rows (positions with weight > 0, in order), a view valid until the next call.
   */
  forward(batch: Batch, dropout?: Dropout): { logits: Float32Array; rows: number } {
    this.checkBatch(batch);
    const ids = this.noise.begin(batch.tokens, batch.weights, this.config.vocabSize, dropout);
    this.embed(batch, ids);
    for (let l = 0; l < this.config.nLayers; l++) this.block(l, batch);
    const rows = this.head(batch);
    this.last = { batch, rows, tokens: ids };
    return { logits: this.logits.subarray(0, rows * this.config.vocabSize), rows };
  }

  private checkBatch(batch: Batch): void {
    const T = this.config.contextLength;
    const N = batch.tokens.length;
    if (N > this.maxTokens) throw new Error(`batch of ${N} tokens > maxTokens ${this.maxTokens}`);
    let sum = 0;
    batch.lengths.forEach((len, k) => {
      const off = batch.offsets?.[k] ?? 0;
      if (len < 1 || off < 0 || off + len > T)
        throw new Error(`sequence of length ${len} at position ${off} outside 0…${T}`);
      sum += len;
    });
    if (sum !== N || batch.targets.length !== N || batch.weights.length !== N)
      throw new Error('inconsistent batch');
  }

  /** x₀ = wte[id] + wpe[position], or wpe alone where token dropout left −1. */
  private embed(batch: Batch, ids: Int32Array): void {
    const { dModel: d, vocabSize: V } = this.config;
    const p = this.p;
    const x0 = this.acts[0]?.xin ?? this.xout;
    let t = 0;
    for (const [k, len] of batch.lengths.entries()) {
      const off = batch.offsets?.[k] ?? 0;
      for (let pos = off; pos < off + len; pos++, t++) {
        const tok = batch.tokens[t]!;
        if (!(tok >= 0 && tok < V)) throw new Error(`token id ${tok} out of range`);
        const read = ids[t]!;
        const e = read * d;
        const q = pos * d;
        const o = t * d;
        if (read < 0) for (let j = 0; j < d; j++) x0[o + j] = p.wpe[q + j]!;
        else for (let j = 0; j < d; j++) x0[o + j] = p.wte[e + j]! + p.wpe[q + j]!;
      }
    }
  }

  /** Block `l`: xmid = xin + D(Attn(LN₁(xin))·Wo + bo); xout = xmid + D(Drop(GELU(LN₂(xmid)·W₁ + b₁))·W₂ + b₂). */
  private block(l: number, batch: Batch): void {
    const { dModel: d, dFF: f, nLayers: L } = this.config;
    const N = batch.tokens.length;
    const { gemm } = this.arena;
    const a = this.acts[l]!;
    const w = this.p.layers[l]!;
    const xout = l + 1 < L ? this.acts[l + 1]!.xin : this.xout;
    layerNorm(a.xin, w.ln1g, w.ln1b, a.ln1, a.mu1, a.rs1, N, d);
    fillRows(a.qkv, w.bqkv, N, 3 * d);
    gemm(a.ln1, w.wqkv, a.qkv, N, 3 * d, d, d, 1, 3 * d, 3 * d, true);
    attention(this.arena, this.config, a, batch.lengths, this.kT);
    this.residualAdd(l, 0, { x: a.xin, input: a.att, k: d, W: w.wo, b: w.bo, out: a.xmid }, N);
    layerNorm(a.xmid, w.ln2g, w.ln2b, a.ln2, a.mu2, a.rs2, N, d);
    fillRows(a.h, w.b1, N, f);
    gemm(a.ln2, w.w1, a.h, N, f, d, d, 1, f, f, true);
    this.arena.gelu(a.h, a.g, a.th, N * f);
    this.noise.dropHidden(l, a.g, N);
    this.residualAdd(l, 1, { x: a.xmid, input: a.g, k: f, W: w.w2, b: w.b2, out: xout }, N);
  }

  /** out = x + D(input·W + b) for one residual branch (input: N × k), D the residual dropout when the step has it. */
  private residualAdd(l: number, branch: ResidualBranch, r: ResidualTerms, N: number): void {
    const d = this.config.dModel;
    const { gemm } = this.arena;
    const { x, input, k, W, b, out } = r;
    if (this.noise.dropsResidual) {
      const tmp = this.dln; // the branch's output before its mask (dln is free during the forward pass)
      fillRows(tmp, b, N, d);
      gemm(input, W, tmp, N, d, k, k, 1, d, d, true);
      const mask = this.noise.drawResidualMask(l, branch, N);
      for (let i = 0; i < N * d; i++) out[i] = x[i]! + tmp[i]! * mask[i]!;
    } else {
      out.set(x.subarray(0, N * d));
      addRows(out, b, N, d);
      gemm(input, W, out, N, d, k, k, 1, d, d, true);
    }
  }

  /** The final LayerNorm and the logits of the loss rows; answers how many rows carry loss. */
  private head(batch: Batch): number {
    const { dModel: d, vocabSize: V } = this.config;
    const N = batch.tokens.length;
    const { gemm } = this.arena;
    const p = this.p;
    layerNorm(this.xout, p.lnfg, p.lnfb, this.lnf, this.muf, this.rsf, N, d);
    let rows = 0;
    for (let i = 0; i < N; i++) {
      const wgt = batch.weights[i]!;
      if (!(wgt > 0)) continue;
      this.lossRows[rows] = i;
      this.lossTargets[rows] = batch.targets[i]!;
      this.lossWeights[rows] = wgt;
      this.lnfRows.set(this.lnf.subarray(i * d, i * d + d), rows * d);
      rows++;
    }
    if (p.head) gemm(this.lnfRows, p.head, this.logits, rows, V, d, d, 1, V, V, false);
    else {
      transpose(p.wte, V, d, d, this.wT);
      gemm(this.lnfRows, this.wT, this.logits, rows, V, d, d, 1, V, V, false);
    }
    return rows;
  }

  /**
   * Weighted cross-entropy of the last forward pass: returns Σ weight·(−log p(target)) over its loss
   * rows and leaves d(scale · that sum)/dlogits in place for `backward`. With `labelSmoothing` ε > 0,
   * against the smoothed target (1 − ε)·onehot + ε/V (see ops.crossEntropy).
   */
  loss(scale: number, labelSmoothing = 0): number {
    if (!this.last) throw new Error('loss() needs a forward pass');
    const { rows } = this.last;
    const V = this.config.vocabSize;
    return crossEntropy(
      this.logits,
      this.lossTargets,
      this.lossWeights,
      rows,
      V,
      scale,
      this.arena.expSum,
      labelSmoothing,
    );
  }

  /** Backward pass of the last forward + loss: ACCUMULATES into `grads` (call zeroGrads first). */
  backward(): void {
    if (!this.last) throw new Error('backward() needs forward() and loss()');
    const { batch, rows: R, tokens } = this.last;
    this.last = null;
    const { dModel: d, dFF: f, nLayers: L, vocabSize: V } = this.config;
    const N = batch.tokens.length;
    const { gemm } = this.arena;
    const p = this.p;
    const g = this.g;
    const { dx, dln, dh, wT } = this;

    // Head: logits = lnfRows·W with W = wteᵀ (tied) or head.
    const dlnfRows = this.datt; // free until the attention backward
    if (p.head && g.head) {
      transpose(p.head, d, V, V, wT);
      gemm(this.logits, wT, dlnfRows, R, d, V, V, 1, d, d, false);
      gemm(this.lnfRows, this.logits, g.head, d, V, R, 1, d, V, V, true);
    } else {
      gemm(this.logits, p.wte, dlnfRows, R, d, V, V, 1, d, d, false);
      gemm(this.logits, this.lnfRows, g.wte, V, d, R, 1, V, d, d, true);
    }
    dln.fill(0, 0, N * d);
    for (let r = 0; r < R; r++) {
      const i = this.lossRows[r]!;
      dln.set(dlnfRows.subarray(r * d, r * d + d), i * d);
    }
    dx.fill(0, 0, N * d);
    layerNormBackward(dln, this.xout, p.lnfg, this.muf, this.rsf, dx, g.lnfg, g.lnfb, N, d);

    for (let l = L - 1; l >= 0; l--) {
      const a = this.acts[l]!;
      const w = p.layers[l]!;
      const gw = g.layers[l]!;
      // MLP: xout = xmid + D(GELU(h)·W₂ + b₂), h = LN₂(xmid)·W₁ + b₁. dx holds d xout.
      const mlpMask = this.noise.residualMask(l, 1);
      let dy = dx; // d(the block's output): dx, through the residual dropout's mask
      if (mlpMask) {
        dy = dln;
        for (let i = 0; i < N * d; i++) dy[i] = dx[i]! * mlpMask[i]!;
      }
      sumRows(dy, gw.b2, N, d);
      gemm(a.g, dy, gw.w2, f, d, N, 1, f, d, d, true);
      transpose(w.w2, f, d, d, wT);
      gemm(dy, wT, dh, N, f, d, d, 1, f, f, false);
      const hiddenMask = this.noise.hiddenMask(l);
      if (hiddenMask) for (let i = 0; i < N * f; i++) dh[i] = dh[i]! * hiddenMask[i]!;
      this.arena.geluBackward(a.h, a.th, dh, N * f);
      sumRows(dh, gw.b1, N, f);
      gemm(a.ln2, dh, gw.w1, d, f, N, 1, d, f, f, true);
      transpose(w.w1, d, f, f, wT);
      gemm(dh, wT, dln, N, d, f, f, 1, d, d, false);
      layerNormBackward(dln, a.xmid, w.ln2g, a.mu2, a.rs2, dx, gw.ln2g, gw.ln2b, N, d); // dx = d xmid
      // Attention: xmid = xin + D(att·Wo + bo), att from qkv = LN₁(xin)·Wqkv + bqkv.
      dy = dx;
      const attentionMask = this.noise.residualMask(l, 0);
      if (attentionMask) {
        dy = dln;
        for (let i = 0; i < N * d; i++) dy[i] = dx[i]! * attentionMask[i]!;
      }
      sumRows(dy, gw.bo, N, d);
      gemm(a.att, dy, gw.wo, d, d, N, 1, d, d, d, true);
      transpose(w.wo, d, d, d, wT);
      gemm(dy, wT, this.datt, N, d, d, d, 1, d, d, false);
      attentionBackward(this.arena, this.config, a, batch.lengths, this.attentionGrads);
      sumRows(this.dqkv, gw.bqkv, N, 3 * d);
      gemm(a.ln1, this.dqkv, gw.wqkv, d, 3 * d, N, 1, d, 3 * d, 3 * d, true);
      transpose(w.wqkv, d, 3 * d, 3 * d, wT);
      gemm(this.dqkv, wT, dln, N, d, 3 * d, 3 * d, 1, d, d, false);
      layerNormBackward(dln, a.xin, w.ln1g, a.mu1, a.rs1, dx, gw.ln1g, gw.ln1b, N, d); // dx = d xin
    }

    // Embeddings: x₀ = wte[token] + wpe[position] (wpe alone where the token was dropped).
    let t = 0;
    for (const [k, len] of batch.lengths.entries()) {
      const off = batch.offsets?.[k] ?? 0;
      for (let pos = off; pos < off + len; pos++, t++) {
        const e = tokens[t]! * d;
        const q = pos * d;
        const o = t * d;
        if (e < 0) for (let j = 0; j < d; j++) g.wpe[q + j]! += dx[o + j]!;
        else
          for (let j = 0; j < d; j++) {
            g.wte[e + j]! += dx[o + j]!;
            g.wpe[q + j]! += dx[o + j]!;
          }
      }
    }
  }
}

/** x[r, :] += bias. */
function addRows(x: Float32Array, bias: Float32Array, rows: number, n: number): void {
  for (let r = 0, o = 0; r < rows; r++, o += n) for (let j = 0; j < n; j++) x[o + j]! += bias[j]!;
}
