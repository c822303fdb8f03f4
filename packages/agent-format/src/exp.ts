// exp(x) exactly as the model's WebAssembly kernels compute it (exp.wat, included in the trainer's and Flora's
// kernels.wat): the same float32 operations in the same order, each rounded with Math.fround, so the kernels'
// JavaScript fallbacks give the same bits (both packages' kernel tests compare them). Cephes expf: x = n·ln2 + r,
// |r| ≤ ln2/2, exp(r) by a degree-7 polynomial, times 2^n; relative error about 1e-7.
const fr = Math.fround;
const LOG2E = fr(Math.LOG2E);
const MAGIC = 12582912; // 1.5·2^23: x + MAGIC − MAGIC rounds x to an integer, ties to even (in f32)
const C1 = fr(0.693359375);
const C2 = fr(-2.1219444e-4);
const P = [
  1.98756915e-4, 1.3981999507e-3, 8.3334519073e-3, 4.1665795894e-2, 1.6666665459e-1, 5.0000001201e-1,
].map(fr);

/** exp(x) exactly as the WASM kernels compute it, x clamped to [-87.3, 88] (no Inf, no NaN). */
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
