// JS reference of the element-wise WebAssembly kernels (kernels.wat): the same f32 operations in
// the same order, each rounded with Math.fround, so both give bit-identical results (the tests check).
// Used when WebAssembly SIMD is unavailable; slower than the WASM (and than Math.exp), but exact.
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
const GELU_3A = fr(0.134145);

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
