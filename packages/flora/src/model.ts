// The GPT forward pass with a KV cache (functions: "Architecture" in packages/agent-format/README.md):
//   x = wte[token] + wpe[position]
//   per block: x += Attn(LN₁(x))·Wo + bo,  x += GELU(LN₂(x)·W₁ + b₁)·W₂ + b₂
//   logits = LNf(x)·wteᵀ (tied) or LNf(x)·head
// `forward(ids)` appends tokens at the next positions and returns the logits of the last one: the prompt in
// one call (its rows go through the matrices in chunks of CHUNK rows, each converted weight serving four
// rows), then one call per generated token (one pass over the weights per token).
//
// Memory: the weights stay float16 in the kernels' memory — the same values as weights.bin, the matrices in
// panels of 32 columns (kernels.ts), widths padded to whole panels — and are converted to float32 inside the
// kernels as they are read. The tied head is kept transposed ([d, V]) so that every matrix product is the
// kernel's row form y = x·W; the token embedding reads the same transposed copy (a column), so wte is stored
// once. The vectors (LayerNorm, biases) are read as float16 where they are too. The activations take CHUNK
// rows; the KV cache is float32, 2·layers·context·dModel values, of which only the pages of the positions
// used are ever resident (see README "Memory").
import type { Architecture, TensorEntry } from '@greenhouse/agent-format';
import { FloraError } from './errors.js';
import { createKernels, panelIndex, PANEL, type KernelKind, type Kernels } from './kernels/kernels.js';
import { ceilP, LOAD_SCRATCH, loadWeights, planWeights, type WeightsSource } from './weights.js';

/** Prompt rows per pass through the weights (activations are sized for this many rows). */
const CHUNK = 8;

const ceil4 = (n: number) => Math.ceil(n / 4) * 4;

/** A page of memory: each layer's key and value caches start on one, so no page holds two heads' ends. */
const PAGE = 4096;

interface Layer {
  /** Byte offsets of the float16 vectors and matrices in the kernels' memory. */
  ln1g: number;
  ln1b: number;
  bqkv: number;
  bo: number;
  ln2g: number;
  ln2b: number;
  b1: number;
  b2: number;
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

export class Model {
  readonly arch: Architecture;
  readonly kernels: Kernels;
  private readonly layers: Layer[];
  private readonly head: number;
  /** Byte offsets of wte (untied only; tied, the head holds it) and wpe, float16 as in the file. */
  private readonly wte: number | null;
  private readonly wpe: number;
  private readonly lnfg: number;
  private readonly lnfb: number;
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
      lnfg: number;
      lnfb: number;
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
   * Builds the model: weights.bin is decoded a chunk at a time straight to the weights' places in the kernels'
   * memory (no copy of it elsewhere), checked as it goes (see `loadWeights`): FloraError `damaged` (bad
   * base64, Inf/NaN weights) or `checksum_mismatch`.
   */
  static async create(
    arch: Architecture,
    tensors: readonly TensorEntry[],
    weights: Uint8Array | WeightsSource,
    kind?: KernelKind,
  ): Promise<Model> {
    const source: WeightsSource =
      weights instanceof Uint8Array ? { byteLength: weights.length, bytes: weights } : weights;
    const { vocabSize: V, contextLength: T, dModel: d, dFF: f, nLayers: L } = arch;
    const dP = ceilP(d);
    const qP = ceilP(3 * d);
    const fP = ceilP(f);
    const VP = ceilP(V);

    // Plan the memory: the weights (2 bytes per value), then activations (4 bytes, 16-aligned), then the
    // caches (4 bytes, page-aligned). The memory is exactly this many 64 KB pages.
    const places = planWeights(arch, tensors);
    let top = places.end;
    const take = (bytes: number, align = 16) => {
      const at = Math.ceil(top / align) * align;
      top = at + bytes;
      return at;
    };
    const first = Math.ceil(top / 16) * 16;
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
    // Loading works in the activations' bytes (at least LOAD_SCRATCH of them).
    top = Math.max(top, first + LOAD_SCRATCH);
    const scratch = { at: first, bytes: top - first };
    const caches = Array.from({ length: L }, () => ({ k: take(4 * T * d, PAGE), v: take(4 * T * d, PAGE) }));
    const kernels = await createKernels(top, kind);
    loadWeights(kernels, places.list, source, scratch);

    const at = (name: string) => {
      const place = places.byName.get(name);
      if (!place) throw new FloraError('damaged', `agent file: no tensor ${name}`);
      return place.at;
    };
    const layers: Layer[] = caches.map((cache, l) => {
      const p = `h${l}.`;
      return {
        ln1g: at(`${p}ln1.g`),
        ln1b: at(`${p}ln1.b`),
        bqkv: at(`${p}attn.bqkv`),
        bo: at(`${p}attn.bo`),
        ln2g: at(`${p}ln2.g`),
        ln2b: at(`${p}ln2.b`),
        b1: at(`${p}mlp.b1`),
        b2: at(`${p}mlp.b2`),
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
      lnfg: at('lnf.g'),
      lnfb: at('lnf.b'),
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

  /** Forgets the last `n` cached tokens (their keys and values are overwritten by the next ones). */
  rewind(n: number): void {
    if (!(Number.isInteger(n) && n >= 0 && n <= this.pos)) throw new RangeError(`cannot rewind ${n} tokens`);
    this.pos -= n;
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

  /** The greedy choice after the last `forward`: the first id of the largest logit (as `argmax`). */
  argmax(): number {
    return this.kernels.argmax(this.acts.logits, this.arch.vocabSize);
  }

  private chunk(ids: ArrayLike<number>, start: number, rows: number): void {
    const { dModel: d, dFF: f, vocabSize: V, layerNormEpsilon: eps } = this.arch;
    const { dP, qP, fP } = this.dims;
    const k = this.kernels;
    const a = this.acts;

    // Embeddings: the token's (a row of wte, or a column of the tied head) plus the position's.
    for (let r = 0; r < rows; r++) {
      const tok = ids[start + r]!;
      if (!(Number.isInteger(tok) && tok >= 0 && tok < V))
        throw new RangeError(`token id ${tok} out of range`);
      const p = this.wpe + 2 * (this.pos + r) * d;
      const o = a.x + 4 * r * dP;
      if (this.wte !== null) k.embed(o, this.wte + 2 * tok * d, 1, p, d);
      else k.embed(o, this.head + 2 * panelIndex(0, tok, d), PANEL, p, d);
    }

    for (const w of this.layers) {
      k.layerNorm(a.x, a.ln, rows, dP, d, w.ln1g, w.ln1b, eps);
      k.setRows(a.qkv, qP, rows, w.bqkv, 3 * d);
      this.mm(a.ln, dP, rows, w.wqkv, qP, a.qkv, qP, d);
      for (let r = 0; r < rows; r++) this.attention(w, r, this.pos + r);
      k.addRows(a.x, dP, rows, w.bo, d);
      this.mm(a.att, dP, rows, w.wo, dP, a.x, dP, d);
      k.layerNorm(a.x, a.ln, rows, dP, d, w.ln2g, w.ln2b, eps);
      k.setRows(a.h, fP, rows, w.b1, f);
      this.mm(a.ln, dP, rows, w.w1, fP, a.h, fP, d);
      k.gelu(a.h, rows * fP); // padding columns are 0, and GELU(0) = 0
      k.addRows(a.x, dP, rows, w.b2, d);
      this.mm(a.h, fP, rows, w.w2, dP, a.x, dP, f);
    }
  }

  /** Causal self-attention of row `r` (position `p`) of the chunk, after storing its key and value. */
  private attention(w: Layer, r: number, p: number): void {
    const { dModel: d, nHeads: H, contextLength: T } = this.arch;
    const { dP, qP, hd } = this.dims;
    const a = this.acts;
    const qkv = a.qkv + 4 * r * qP;
    this.kernels.attention(qkv, w.k, w.v, p, d, H, T, a.scores, a.att + 4 * r * dP, 1 / Math.sqrt(hd));
  }

  /** logits = LNf(x[row])·head. */
  private logits(row: number): void {
    const { dModel: d, layerNormEpsilon: eps } = this.arch;
    const { dP, VP } = this.dims;
    const a = this.acts;
    this.kernels.layerNorm(a.x + 4 * row * dP, a.ln, 1, dP, d, this.lnfg, this.lnfb, eps);
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
    const k = this.kernels;
    if (k.mm(x, xs, rows, w, ws, y, ys, n, this.acts.scaled)) k.mmF16Exact(x, xs, rows, w, ws, y, ys, n);
  }
}
