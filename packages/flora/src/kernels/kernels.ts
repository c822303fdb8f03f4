// The matrix kernels and the memory they work in: the WebAssembly SIMD module of kernels.wat, or its JS twin
// when WebAssembly SIMD is unavailable. Both compute the same sums in the same order with float32 rounding at
// every step, so they agree bit for bit (tested).
//
// One memory per model, sized once (growing a WebAssembly memory would detach every view): the float16
// weight matrices and the float32 activations and KV cache. All pointers are BYTE offsets, 16-aligned.
//   mmF16(x, xs, rows, w, ws, y, ys, n): y[r·ys + j] += Σ_{i<n} x[r·xs + i] · half(W[i, j])·2^-112, j < ws
//     W [n, ws] float16 in panels of PANEL columns (ws a multiple of PANEL): see `panelIndex`. x must be the
//     real input times X_SCALE = 2^112 (exact; see kernels.wat): the result is then exactly Σ x·W as if the
//     halves were converted. mmF16Exact is the same on unscaled x (JS only), for |x| ≥ 2^16.
//   mvF32(x, w, ws, y, n, m):            y[j] += Σ_{i<n} x[i] · W[i·ws + j], j < m
//   dots(q, k, n, m, out):               out[t] = q · k[t] (the attention's scores)
//   gelu(p, n):                          GELU in place (Math.tanh costs ~20 ns; this ~1 ns a value)
//   softmax(p, n, scale):                softmax of the values times scale, in place (the attention's)
import { halfToFloat } from '../float16.js';
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
}

interface WasmExports {
  mm_f16: Kernels['mmF16'];
  mv_f32: Kernels['mvF32'];
  dots: Kernels['dots'];
  gelu: Kernels['gelu'];
  softmax: Kernels['softmax'];
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

// The kernel module is 2 KB: atob is fine here (the weights use decodeBase64).
function wasmBytes(): Uint8Array<ArrayBuffer> {
  const s = atob(KERNELS_WASM_BASE64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
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
    };
  }
  const buffer = new ArrayBuffer(pages * PAGE);
  const f32 = new Float32Array(buffer);
  const u16 = new Uint16Array(buffer);
  const scaled = halfTable(1 / X_SCALE);
  const half = halfTable(1);
  return {
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
  };
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

// exp and GELU as kernels.wat computes them, one float32 operation at a time (the trainer's twins).
const fr = Math.fround;
const LOG2E = fr(Math.LOG2E);
const MAGIC = 12582912; // 1.5·2^23: x + MAGIC − MAGIC rounds x to an integer, ties to even (in f32)
const C1 = fr(0.693359375);
const C2 = fr(-2.1219444e-4);
const P = [
  1.98756915e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1,
].map(fr);
const GELU_C = fr(0.7978845608028654);
const GELU_A = fr(0.044715);

/** exp(x) exactly as the WASM kernel computes it (Cephes expf; relative error ≈ 1e-7). */
export function expf(x: number): number {
  x = Math.min(Math.max(fr(x), fr(-87.3)), 88);
  const n = fr(fr(fr(x * LOG2E) + MAGIC) - MAGIC);
  let r = fr(x - fr(n * C1));
  r = fr(r - fr(n * C2));
  let p = P[0]!;
  for (let i = 1; i < P.length; i++) p = fr(fr(p * r) + P[i]!);
  const y = fr(fr(fr(p * fr(r * r)) + r) + 1);
  return fr(y * 2 ** n);
}

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
