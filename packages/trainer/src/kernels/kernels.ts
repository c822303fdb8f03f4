// The kernels (matrix multiply, exp-and-sum for softmax, GELU) and the memory they work in.
//
// Every tensor of a model lives in one Float32Array, `Arena.f32` (the WebAssembly memory for the
// WASM kernel), so kernels take views of it and work in place with no copies. The arena is sized
// once up front: growing a WebAssembly memory detaches every existing view.
//
// gemm(A, B, C, M, N, K, sai, sak, ldb, ldc, accumulate), on views of the arena:
//   C[i*ldc + j] (+)= Σ_k A[i*sai + k*sak] · B[k*ldb + j]
// sai/sak choose A·B (lda, 1) or Aᵀ·B (1, lda). A·Bᵀ is `transpose` into a scratch view, then A·B.
// Both implementations sum in the same order with f32 rounding at each step: they agree bit for bit.
// expSum and gelu/geluBackward: see kernels.wat and their JS twins in elementwise.ts.
import { expSumJs, geluBackwardJs, geluJs } from './elementwise.js';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.js';

export type Gemm = (
  a: Float32Array,
  b: Float32Array,
  c: Float32Array,
  M: number,
  N: number,
  K: number,
  sai: number,
  sak: number,
  ldb: number,
  ldc: number,
  accumulate: boolean,
) => void;

export type KernelKind = 'wasm-simd' | 'js';

export interface Arena {
  readonly kind: KernelKind;
  readonly f32: Float32Array;
  /** A view of `length` floats starting `offset` floats into the arena. */
  view(offset: number, length: number): Float32Array;
  readonly gemm: Gemm;
  /** p[i] = exp(p[i]·scale − shift) for i < n; returns their sum. */
  readonly expSum: (p: Float32Array, n: number, scale: number, shift: number) => number;
  /** y = GELU(x) (tanh form), t = the tanh inside it (kept for geluBackward). */
  readonly gelu: (x: Float32Array, y: Float32Array, t: Float32Array, n: number) => void;
  /** dy ← dy · GELU'(x). */
  readonly geluBackward: (x: Float32Array, t: Float32Array, dy: Float32Array, n: number) => void;
}

/** The reference kernel: plain JS with f32 rounding at every step (Math.fround), like the WASM one. */
export const gemmJs: Gemm = (a, b, c, M, N, K, sai, sak, ldb, ldc, accumulate) => {
  const fr = Math.fround;
  for (let i = 0; i < M; i++) {
    const ai = i * sai;
    const ci = i * ldc;
    for (let j = 0; j < N; j++) {
      let s = accumulate ? c[ci + j]! : 0;
      for (let k = 0, pa = ai, pb = j; k < K; k++, pa += sak, pb += ldb) s = fr(s + fr(a[pa]! * b[pb]!));
      c[ci + j] = s;
    }
  }
};

/** out[j*rows + i] = src[i*ld + j] for a rows×cols block of `src` (row stride ld): out is cols×rows. */
export function transpose(
  src: Float32Array,
  rows: number,
  cols: number,
  ld: number,
  out: Float32Array,
): void {
  for (let i = 0; i < rows; i++) {
    const si = i * ld;
    for (let j = 0, o = i; j < cols; j++, o += rows) out[o] = src[si + j]!;
  }
}

let wasmModule: WebAssembly.Module | null | undefined;

/** The compiled kernel module, or null where WebAssembly SIMD is not available. */
function gemmModule(): WebAssembly.Module | null {
  if (wasmModule !== undefined) return wasmModule;
  try {
    const bytes = base64ToBytes(KERNELS_WASM_BASE64);
    wasmModule = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    wasmModule = null;
  }
  return wasmModule;
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function wasmSimdAvailable(): boolean {
  return gemmModule() !== null;
}

const PAGE = 65536;

/**
 * An arena of `floats` floats with its kernel: WebAssembly SIMD when available (or `kind: 'wasm-simd'`
 * is asked for, which then throws when it is not), else plain JS.
 */
export function createArena(floats: number, kind?: KernelKind): Arena {
  const module = kind === 'js' ? null : gemmModule();
  if (kind === 'wasm-simd' && !module) throw new Error('WebAssembly SIMD is not available');
  if (!module) {
    const f32 = new Float32Array(floats);
    return {
      kind: 'js',
      f32,
      view: (o, n) => f32.subarray(o, o + n),
      gemm: gemmJs,
      expSum: expSumJs,
      gelu: geluJs,
      geluBackward: geluBackwardJs,
    };
  }
  const instance = new WebAssembly.Instance(module, {});
  const memory = instance.exports.memory as WebAssembly.Memory;
  const exports = instance.exports as Record<string, (...args: number[]) => number>;
  const wasmGemm = exports.gemm!;
  const wasmExpSum = exports.exp_sum!;
  const wasmGelu = exports.gelu!;
  const wasmGeluBackward = exports.gelu_backward!;
  const bytes = floats * 4;
  if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
  const f32 = new Float32Array(memory.buffer); // never grown again: views stay valid
  const ptr = (v: Float32Array) => {
    if (v.buffer !== f32.buffer) throw new Error('kernel operands must be views of the arena');
    return v.byteOffset;
  };
  return {
    kind: 'wasm-simd',
    f32,
    view: (o, n) => f32.subarray(o, o + n),
    gemm: (a, b, c, M, N, K, sai, sak, ldb, ldc, accumulate) => {
      if (M === 0 || N === 0) return;
      wasmGemm(ptr(a), ptr(b), ptr(c), M, N, K, sai, sak, ldb, ldc, accumulate ? 1 : 0);
    },
    expSum: (p, n, scale, shift) => wasmExpSum(ptr(p), n, scale, shift),
    gelu: (x, y, t, n) => void wasmGelu(ptr(x), ptr(y), ptr(t), n),
    geluBackward: (x, t, dy, n) => void wasmGeluBackward(ptr(x), ptr(t), ptr(dy), n),
  };
}
