// The matrix kernels and the memory they work in: the WebAssembly SIMD module of kernels.wat, or its JS twin
// when WebAssembly SIMD is unavailable. Both compute the same sums in the same order with float32 rounding at
// every step, so they agree bit for bit (tested).
//
// One memory per model, sized once (growing a WebAssembly memory would detach every view; pages that are
// never written are never resident, so the untouched end of the KV cache costs nothing): the float16 weights
// and the float32 activations and KV cache. All pointers are BYTE offsets, 16-aligned; strides in values.
//   mmF16(x, xs, rows, w, ws, y, ys, n): y[r·ys + j] += Σ_{i<n} x[r·xs + i] · half(W[i, j])·2^-112, j < ws
//     W [n, ws] float16 in panels of PANEL columns (ws a multiple of PANEL): see `panelIndex`. x must be the
//     real input times X_SCALE = 2^112 (exact; see kernels.wat): the result is then exactly Σ x·W as if the
//     halves were converted. mmF16Exact is the same on unscaled x (JS only), for |x| ≥ 2^16.
//   mvF32(x, w, ws, y, n, m):            y[j] += Σ_{i<n} x[i] · W[i·ws + j], j < m
//   dots(q, k, n, m, out):               out[t] = q · k[t] (the attention's scores)
//   gelu(p, n):                          GELU in place (Math.tanh costs ~20 ns; this ~1 ns a value)
//   softmax(p, n, scale):                softmax of the values times scale, in place (the attention's)
//   layerNorm, scale, setRows, addRows, embed, argmax: the forward pass's glue (see each), so that the JS
//   around the kernels allocates nothing per value (V8 boxes floats in code it has not optimized yet);
//   sha256: SHA-256's compression, for weights.bin as it is decoded into the memory (sha256.ts).
import { expf } from '@greenhouse/agent-format';
import { halfToFloat } from '../float16.js';
import { compress } from '../sha256.js';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.js';

export type KernelKind = 'wasm-simd' | 'js';

export interface Kernels {
  readonly kind: KernelKind;
  readonly bytes: number;
  /** Views of the whole memory. */
  readonly f32: Float32Array;
  readonly u16: Uint16Array;
  mmF16(x: number, xs: number, rows: number, w: number, ws: number, y: number, ys: number, n: number): void;
  mmF16Exact(
    x: number,
    xs: number,
    rows: number,
    w: number,
    ws: number,
    y: number,
    ys: number,
    n: number,
  ): void;
  mvF32(x: number, w: number, ws: number, y: number, n: number, m: number): void;
  /** out[t] = Σ_{i<m} q[i] · k[t·m + i] for t < n (lane sums, see kernels.wat). */
  dots(q: number, k: number, n: number, m: number, out: number): void;
  /** GELU (tanh form, exp by a Cephes polynomial) in place over n floats at byte p. */
  gelu(p: number, n: number): void;
  /** Softmax in place over n floats at byte p, of the values times scale (> 0). */
  softmax(p: number, n: number, scale: number): void;
  /** LayerNorm of rows (stride s) over their first d values, gain g and bias b float16 (f64 arithmetic). */
  layerNorm(
    x: number,
    y: number,
    rows: number,
    s: number,
    d: number,
    g: number,
    b: number,
    eps: number,
  ): void;
  /** to = x·X_SCALE over the first n values of each row (stride s); returns max |x| (NaN if any is NaN). */
  scale(x: number, s: number, rows: number, n: number, to: number): number;
  /** Each row (stride ys): b (n float16 values), then zeros up to ys. */
  setRows(y: number, ys: number, rows: number, b: number, n: number): void;
  /** Each row (stride ys) += b (n float16 values). */
  addRows(y: number, ys: number, rows: number, b: number, n: number): void;
  /** y[j] = a[j·as] + b[j], j < n (float16 a and b): a token's embedding plus its position's. */
  embed(y: number, a: number, as: number, b: number, n: number): void;
  /** The first index of the largest of n floats at byte p. */
  argmax(p: number, n: number): number;
  /** SHA-256 compression of n 64-byte blocks at byte p into the state at h (8 words); K at k, 64 words at w. */
  sha256(h: number, k: number, w: number, p: number, n: number): void;
  /**
   * y += x·W as mmF16 on x·X_SCALE (written at `scaled`); returns 0, or 1 without touching y when an |x| is
   * not < 2^15 (then mmF16Exact is the way).
   */
  mm(
    x: number,
    xs: number,
    rows: number,
    w: number,
    ws: number,
    y: number,
    ys: number,
    n: number,
    scaled: number,
  ): number;
  /**
   * One row's causal self-attention at position p over [heads, T, d/heads] caches k and v: stores the row's
   * key and value (from its q|k|v at qkv), then per head dots, softmax (times scale) and mvF32 into att.
   */
  attention(
    qkv: number,
    k: number,
    v: number,
    p: number,
    d: number,
    heads: number,
    T: number,
    scores: number,
    att: number,
    scale: number,
  ): void;
  /** base64 → bytes in place: n characters at p (no padding) → 3n/4 bytes; table: 256 values or -1. 0 if invalid. */
  base64(p: number, n: number, table: number): number;
  /**
   * n float16 values at src (row-major [rows, cols] from row r, column c) to a tensor at dst: form 0 as they
   * are, 1 in panels, 2 transposed in panels. Returns 1 if one is Infinity or NaN.
   */
  put(
    src: number,
    n: number,
    dst: number,
    form: number,
    rows: number,
    cols: number,
    r: number,
    c: number,
  ): number;
}

interface WasmExports {
  mm_f16: Kernels['mmF16'];
  mv_f32: Kernels['mvF32'];
  dots: Kernels['dots'];
  gelu: Kernels['gelu'];
  softmax: Kernels['softmax'];
  layer_norm: Kernels['layerNorm'];
  scale: Kernels['scale'];
  set_rows: Kernels['setRows'];
  add_rows: Kernels['addRows'];
  embed: Kernels['embed'];
  argmax: Kernels['argmax'];
  sha256: Kernels['sha256'];
  mm: Kernels['mm'];
  attention: Kernels['attention'];
  base64: Kernels['base64'];
  put: Kernels['put'];
}

const PAGE = 65536;

/** Columns per panel of an mmF16 matrix. */
export const PANEL = 32;

/** What mmF16's x is multiplied by (see kernels.wat). */
export const X_SCALE = 2 ** 112;

/** Within a panel row: where column q (0…31) is stored (groups of 8 as c0 c4 c1 c5 c2 c6 c3 c7). */
const SLOT = Int8Array.from(
  { length: PANEL },
  (_, q) => (q & ~7) | ((q & 7) < 4 ? 2 * (q & 7) : 2 * (q & 3) + 1),
);

/**
 * Where W[i, j] of an mmF16 matrix with n rows is, in values from its start: panel j / 32 holds columns
 * 32p…32p+31 of every row, row after row, so the kernel reads memory sequentially.
 */
export const panelIndex = (i: number, j: number, n: number) => ((j >> 5) * n + i) * PANEL + SLOT[j & 31]!;

// The kernel module is 6 KB: atob is fine here (the weights use base64.ts). Its characters become bytes through
// builtins only (charCodeAt bound to the string, called by Uint8Array.from for each index): a JS function
// called 6,000 times would be optimized by V8, whose optimizing compiler pages in ~1 MB more of node's code.
function wasmBytes(): Uint8Array<ArrayBuffer> {
  const s = atob(KERNELS_WASM_BASE64);
  return Uint8Array.from(new Array<undefined>(s.length).keys(), String.prototype.charCodeAt.bind(s));
}

let compiled: Promise<WebAssembly.Module | null> | null = null;

/** The compiled kernel module, or null when this runtime has no WebAssembly SIMD (compiled once). */
function kernelModule(): Promise<WebAssembly.Module | null> {
  compiled ??= (async () => {
    if (typeof WebAssembly !== 'object') return null;
    const bytes = wasmBytes();
    if (!WebAssembly.validate(bytes)) return null;
    return WebAssembly.compile(bytes);
  })();
  return compiled;
}

/** Whether the WebAssembly SIMD kernel runs here. */
export async function wasmSimdAvailable(): Promise<boolean> {
  return (await kernelModule()) !== null;
}

/** Kernels over a fresh zeroed memory of at least `bytes` bytes: WASM SIMD when available, unless `kind` says. */
export async function createKernels(bytes: number, kind?: KernelKind): Promise<Kernels> {
  const pages = Math.max(1, Math.ceil(bytes / PAGE));
  const module = kind === 'js' ? null : await kernelModule();
  if (kind === 'wasm-simd' && !module) throw new Error('WebAssembly SIMD is not available here');
  if (module) {
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = await WebAssembly.instantiate(module, { env: { memory } });
    const e = instance.exports as unknown as WasmExports;
    const f32 = new Float32Array(memory.buffer);
    const u16 = new Uint16Array(memory.buffer);
    return {
      kind: 'wasm-simd',
      bytes: pages * PAGE,
      f32,
      u16,
      mmF16: e.mm_f16,
      mmF16Exact: (x, xs, rows, w, ws, y, ys, n) =>
        mmF16Js(f32, u16, halfTable(1), x, xs, rows, w, ws, y, ys, n),
      mvF32: e.mv_f32,
      dots: e.dots,
      gelu: e.gelu,
      softmax: e.softmax,
      layerNorm: e.layer_norm,
      scale: e.scale,
      setRows: e.set_rows,
      addRows: e.add_rows,
      embed: e.embed,
      argmax: e.argmax,
      sha256: e.sha256,
      mm: e.mm,
      attention: e.attention,
      base64: e.base64,
      put: e.put,
    };
  }
  const buffer = new ArrayBuffer(pages * PAGE);
  const f32 = new Float32Array(buffer);
  const u16 = new Uint16Array(buffer);
  const u8 = new Uint8Array(buffer);
  const scaled = halfTable(1 / X_SCALE);
  const half = halfTable(1);
  const js: Kernels = {
    kind: 'js',
    bytes: pages * PAGE,
    f32,
    u16,
    mmF16: (x, xs, rows, w, ws, y, ys, n) => mmF16Js(f32, u16, scaled, x, xs, rows, w, ws, y, ys, n),
    mmF16Exact: (x, xs, rows, w, ws, y, ys, n) => mmF16Js(f32, u16, half, x, xs, rows, w, ws, y, ys, n),
    mvF32: (x, w, ws, y, n, m) => mvF32Js(f32, x, w, ws, y, n, m),
    dots: (q, k, n, m, out) => dotsJs(f32, q, k, n, m, out),
    gelu: (p, n) => geluJs(f32, p, n),
    softmax: (p, n, scale) => softmaxJs(f32, p, n, scale),
    layerNorm: (x, y, rows, s, d, g, b, eps) => layerNormJs(f32, u16, half, x, y, rows, s, d, g, b, eps),
    scale: (x, s, rows, n, to) => scaleJs(f32, x, s, rows, n, to),
    setRows: (y, ys, rows, b, n) => {
      for (let r = 0; r < rows; r++) {
        const o = (y >> 2) + r * ys;
        for (let j = 0; j < n; j++) f32[o + j] = half[u16[(b >> 1) + j]!]!;
        f32.fill(0, o + n, o + ys);
      }
    },
    addRows: (y, ys, rows, b, n) => {
      for (let r = 0; r < rows; r++) {
        const o = (y >> 2) + r * ys;
        for (let j = 0; j < n; j++) f32[o + j] = f32[o + j]! + half[u16[(b >> 1) + j]!]!;
      }
    },
    embed: (y, a, as, b, n) => {
      for (let j = 0; j < n; j++)
        f32[(y >> 2) + j] = half[u16[(a >> 1) + j * as]!]! + half[u16[(b >> 1) + j]!]!;
    },
    argmax: (p, n) => {
      let best = 0;
      for (let j = 1; j < n; j++) if (f32[(p >> 2) + j]! > f32[(p >> 2) + best]!) best = j;
      return best;
    },
    sha256: (h, _k, w, p, n) =>
      compress(new Int32Array(buffer, h, 8), new Int32Array(buffer, w, 64), u8, p, p + 64 * n),
    mm(x, xs, rows, w, ws, y, ys, n, scaled) {
      if (!(js.scale(x, xs, rows, n, scaled) < 2 ** 15)) return 1;
      js.mmF16(scaled, xs, rows, w, ws, y, ys, n);
      return 0;
    },
    attention(qkv, k, v, p, d, heads, T, scores, att, scale) {
      const hd = d / heads;
      const q = qkv >> 2;
      for (let h = 0; h < heads; h++) {
        const at = (h * T + p) * hd;
        f32.copyWithin((k >> 2) + at, q + d + h * hd, q + d + h * hd + hd);
        f32.copyWithin((v >> 2) + at, q + 2 * d + h * hd, q + 2 * d + h * hd + hd);
      }
      for (let h = 0; h < heads; h++) {
        const cache = 4 * h * T * hd;
        js.dots(qkv + 4 * h * hd, k + cache, p + 1, hd, scores);
        js.softmax(scores, p + 1, scale);
        f32.fill(0, (att >> 2) + h * hd, (att >> 2) + h * hd + hd);
        js.mvF32(scores, v + cache, hd, att + 4 * h * hd, p + 1, hd);
      }
    },
    base64: (p, n, table) => {
      let bad = 0;
      for (let i = 0; i < n; i += 4) {
        const a = (u8[table + u8[p + i]!]! << 24) >> 24; // the table's bytes are signed
        const b = (u8[table + u8[p + i + 1]!]! << 24) >> 24;
        const c = (u8[table + u8[p + i + 2]!]! << 24) >> 24;
        const e = (u8[table + u8[p + i + 3]!]! << 24) >> 24;
        bad |= a | b | c | e;
        const v = (a << 18) | (b << 12) | (c << 6) | e;
        const o = p + (i / 4) * 3;
        u8[o] = v >> 16;
        u8[o + 1] = v >> 8;
        u8[o + 2] = v;
      }
      return bad >= 0 ? 1 : 0;
    },
    put: (src, n, dst, form, rows, cols, r, c) => {
      let bad = 0;
      for (let i = 0; i < n; i++) {
        const h = u16[(src >> 1) + i]!;
        bad |= (h & 0x7c00) === 0x7c00 ? 1 : 0;
        const at = form === 0 ? r * cols + c : form === 1 ? panelIndex(r, c, rows) : panelIndex(c, r, cols);
        u16[(dst >> 1) + at] = h;
        if (++c === cols) {
          c = 0;
          r++;
        }
      }
      return bad;
    },
  };
  return js;
}

/** LayerNorm over the first d values of each row (biased variance, ε from the architecture), in double. */
function layerNormJs(
  f32: Float32Array,
  u16: Uint16Array,
  half: Float32Array,
  from: number,
  to: number,
  rows: number,
  s: number,
  d: number,
  g: number,
  b: number,
  eps: number,
): void {
  for (let r = 0; r < rows; r++) {
    const x = (from >> 2) + r * s;
    const y = (to >> 2) + r * s;
    let mean = 0;
    for (let j = 0; j < d; j++) mean += f32[x + j]!;
    mean /= d;
    let variance = 0;
    for (let j = 0; j < d; j++) {
      const c = f32[x + j]! - mean;
      variance += c * c;
    }
    const rs = 1 / Math.sqrt(variance / d + eps);
    for (let j = 0; j < d; j++)
      f32[y + j] = (f32[x + j]! - mean) * rs * half[u16[(g >> 1) + j]!]! + half[u16[(b >> 1) + j]!]!;
  }
}

function scaleJs(f32: Float32Array, x: number, s: number, rows: number, n: number, to: number): number {
  let max = 0;
  for (let r = 0; r < rows; r++) {
    const from = (x >> 2) + r * s;
    const o = (to >> 2) + r * s;
    for (let i = 0; i < n; i++) {
      const v = f32[from + i]!;
      max = Math.max(max, Math.abs(v));
      f32[o + i] = v * X_SCALE;
    }
  }
  return max;
}

const tables = new Map<number, Float32Array>();
/** Every half times `scale` as a float32 — exact for 1 and 2^-112 (256 KB each, only for the JS kernels). */
function halfTable(scale: number): Float32Array {
  let table = tables.get(scale);
  if (!table) {
    table = new Float32Array(65536);
    for (let h = 0; h < 65536; h++) table[h] = halfToFloat(h) * scale;
    tables.set(scale, table);
  }
  return table;
}

// The JS twins. Storing into a Float32Array rounds to float32; a float32 sum or product computed in double
// and then rounded is the correctly rounded float32 result, as the WASM computes it.
function mmF16Js(
  f32: Float32Array,
  u16: Uint16Array,
  half: Float32Array,
  x: number,
  xs: number,
  rows: number,
  w: number,
  ws: number,
  y: number,
  ys: number,
  n: number,
): void {
  const fr = Math.fround;
  const w0 = w >> 1;
  for (let r = 0; r < rows; r++) {
    const xr = (x >> 2) + r * xs;
    const yr = (y >> 2) + r * ys;
    for (let p = 0; p < ws; p += PANEL) {
      const panel = w0 + p * n;
      for (let i = 0; i < n; i++) {
        const xi = f32[xr + i]!;
        const row = panel + i * PANEL;
        for (let j = 0; j < PANEL; j++)
          f32[yr + p + j] = f32[yr + p + j]! + fr(xi * half[u16[row + SLOT[j]!]!]!);
      }
    }
  }
}

function mvF32Js(f32: Float32Array, x: number, w: number, ws: number, y: number, n: number, m: number): void {
  const fr = Math.fround;
  const x0 = x >> 2;
  const y0 = y >> 2;
  for (let i = 0; i < n; i++) {
    const xi = f32[x0 + i]!;
    const row = (w >> 2) + i * ws;
    for (let j = 0; j < m; j++) f32[y0 + j] = f32[y0 + j]! + fr(xi * f32[row + j]!);
  }
}

// GELU and softmax as kernels.wat computes them, one float32 operation at a time (the trainer's twins), with the
// agent format's expf (one source with the trainer's; its WAT is packages/agent-format/src/exp.wat).
const fr = Math.fround;
const GELU_C = fr(0.7978845608028654);
const GELU_A = fr(0.044715);

function geluJs(f32: Float32Array, p: number, n: number): void {
  const at = p >> 2;
  for (let i = 0; i < n; i++) {
    const x = f32[at + i]!;
    const u = fr(GELU_C * fr(x + fr(GELU_A * fr(fr(x * x) * x))));
    const t = fr(1 - fr(2 / fr(expf(fr(u + u)) + 1)));
    f32[at + i] = fr(fr(0.5 * x) * fr(1 + t));
  }
}

function softmaxJs(f32: Float32Array, p: number, n: number, scale: number): void {
  const at = p >> 2;
  scale = fr(scale);
  let m = -Infinity;
  for (let i = 0; i < n; i++) m = Math.max(m, f32[at + i]!);
  const shift = fr(m * scale);
  const n4 = n & ~3;
  const acc = [0, 0, 0, 0];
  for (let i = 0; i < n4; i++) {
    const e = expf(fr(fr(f32[at + i]! * scale) - shift));
    f32[at + i] = e;
    acc[i & 3] = fr(acc[i & 3]! + e);
  }
  let s = fr(fr(acc[0]! + acc[1]!) + fr(acc[2]! + acc[3]!));
  for (let i = n4; i < n; i++) {
    const e = expf(fr(fr(f32[at + i]! * scale) - shift));
    f32[at + i] = e;
    s = fr(s + e);
  }
  const inv = fr(1 / s);
  for (let i = 0; i < n; i++) f32[at + i] = fr(f32[at + i]! * inv);
}

function dotsJs(f32: Float32Array, q: number, k: number, n: number, m: number, out: number): void {
  const q0 = q >> 2;
  const m4 = m & ~3;
  for (let t = 0; t < n; t++) {
    const k0 = (k >> 2) + t * m;
    const acc = [0, 0, 0, 0];
    for (let i = 0; i < m4; i++) acc[i & 3] = fr(acc[i & 3]! + fr(f32[q0 + i]! * f32[k0 + i]!));
    let s = fr(fr(acc[0]! + acc[1]!) + fr(acc[2]! + acc[3]!));
    for (let i = m4; i < m; i++) s = fr(s + fr(f32[q0 + i]! * f32[k0 + i]!));
    f32[(out >> 2) + t] = s;
  }
}
