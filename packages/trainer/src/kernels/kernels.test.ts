import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../rng.js';
import { createArena, gemmJs, transpose, wasmSimdAvailable } from './kernels.js';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.js';

/** Float64 reference: C = op(A)·B (+ C). */
function reference(
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
  acc: boolean,
) {
  const out = Float64Array.from(c);
  for (let i = 0; i < M; i++)
    for (let j = 0; j < N; j++) {
      let s = acc ? c[i * ldc + j]! : 0;
      for (let k = 0; k < K; k++) s += a[i * sai + k * sak]! * b[k * ldb + j]!;
      out[i * ldc + j] = s;
    }
  return out;
}

describe('gemm kernels', () => {
  it('WebAssembly SIMD is available in this Node', () => {
    expect(wasmSimdAvailable()).toBe(true);
  });

  // Shapes around the 4×8 blocking: every remainder of rows (M mod 4) and columns (N mod 8, mod 4).
  const shapes: [number, number, number][] = [
    [1, 1, 1],
    [3, 5, 7],
    [4, 8, 16],
    [5, 9, 3],
    [7, 15, 33],
    [8, 12, 1],
    [13, 29, 17],
    [16, 64, 40],
    [6, 3, 0],
  ];

  for (const transposedA of [false, true]) {
    for (const acc of [false, true]) {
      it(`WASM and JS agree bit for bit with the float64 product (${transposedA ? 'Aᵀ·B' : 'A·B'}, accumulate ${acc})`, () => {
        const rng = new Rng(7);
        for (const [M, N, K] of shapes) {
          // A is M×K (or K×M when transposed) with a padded row stride; B and C with padded strides too.
          const lda = (transposedA ? M : K) + 3;
          const ldb = N + 2;
          const ldc = N + 5;
          const aLen = (transposedA ? K : M) * lda;
          const arena = createArena(aLen + K * ldb + M * ldc + 64, 'wasm-simd');
          const a = arena.view(0, aLen);
          const b = arena.view(aLen, K * ldb);
          const c = arena.view(aLen + K * ldb, M * ldc);
          for (const t of [a, b, c]) for (let i = 0; i < t.length; i++) t[i] = rng.normal();
          const [sai, sak] = transposedA ? [1, lda] : [lda, 1];
          const cJs = Float32Array.from(c);
          const want = reference(a, b, c, M, N, K, sai, sak, ldb, ldc, acc);
          arena.gemm(a, b, c, M, N, K, sai, sak, ldb, ldc, acc);
          gemmJs(a, b, cJs, M, N, K, sai, sak, ldb, ldc, acc);
          expect(Array.from(c)).toEqual(Array.from(cJs));
          for (let i = 0; i < c.length; i++)
            expect(Math.abs(c[i]! - want[i]!)).toBeLessThan(1e-4 * (1 + Math.sqrt(K)));
        }
      });
    }
  }

  it('transposes a strided block', () => {
    const src = Float32Array.from([1, 2, 3, 0, 4, 5, 6, 0]);
    const out = new Float32Array(6);
    transpose(src, 2, 3, 4, out);
    expect(Array.from(out)).toEqual([1, 4, 2, 5, 3, 6]);
  });

  it('the committed WebAssembly is built from kernels.wat (run `npm run build:wasm -w @greenhouse/trainer`)', async () => {
    // @ts-expect-error plain JS build script without types
    const { compileWat } = (await import('../../../../scripts/build-wasm.mjs')) as {
      compileWat: (wat: string) => Promise<Buffer>;
    };
    const wat = readFileSync(new URL('./kernels.wat', import.meta.url), 'utf8');
    expect((await compileWat(wat)).toString('base64')).toBe(KERNELS_WASM_BASE64);
  });
});

describe('element-wise kernels', () => {
  const wasm = createArena(4096, 'wasm-simd');
  const js = createArena(4096, 'js');
  const fill = (seed: number, n: number, spread: number) => {
    const rng = new Rng(seed);
    return Float32Array.from({ length: n }, () => rng.normal() * spread);
  };

  it('exp is accurate and the same in WASM and JS, with every tail length', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 61, 1000]) {
      const values = fill(n, n, 30);
      values[0] = -200; // clamped, no denormal trouble
      const [a, b] = [wasm, js].map((arena) => {
        const p = arena.view(0, n);
        p.set(values);
        return { sum: arena.expSum(p, n, 0.5, 3), p: Array.from(p) };
      });
      expect(a!.sum).toBe(b!.sum);
      expect(a!.p).toEqual(b!.p);
      let want = 0;
      values.forEach((v, i) => {
        const e = Math.exp(Math.fround(Math.fround(v * 0.5) - 3));
        want += e;
        // Inputs below −87.3 are clamped there: exp is then ~1e-38 instead of smaller.
        if (i === 0) expect(a!.p[i]!).toBeLessThan(2e-38);
        else expect(Math.abs(a!.p[i]! - e)).toBeLessThanOrEqual(3e-7 * e);
      });
      expect(Math.abs(a!.sum - want)).toBeLessThan(1e-6 * want + 2e-38);
    }
    const big = wasm.view(0, 1);
    big[0] = 500;
    expect(Number.isFinite(wasm.expSum(big, 1, 1, 0))).toBe(true);
  });

  it('GELU forward and backward are accurate and the same in WASM and JS', () => {
    const n = 203;
    const x = fill(3, n, 3);
    const dy = fill(4, n, 1);
    const [a, b] = [wasm, js].map((arena) => {
      const [vx, vy, vt, vd] = [0, 1, 2, 3].map((i) => arena.view(i * 256, n)) as Float32Array[];
      vx!.set(x);
      vd!.set(dy);
      arena.gelu(vx!, vy!, vt!, n);
      arena.geluBackward(vx!, vt!, vd!, n);
      return { y: Array.from(vy!), dx: Array.from(vd!) };
    });
    expect(a!.y).toEqual(b!.y);
    expect(a!.dx).toEqual(b!.dx);
    const gelu = (v: number) => 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v ** 3)));
    x.forEach((v, i) => {
      expect(Math.abs(a!.y[i]! - gelu(v))).toBeLessThan(2e-6 * (1 + Math.abs(v)));
      const numeric = (gelu(v + 1e-4) - gelu(v - 1e-4)) / 2e-4;
      expect(Math.abs(a!.dx[i]! - dy[i]! * numeric)).toBeLessThan(1e-4);
    });
  });
});
