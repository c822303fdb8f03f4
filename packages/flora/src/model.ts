// The GPT forward pass with a KV cache (functions: "Model" in packages/trainer/README.md):
//   x = wte[token] + wpe[position]
//   per block: x += Attn(LN₁(x))·Wo + bo,  x += GELU(LN₂(x)·W₁ + b₁)·W₂ + b₂
//   logits = LNf(x)·wteᵀ (tied) or LNf(x)·head
// `forward(ids)` appends tokens at the next positions and returns the logits of the last one: the prompt in
// one call (its rows go through the matrices in chunks of CHUNK rows, each converted weight serving four
// rows), then one call per generated token (one pass over the weights per token).
//
// Memory: the weight matrices stay float16 in the kernels' memory — the same values as weights.bin, in panels
// of 32 columns (kernels.ts), widths padded to whole panels — and are converted to float32 inside the kernel as they are read. The
// tied head is kept transposed ([d, V]) so that every matrix product is the kernel's row form y = x·W; the
// token embedding reads the same transposed copy (a column), so wte is stored once. Vectors (LayerNorm,
// biases) are small float32 arrays. The activations take CHUNK rows; the KV cache is float32,
// 2·layers·context·dModel values. See README "Memory".
import { finiteHalfToFloat, halfIsFinite, halfToFloat } from './float16.js';
import type { Architecture, TensorEntry } from './agent-file.js';
import { FloraError } from './errors.js';
import { createKernels, panelIndex, X_SCALE, type KernelKind, type Kernels } from './kernels/kernels.js';
import { ceilP, moveWeights, planWeights, writeWeights, type WeightsSource } from './weights.js';

/** Prompt rows per pass through the weights (activations are sized for this many rows). */
const CHUNK = 32;

const ceil4 = (n: number) => Math.ceil(n / 4) * 4;

interface Layer {
  ln1g: Float32Array;
  ln1b: Float32Array;
  bqkv: Float32Array;
  bo: Float32Array;
  ln2g: Float32Array;
  ln2b: Float32Array;
  b1: Float32Array;
  b2: Float32Array;
  /** Byte offsets of the float16 matrices in the kernels' memory. */
  wqkv: number;
  wo: number;
  w1: number;
  w2: number;
  /**
   * Byte offsets of this layer's key and value caches, head by head: [H, T, d/H] — the keys and values of one
   * head at successive positions are contiguous, so attention reads them sequentially (a [T, d] or [d, T]
   * cache makes it jump d floats a position: 8× slower once the caches leave the L2 cache), and only the
   * positions used are touched.
   */
  k: number;
  v: number;
}

/** Float32 byte regions of the activations. */
interface Acts {
  x: number;
  ln: number;
  qkv: number;
  att: number;
  h: number;
  logits: number;
  scores: number;
  /** The input of the current matrix product times X_SCALE (see kernels.wat). */
  scaled: number;
}

/** Inputs at least this large take the exact JS path: their product with 2^112 could overflow float32. */
const SCALE_LIMIT = 2 ** 15;

export class Model {
  readonly arch: Architecture;
  readonly kernels: Kernels;
  private readonly layers: Layer[];
  private readonly head: number;
  /** Byte offsets of wte (untied only; tied, the head holds it) and wpe, float16 as in the file. */
  private readonly wte: number | null;
  private readonly wpe: number;
  private readonly lnfg: Float32Array;
  private readonly lnfb: Float32Array;
  private readonly acts: Acts;
  private readonly dims: { dP: number; qP: number; fP: number; VP: number; hd: number };
  private pos = 0;

  private constructor(
    arch: Architecture,
    kernels: Kernels,
    parts: {
      layers: Layer[];
      head: number;
      wte: number | null;
      wpe: number;
      lnfg: Float32Array;
      lnfb: Float32Array;
      acts: Acts;
    },
  ) {
    this.arch = arch;
    this.kernels = kernels;
    this.layers = parts.layers;
    this.head = parts.head;
    this.wte = parts.wte;
    this.wpe = parts.wpe;
    this.lnfg = parts.lnfg;
    this.lnfb = parts.lnfb;
    this.acts = parts.acts;
    const { dModel: d, dFF: f, vocabSize: V, nHeads: H } = arch;
    this.dims = { dP: ceilP(d), qP: ceilP(3 * d), fP: ceilP(f), VP: ceilP(V), hd: d / H };
  }

  /**
   * Builds the model: weights.bin is written straight into the kernels' memory (no copy of it elsewhere), its
   * checksum checked there, then each matrix rearranged in place into the kernel's panels (see `planWeights`).
   * FloraError `damaged` on Inf/NaN weights; `weights.verify` throws on a checksum mismatch.
   */
  static async create(
    arch: Architecture,
    tensors: readonly TensorEntry[],
    weights: Uint8Array | WeightsSource,
    kind?: KernelKind,
  ): Promise<Model> {
    const source: WeightsSource =
      weights instanceof Uint8Array
        ? { byteLength: weights.length, writeInto: (t) => (t.set(weights), true), verify: async () => {} }
        : weights;
    const { vocabSize: V, contextLength: T, dModel: d, dFF: f, nLayers: L } = arch;
    const dP = ceilP(d);
    const qP = ceilP(3 * d);
    const fP = ceilP(f);
    const VP = ceilP(V);

    // Plan the memory: the weights (2 bytes per value), then activations and caches (4 bytes), 16-aligned.
    const places = planWeights(arch, tensors);
    let top = places.end;
    const take = (bytes: number) => {
      const at = top;
      top += Math.ceil(bytes / 16) * 16;
      return at;
    };
    const acts: Acts = {
      x: take(4 * CHUNK * dP),
      ln: take(4 * CHUNK * dP),
      qkv: take(4 * CHUNK * qP),
      att: take(4 * CHUNK * dP),
      h: take(4 * CHUNK * fP),
      logits: take(4 * VP),
      scores: take(4 * ceil4(T)),
      scaled: take(4 * CHUNK * Math.max(dP, fP)),
    };
    const caches = Array.from({ length: L }, () => ({ k: take(4 * T * d), v: take(4 * T * d) }));
    const kernels = await createKernels(Math.max(top, source.byteLength), kind);
    writeWeights(kernels, source);
    await source.verify(new Uint8Array(kernels.u16.buffer as ArrayBuffer, 0, source.byteLength));
    const u16 = kernels.u16;
    for (let i = 0; i < source.byteLength >> 1; i++)
      if (!halfIsFinite(u16[i]!))
        throw new FloraError('damaged', 'agent file: weights.bin holds Infinity or NaN');
    moveWeights(kernels, places.list);

    const at = (name: string) => {
      const place = places.byName.get(name);
      if (!place) throw new FloraError('damaged', `agent file: no tensor ${name}`);
      return place.at;
    };
    const floats = (name: string, length = 0): Float32Array => {
      const place = places.byName.get(name)!;
      const out = new Float32Array(Math.max(length, place.size));
      for (let i = 0; i < place.size; i++) out[i] = halfToFloat(u16[(place.at >> 1) + i]!);
      return out;
    };
    const layers: Layer[] = caches.map((cache, l) => {
      const p = `h${l}.`;
      return {
        ln1g: floats(`${p}ln1.g`),
        ln1b: floats(`${p}ln1.b`),
        bqkv: floats(`${p}attn.bqkv`, qP),
        bo: floats(`${p}attn.bo`),
        ln2g: floats(`${p}ln2.g`),
        ln2b: floats(`${p}ln2.b`),
        b1: floats(`${p}mlp.b1`, fP),
        b2: floats(`${p}mlp.b2`),
        wqkv: at(`${p}attn.wqkv`),
        wo: at(`${p}attn.wo`),
        w1: at(`${p}mlp.w1`),
        w2: at(`${p}mlp.w2`),
        ...cache,
      };
    });
    // Tied: the head is wteᵀ [d, V] in panels, and the embedding of token t is its column t. Untied: the head
    // in panels, wte as in the file for the embedding.
    return new Model(arch, kernels, {
      layers,
      head: at(arch.tieEmbeddings ? 'wte' : 'head'),
      wte: arch.tieEmbeddings ? null : at('wte'),
      wpe: at('wpe'),
      lnfg: floats('lnf.g'),
      lnfb: floats('lnf.b'),
      acts,
    });
  }

  /** Tokens in the cache (the next token's position). */
  get position(): number {
    return this.pos;
  }

  /** Forgets the cached tokens. */
  reset(): void {
    this.pos = 0;
  }

  /**
   * Appends `ids` at the next positions and returns the logits after the last one (a view of the kernels'
   * memory, valid until the next call). Throws a RangeError past the context or for an unknown id.
   */
  forward(ids: ArrayLike<number>): Float32Array {
    const { contextLength: T, vocabSize: V } = this.arch;
    if (ids.length === 0) throw new RangeError('forward needs at least one token');
    if (this.pos + ids.length > T)
      throw new RangeError(`${this.pos + ids.length} tokens exceed the context of ${T}`);
    for (let start = 0; start < ids.length; start += CHUNK) {
      const rows = Math.min(CHUNK, ids.length - start);
      this.chunk(ids, start, rows);
      this.pos += rows;
      if (start + rows === ids.length) this.logits(rows - 1);
    }
    const at = this.acts.logits >> 2;
    return this.kernels.f32.subarray(at, at + V);
  }

  private chunk(ids: ArrayLike<number>, start: number, rows: number): void {
    const { dModel: d, dFF: f, vocabSize: V } = this.arch;
    const { dP, qP, fP } = this.dims;
    const k = this.kernels;
    const m = k.f32;
    const a = this.acts;
    const x = a.x >> 2;

    // Embeddings.
    for (let r = 0; r < rows; r++) {
      const tok = ids[start + r]!;
      if (!(Number.isInteger(tok) && tok >= 0 && tok < V))
        throw new RangeError(`token id ${tok} out of range`);
      const u16 = k.u16;
      const p = (this.wpe >> 1) + (this.pos + r) * d;
      const o = x + r * dP;
      if (this.wte !== null) {
        const e = (this.wte >> 1) + tok * d;
        for (let j = 0; j < d; j++)
          m[o + j] = finiteHalfToFloat(u16[e + j]!) + finiteHalfToFloat(u16[p + j]!);
      } else {
        const head = this.head >> 1;
        for (let j = 0; j < d; j++)
          m[o + j] = finiteHalfToFloat(u16[head + panelIndex(j, tok, d)]!) + finiteHalfToFloat(u16[p + j]!);
      }
    }

    for (const w of this.layers) {
      this.layerNorm(a.x, a.ln, rows, w.ln1g, w.ln1b);
      fillRows(m, a.qkv >> 2, rows, w.bqkv);
      this.mm(a.ln, dP, rows, w.wqkv, qP, a.qkv, qP, d);
      for (let r = 0; r < rows; r++) this.attention(w, r, this.pos + r);
      addRows(m, x, rows, dP, w.bo);
      this.mm(a.att, dP, rows, w.wo, dP, a.x, dP, d);
      this.layerNorm(a.x, a.ln, rows, w.ln2g, w.ln2b);
      fillRows(m, a.h >> 2, rows, w.b1);
      this.mm(a.ln, dP, rows, w.w1, fP, a.h, fP, d);
      k.gelu(a.h, rows * fP); // padding columns are 0, and GELU(0) = 0
      addRows(m, x, rows, dP, w.b2);
      this.mm(a.h, fP, rows, w.w2, dP, a.x, dP, f);
    }
  }

  /** Causal self-attention of row `r` (position `p`) of the chunk, after storing its key and value. */
  private attention(w: Layer, r: number, p: number): void {
    const { dModel: d, nHeads: H, contextLength: T } = this.arch;
    const { dP, qP, hd } = this.dims;
    const k = this.kernels;
    const m = k.f32;
    const a = this.acts;
    const qkv = (a.qkv >> 2) + r * qP;
    for (let h = 0; h < H; h++) {
      const at = h * T * hd + p * hd; // head h, position p
      m.copyWithin((w.k >> 2) + at, qkv + d + h * hd, qkv + d + h * hd + hd);
      m.copyWithin((w.v >> 2) + at, qkv + 2 * d + h * hd, qkv + 2 * d + h * hd + hd);
    }
    const n = p + 1;
    const scale = 1 / Math.sqrt(hd);
    const att = (a.att >> 2) + r * dP;
    for (let h = 0; h < H; h++) {
      const cache = 4 * h * T * hd;
      // scores[t] = q_h · k_h[t], t ≤ p; softmax; out_h = Σ_t p[t] · v_h[t].
      k.dots(a.qkv + 4 * (r * qP + h * hd), w.k + cache, n, hd, a.scores);
      k.softmax(a.scores, n, scale);
      m.fill(0, att + h * hd, att + h * hd + hd);
      k.mvF32(a.scores, w.v + cache, hd, a.att + 4 * (r * dP + h * hd), n, hd);
    }
  }

  /** logits = LNf(x[row])·head. */
  private logits(row: number): void {
    const { dModel: d } = this.arch;
    const { dP, VP } = this.dims;
    const a = this.acts;
    this.layerNorm(a.x + 4 * row * dP, a.ln, 1, this.lnfg, this.lnfb);
    this.kernels.f32.fill(0, a.logits >> 2, (a.logits >> 2) + VP);
    this.mm(a.ln, dP, 1, this.head, VP, a.logits, VP, d);
  }

  /** y += x·W for `rows` rows of x (first n values of each): the kernel on x·X_SCALE, or the exact JS path. */
  private mm(
    x: number,
    xs: number,
    rows: number,
    w: number,
    ws: number,
    y: number,
    ys: number,
    n: number,
  ): void {
    const m = this.kernels.f32;
    const to = this.acts.scaled >> 2;
    let max = 0;
    for (let r = 0; r < rows; r++) {
      const from = (x >> 2) + r * xs;
      const o = to + r * xs;
      for (let i = 0; i < n; i++) {
        const v = m[from + i]!;
        max = Math.max(max, Math.abs(v));
        m[o + i] = v * X_SCALE;
      }
    }
    if (max < SCALE_LIMIT) this.kernels.mmF16(this.acts.scaled, xs, rows, w, ws, y, ys, n);
    else this.kernels.mmF16Exact(x, xs, rows, w, ws, y, ys, n);
  }

  /** LayerNorm over the first d values of each row (biased variance, ε from the architecture). */
  private layerNorm(from: number, to: number, rows: number, g: Float32Array, b: Float32Array): void {
    const d = this.arch.dModel;
    const eps = this.arch.layerNormEpsilon;
    const { dP } = this.dims;
    const m = this.kernels.f32;
    for (let r = 0; r < rows; r++) {
      const x = (from >> 2) + r * dP;
      const y = (to >> 2) + r * dP;
      let mean = 0;
      for (let j = 0; j < d; j++) mean += m[x + j]!;
      mean /= d;
      let variance = 0;
      for (let j = 0; j < d; j++) {
        const c = m[x + j]! - mean;
        variance += c * c;
      }
      const rs = 1 / Math.sqrt(variance / d + eps);
      for (let j = 0; j < d; j++) m[y + j] = (m[x + j]! - mean) * rs * g[j]! + b[j]!;
    }
  }
}

/** Every row (of `v.length` values) set to v. */
function fillRows(m: Float32Array, at: number, rows: number, v: Float32Array): void {
  for (let r = 0; r < rows; r++) m.set(v, at + r * v.length);
}

function addRows(m: Float32Array, at: number, rows: number, stride: number, v: Float32Array): void {
  for (let r = 0; r < rows; r++) {
    const o = at + r * stride;
    for (let j = 0; j < v.length; j++) m[o + j] = m[o + j]! + v[j]!;
  }
}
