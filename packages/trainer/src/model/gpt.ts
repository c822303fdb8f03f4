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
import { align, paramLayout, type GptConfig, type ParamLayout } from './config.js';
import {
  causalSoftmax,
  causalSoftmaxBackward,
  crossEntropy,
  fillRows,
  layerNorm,
  layerNormBackward,
  sumRows,
} from './ops.js';

/** Rows per block of the causal attention matmuls. */
const ATT_BLOCK = 16;

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

/**
 * Dropout of the MLP's hidden activations (training only): each of GELU's outputs is zeroed with
 * probability `rate` and the rest scaled by 1 / (1 − rate) (inverted dropout), the masks drawn from
 * `seed` (mulberry32, in row-major order, layer by layer): the same seed gives the same masks, so a
 * step is reproducible and its gradient exact.
 */
export interface Dropout {
  rate: number;
  seed: number;
  /**
   * Token dropout: each INPUT position (a row with loss weight 0: a finetuning example's prompt) loses
   * its token embedding with this probability (x₀ = wpe[position] alone), as if the word were
   * missing; fresh masks every step. Drawn from a stream of its own (seed ^ TOKEN_STREAM).
   */
  tokens?: number;
  /**
   * Token noise: each input position (as for `tokens`) reads a uniformly random token id of the
   * vocabulary instead of its own with this probability (BERT's random replacement), so that words
   * the finetuning data never showed are no surprise. Same stream as `tokens`.
   */
  replace?: number;
  /**
   * Residual dropout: of the attention's and the MLP's outputs before they are added to the residual
   * stream (GPT-2's resid_pdrop), inverted like `rate`. Drawn from a stream of its own (seed ^ RESIDUAL_STREAM).
   */
  residual?: number;
}

/** Seeds of the token and residual dropout streams (distinct from the MLP's, which keeps `seed`). */
const TOKEN_STREAM = 0x5bd1e995;
const RESIDUAL_STREAM = 0x27d4eb2f;

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
    dropout: boolean;
    residual: boolean;
    /** The ids the embedding read: batch.tokens, or noisyTokens under token dropout/noise. */
    tokens: Int32Array;
  } | null = null;
  /** Per layer, the last forward pass's dropout factors (0 or 1 / (1 − rate)) of the MLP's hidden units. */
  private readonly dropMasks: Float32Array[] = [];
  /** Per layer, the residual dropout factors of the attention's [0] and the MLP's [1] outputs. */
  private readonly residualMasks: [Float32Array, Float32Array][] = [];
  /** The token ids the last forward pass read under token dropout/noise (−1: dropped). */
  private noisyTokens: Int32Array | null = null;

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
    const { contextLength: T, dModel: d, dFF: f, nLayers: L, vocabSize: V } = this.config;
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
    const { gemm } = this.arena;
    const p = this.p;
    const drop = dropout && dropout.rate > 0 ? dropout : null;
    const dropRng = drop ? new Rng(drop.seed) : null;
    const keep = drop ? Math.fround(1 / (1 - drop.rate)) : 1;
    const tokenRate = dropout?.tokens ?? 0;
    const residualRate = dropout?.residual ?? 0;
    const residualRng = residualRate > 0 ? new Rng((dropout!.seed ^ RESIDUAL_STREAM) >>> 0) : null;
    const residualKeep = Math.fround(1 / (1 - residualRate));
    const replaceRate = dropout?.replace ?? 0;
    let ids = batch.tokens;
    if (tokenRate > 0 || replaceRate > 0) {
      const rng = new Rng((dropout!.seed ^ TOKEN_STREAM) >>> 0);
      ids = this.noisyTokens ??= new Int32Array(this.maxTokens);
      for (let i = 0; i < N; i++) {
        const tok = batch.tokens[i]!;
        if (batch.weights[i]! > 0) ids[i] = tok;
        else {
          const r = rng.next();
          ids[i] = r < tokenRate ? -1 : r < tokenRate + replaceRate ? rng.int(V) : tok;
        }
      }
    }

    // Embeddings.
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
    /** Draws a residual dropout mask (N × d factors: 0 or 1 / (1 − rate)) for one block's output. */
    const residualMask = (mask: Float32Array) => {
      for (let i = 0; i < N * d; i++) mask[i] = residualRng!.next() < residualRate ? 0 : residualKeep;
    };
    const tmp = this.dln; // a block's output under residual dropout (dln is free during the forward pass)

    for (let l = 0; l < L; l++) {
      const a = this.acts[l]!;
      const w = p.layers[l]!;
      const xout = l + 1 < L ? this.acts[l + 1]!.xin : this.xout;
      layerNorm(a.xin, w.ln1g, w.ln1b, a.ln1, a.mu1, a.rs1, N, d);
      fillRows(a.qkv, w.bqkv, N, 3 * d);
      gemm(a.ln1, w.wqkv, a.qkv, N, 3 * d, d, d, 1, 3 * d, 3 * d, true);
      this.attention(a, batch.lengths);
      const masks = residualRng
        ? (this.residualMasks[l] ??= [
            new Float32Array(this.maxTokens * d),
            new Float32Array(this.maxTokens * d),
          ])
        : null;
      if (masks) {
        // xmid = xin + D(att·Wo + bo)
        fillRows(tmp, w.bo, N, d);
        gemm(a.att, w.wo, tmp, N, d, d, d, 1, d, d, true);
        residualMask(masks[0]);
        for (let i = 0; i < N * d; i++) a.xmid[i] = a.xin[i]! + tmp[i]! * masks[0][i]!;
      } else {
        a.xmid.set(a.xin.subarray(0, N * d));
        addRows(a.xmid, w.bo, N, d);
        gemm(a.att, w.wo, a.xmid, N, d, d, d, 1, d, d, true);
      }
      layerNorm(a.xmid, w.ln2g, w.ln2b, a.ln2, a.mu2, a.rs2, N, d);
      fillRows(a.h, w.b1, N, f);
      gemm(a.ln2, w.w1, a.h, N, f, d, d, 1, f, f, true);
      this.arena.gelu(a.h, a.g, a.th, N * f);
      if (drop) {
        const mask = (this.dropMasks[l] ??= new Float32Array(this.maxTokens * f));
        for (let i = 0; i < N * f; i++) {
          const m = dropRng!.next() < drop.rate ? 0 : keep;
          mask[i] = m;
          a.g[i] = a.g[i]! * m;
        }
      }
      if (masks) {
        // xout = xmid + D(g·W₂ + b₂)
        fillRows(tmp, w.b2, N, d);
        gemm(a.g, w.w2, tmp, N, d, f, f, 1, d, d, true);
        residualMask(masks[1]);
        for (let i = 0; i < N * d; i++) xout[i] = a.xmid[i]! + tmp[i]! * masks[1][i]!;
      } else {
        xout.set(a.xmid.subarray(0, N * d));
        addRows(xout, w.b2, N, d);
        gemm(a.g, w.w2, xout, N, d, f, f, 1, d, d, true);
      }
    }

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
    this.last = { batch, rows, dropout: drop !== null, residual: residualRng !== null, tokens: ids };
    return { logits: this.logits.subarray(0, rows * V), rows };
  }

  /** Causal multi-head self-attention of one layer, per sequence and head; keeps the probabilities. */
  private attention(a: LayerActs, lengths: readonly number[]): void {
    const { dModel: d, nHeads: H } = this.config;
    const hd = d / H;
    const scale = 1 / Math.sqrt(hd);
    const { gemm } = this.arena;
    let start = 0;
    let po = 0;
    for (const L of lengths) {
      for (let h = 0; h < H; h++, po += L * L) {
        const q = a.qkv.subarray(start * 3 * d + h * hd);
        const k = a.qkv.subarray(start * 3 * d + d + h * hd);
        const v = a.qkv.subarray(start * 3 * d + 2 * d + h * hd);
        const probs = a.probs.subarray(po, po + L * L);
        transpose(k, L, hd, 3 * d, this.kT); // Kᵀ: hd × L
        // Causal: rows i0…i1-1 only need columns 0…i1-1 (blocks of ATT_BLOCK rows skip the upper triangle).
        for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
          const i1 = Math.min(L, i0 + ATT_BLOCK);
          gemm(
            q.subarray(i0 * 3 * d),
            this.kT,
            probs.subarray(i0 * L),
            i1 - i0,
            i1,
            hd,
            3 * d,
            1,
            L,
            L,
            false,
          ); // S = Q·Kᵀ
        }
        causalSoftmax(probs, L, scale, this.arena.expSum);
        const out = a.att.subarray(start * d + h * hd);
        for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
          const i1 = Math.min(L, i0 + ATT_BLOCK);
          gemm(probs.subarray(i0 * L), v, out.subarray(i0 * d), i1 - i0, hd, i1, L, 1, 3 * d, d, false); // P·V
        }
      }
      start += L;
    }
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
    const { batch, rows: R, dropout, residual, tokens } = this.last;
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
      const masks = residual ? this.residualMasks[l]! : null;
      let dy = dx; // d(the block's output): dx, through the residual dropout's mask
      if (masks) {
        dy = dln;
        for (let i = 0; i < N * d; i++) dy[i] = dx[i]! * masks[1][i]!;
      }
      sumRows(dy, gw.b2, N, d);
      gemm(a.g, dy, gw.w2, f, d, N, 1, f, d, d, true);
      transpose(w.w2, f, d, d, wT);
      gemm(dy, wT, dh, N, f, d, d, 1, f, f, false);
      if (dropout) {
        const mask = this.dropMasks[l]!;
        for (let i = 0; i < N * f; i++) dh[i] = dh[i]! * mask[i]!;
      }
      this.arena.geluBackward(a.h, a.th, dh, N * f);
      sumRows(dh, gw.b1, N, f);
      gemm(a.ln2, dh, gw.w1, d, f, N, 1, d, f, f, true);
      transpose(w.w1, d, f, f, wT);
      gemm(dh, wT, dln, N, d, f, f, 1, d, d, false);
      layerNormBackward(dln, a.xmid, w.ln2g, a.mu2, a.rs2, dx, gw.ln2g, gw.ln2b, N, d); // dx = d xmid
      // Attention: xmid = xin + D(att·Wo + bo), att from qkv = LN₁(xin)·Wqkv + bqkv.
      dy = dx;
      if (masks) {
        dy = dln;
        for (let i = 0; i < N * d; i++) dy[i] = dx[i]! * masks[0][i]!;
      }
      sumRows(dy, gw.bo, N, d);
      gemm(a.att, dy, gw.wo, d, d, N, 1, d, d, d, true);
      transpose(w.wo, d, d, d, wT);
      gemm(dy, wT, this.datt, N, d, d, d, 1, d, d, false);
      this.attentionBackward(a, batch.lengths);
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

  /** Attention backward: from d(att) to d(qkv), per sequence and head (see `attention`). */
  private attentionBackward(a: LayerActs, lengths: readonly number[]): void {
    const { dModel: d, nHeads: H } = this.config;
    const hd = d / H;
    const scale = 1 / Math.sqrt(hd);
    const { gemm } = this.arena;
    let start = 0;
    let po = 0;
    for (const L of lengths) {
      for (let h = 0; h < H; h++, po += L * L) {
        const q = a.qkv.subarray(start * 3 * d + h * hd);
        const k = a.qkv.subarray(start * 3 * d + d + h * hd);
        const v = a.qkv.subarray(start * 3 * d + 2 * d + h * hd);
        const dq = this.dqkv.subarray(start * 3 * d + h * hd);
        const dk = this.dqkv.subarray(start * 3 * d + d + h * hd);
        const dv = this.dqkv.subarray(start * 3 * d + 2 * d + h * hd);
        const dout = this.datt.subarray(start * d + h * hd);
        const probs = a.probs.subarray(po, po + L * L);
        const dP = this.dP.subarray(0, L * L);
        transpose(v, L, hd, 3 * d, this.kT); // Vᵀ
        // Row blocks as in `attention`: P and dS are zero above the diagonal, so row block i0…i1-1 of
        // dP, dQ needs columns 0…i1-1, and rows j0…j1-1 of dV, dK (sums over t ≥ j) need t = j0…L-1.
        for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
          const i1 = Math.min(L, i0 + ATT_BLOCK);
          gemm(dout.subarray(i0 * d), this.kT, dP.subarray(i0 * L), i1 - i0, i1, hd, d, 1, L, L, false); // dP = dO·Vᵀ
          const pt = probs.subarray(i0 * L + i0);
          gemm(
            pt,
            dout.subarray(i0 * d),
            dv.subarray(i0 * 3 * d),
            i1 - i0,
            hd,
            L - i0,
            1,
            L,
            d,
            3 * d,
            false,
          ); // dV = Pᵀ·dO
        }
        causalSoftmaxBackward(probs, dP, L, scale); // dP → dS
        for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
          const i1 = Math.min(L, i0 + ATT_BLOCK);
          gemm(dP.subarray(i0 * L), k, dq.subarray(i0 * 3 * d), i1 - i0, hd, i1, L, 1, 3 * d, 3 * d, false); // dQ = dS·K
          const st = dP.subarray(i0 * L + i0);
          gemm(
            st,
            q.subarray(i0 * 3 * d),
            dk.subarray(i0 * 3 * d),
            i1 - i0,
            hd,
            L - i0,
            1,
            L,
            3 * d,
            3 * d,
            false,
          ); // dK = dSᵀ·Q
        }
      }
      start += L;
    }
  }
}

/** x[r, :] += bias. */
function addRows(x: Float32Array, bias: Float32Array, rows: number, n: number): void {
  for (let r = 0, o = 0; r < rows; r++, o += n) for (let j = 0; j < n; j++) x[o + j]! += bias[j]!;
}
