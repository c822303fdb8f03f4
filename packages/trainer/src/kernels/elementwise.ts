// JS reference of the element-wise WebAssembly kernels (kernels.wat): the same f32 operations in
// the same order, each rounded with Math.fround, so both give bit-identical results (the tests check).
// Used when WebAssembly SIMD is unavailable; slower than the WASM (and than Math.exp), but exact. exp is the
// agent format's (one source with Flora's; its WAT is packages/agent-format/src/exp.wat).
import { expf } from '@greenhouse/agent-format';

const fr = Math.fround;

const GELU_C = fr(0.7978845608028654);
const GELU_A = fr(0.044715);
const GELU_3A = fr(0.134145);

/** p[i] = exp(p[i]·scale − shift) for i < n; returns Σ p[i] summed as the WASM kernel does. */
export function expSumJs(p: Float32Array, n: number, scale: number, shift: number): number {
  scale = fr(scale);
  shift = fr(shift);
  const n4 = n & ~3;
  const acc = [0, 0, 0, 0];
  for (let i = 0; i < n4; i++) {
    const e = expf(fr(fr(p[i]! * scale) - shift));
    p[i] = e;
    acc[i & 3] = fr(acc[i & 3]! + e);
  }
  let s = fr(fr(acc[0]! + acc[1]!) + fr(acc[2]! + acc[3]!));
  for (let i = n4; i < n; i++) {
    const e = expf(fr(fr(p[i]! * scale) - shift));
    p[i] = e;
    s = fr(s + e);
  }
  return s;
}

/** GELU (tanh form) of n values; t receives tanh(·) for the backward pass. */
export function geluJs(x: Float32Array, y: Float32Array, t: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const u = fr(GELU_C * fr(v + fr(GELU_A * fr(fr(v * v) * v))));
    const th = fr(1 - fr(2 / fr(expf(fr(u + u)) + 1)));
    t[i] = th;
    y[i] = fr(fr(0.5 * v) * fr(1 + th));
  }
}

/** dy ← dy · gelu'(x), from x and the t kept by the forward pass. */
export function geluBackwardJs(x: Float32Array, t: Float32Array, dy: Float32Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const th = t[i]!;
    const dt = fr(fr(fr(1 - fr(th * th)) * GELU_C) * fr(1 + fr(GELU_3A * fr(v * v))));
    dy[i] = fr(dy[i]! * fr(fr(0.5 * fr(1 + th)) + fr(fr(0.5 * v) * dt)));
  }
}
