// Causal multi-head self-attention over packed sequences, forward and backward (gpt.ts's blocks): per sequence and
// head, softmax(Q·Kᵀ/√dₕ)·V with Q, K, V read from the layer's qkv rows [q | k | v]. The matmuls run in blocks of
// ATT_BLOCK rows, so the upper triangle the causal mask zeroes is skipped.
import { transpose, type Arena } from '../kernels/kernels.js';
import { causalSoftmax, causalSoftmaxBackward } from './ops.js';

/** Rows per block of the causal attention matmuls. */
const ATT_BLOCK = 16;

export interface AttentionShape {
  dModel: number;
  nHeads: number;
}

/** One layer's attention activations: qkv (N × 3d) in, the probabilities (kept for backward) and att (N × d) out. */
export interface AttentionActs {
  qkv: Float32Array;
  probs: Float32Array;
  att: Float32Array;
}

/** Scratch of the backward pass: d(att) in, d(qkv) out, dP (T × T) and a transpose buffer (hd × T). */
export interface AttentionGrads {
  datt: Float32Array;
  dqkv: Float32Array;
  dP: Float32Array;
  kT: Float32Array;
}

/** One head of one packed sequence: where its rows start, its length, and its views of qkv and the probabilities. */
interface Head {
  /** The sequence's first row among the N packed rows. */
  start: number;
  /** The sequence's length. */
  L: number;
  /** The head's offset within a row of d (h · hd). */
  col: number;
  q: Float32Array;
  k: Float32Array;
  v: Float32Array;
  probs: Float32Array;
}

/** The heads of every packed sequence, in the order the probabilities are laid out (sequence, then head). */
function* headsOf(shape: AttentionShape, a: AttentionActs, lengths: readonly number[]): Generator<Head> {
  const { dModel: d, nHeads: H } = shape;
  const hd = d / H;
  let start = 0;
  let po = 0;
  for (const L of lengths) {
    for (let h = 0; h < H; h++, po += L * L) {
      const col = h * hd;
      yield {
        start,
        L,
        col,
        q: a.qkv.subarray(start * 3 * d + col),
        k: a.qkv.subarray(start * 3 * d + d + col),
        v: a.qkv.subarray(start * 3 * d + 2 * d + col),
        probs: a.probs.subarray(po, po + L * L),
      };
    }
    start += L;
  }
}

/** Forward: fills `a.probs` and `a.att` from `a.qkv`; `kT` is scratch (hd × T). */
export function attention(
  arena: Arena,
  shape: AttentionShape,
  a: AttentionActs,
  lengths: readonly number[],
  kT: Float32Array,
): void {
  const d = shape.dModel;
  const hd = d / shape.nHeads;
  const scale = 1 / Math.sqrt(hd);
  const { gemm } = arena;
  for (const { start, L, col, q, k, v, probs } of headsOf(shape, a, lengths)) {
    transpose(k, L, hd, 3 * d, kT); // Kᵀ: hd × L
    // Causal: rows i0…i1-1 only need columns 0…i1-1 (blocks of ATT_BLOCK rows skip the upper triangle).
    for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
      const i1 = Math.min(L, i0 + ATT_BLOCK);
      gemm(q.subarray(i0 * 3 * d), kT, probs.subarray(i0 * L), i1 - i0, i1, hd, 3 * d, 1, L, L, false); // S = Q·Kᵀ
    }
    causalSoftmax(probs, L, scale, arena.expSum);
    const out = a.att.subarray(start * d + col);
    for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
      const i1 = Math.min(L, i0 + ATT_BLOCK);
      gemm(probs.subarray(i0 * L), v, out.subarray(i0 * d), i1 - i0, hd, i1, L, 1, 3 * d, d, false); // P·V
    }
  }
}

/** Backward: from `g.datt` to `g.dqkv`, per sequence and head (see `attention`). */
export function attentionBackward(
  arena: Arena,
  shape: AttentionShape,
  a: AttentionActs,
  lengths: readonly number[],
  g: AttentionGrads,
): void {
  const d = shape.dModel;
  const hd = d / shape.nHeads;
  const scale = 1 / Math.sqrt(hd);
  const { gemm } = arena;
  for (const { start, L, col, q, k, v, probs } of headsOf(shape, a, lengths)) {
    const dq = g.dqkv.subarray(start * 3 * d + col);
    const dk = g.dqkv.subarray(start * 3 * d + d + col);
    const dv = g.dqkv.subarray(start * 3 * d + 2 * d + col);
    const dout = g.datt.subarray(start * d + col);
    const dP = g.dP.subarray(0, L * L);
    transpose(v, L, hd, 3 * d, g.kT); // Vᵀ
    // Row blocks as in `attention`: P and dS are zero above the diagonal, so row block i0…i1-1 of
    // dP, dQ needs columns 0…i1-1, and rows j0…j1-1 of dV, dK (sums over t ≥ j) need t = j0…L-1.
    for (let i0 = 0; i0 < L; i0 += ATT_BLOCK) {
      const i1 = Math.min(L, i0 + ATT_BLOCK);
      gemm(dout.subarray(i0 * d), g.kT, dP.subarray(i0 * L), i1 - i0, i1, hd, d, 1, L, L, false); // dP = dO·Vᵀ
      const pt = probs.subarray(i0 * L + i0);
      gemm(pt, dout.subarray(i0 * d), dv.subarray(i0 * 3 * d), i1 - i0, hd, L - i0, 1, L, d, 3 * d, false); // dV = Pᵀ·dO
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
}
