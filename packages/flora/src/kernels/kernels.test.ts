import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { compileWat } from '../../../../scripts/build-wasm.mjs';
import { halfToFloat } from '../float16.js';
import { mulberry32 } from '../sampling.js';
import { createKernels, panelIndex, PANEL, wasmSimdAvailable, X_SCALE, type Kernels } from './kernels.js';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.js';

/** Random halves: normal of both signs, some subnormal, some zero (never Inf/NaN). */
function randomHalf(random: () => number): number {
  const u = random();
  if (u < 0.05) return 0;
  if (u < 0.1) return (random() < 0.5 ? 0x8000 : 0) | Math.floor(random() * 1023 + 1); // subnormal
  const exponent = 1 + Math.floor(random() * 20); // up to 2^5: keeps sums in range
  return (random() < 0.5 ? 0x8000 : 0) | (exponent << 10) | Math.floor(random() * 1024);
}

interface Case {
  rows: number;
  n: number;
  cols: number;
}

/** Fills both kernels' memories identically: x (scaled by X_SCALE and not), W in panels, y; returns W and x. */
function setUp(ks: Kernels[], c: Case, seed: number) {
  const random = mulberry32(seed);
  const ws = Math.ceil(c.cols / PANEL) * PANEL;
  const W = Array.from({ length: c.n * c.cols }, () => randomHalf(random));
  const x = Array.from({ length: c.rows * c.n }, () => Math.fround((random() - 0.5) * 4));
  const y = Array.from({ length: c.rows * ws }, () => Math.fround(random() - 0.5));
  const at = { w: 0, x: 4 * 65536, xScaled: 8 * 65536, y: 12 * 65536 };
  for (const k of ks) {
    for (let i = 0; i < c.n; i++)
      for (let j = 0; j < c.cols; j++) k.u16[panelIndex(i, j, c.n)] = W[i * c.cols + j]!;
    x.forEach((v, i) => {
      k.f32[at.x / 4 + i] = v;
      k.f32[at.xScaled / 4 + i] = v * X_SCALE;
    });
    k.f32.set(y, at.y / 4);
  }
  return { W, x, y, ws, at };
}

const bitsOf = (k: Kernels, at: number, n: number) => Array.from(new Uint32Array(k.f32.buffer, at, n));

describe('mmF16: the float16 matrix kernel', () => {
  it('WebAssembly SIMD is available in this Node', async () => {
    expect(await wasmSimdAvailable()).toBe(true);
  });

  // Rows around the 4-row blocks, widths of one and several panels, padding columns.
  const cases: Case[] = [
    { rows: 1, n: 1, cols: 1 },
    { rows: 1, n: 7, cols: 32 },
    { rows: 3, n: 16, cols: 40 },
    { rows: 4, n: 33, cols: 64 },
    { rows: 5, n: 24, cols: 96 },
    { rows: 9, n: 50, cols: 100 },
  ];

  it.each(cases)(
    'WASM and JS give the same bits, and x·W to float32 accuracy ($rows×$n·$n×$cols)',
    async (c) => {
      const wasm = await createKernels(16 * 65536, 'wasm-simd');
      const js = await createKernels(16 * 65536, 'js');
      const { W, x, y, ws, at } = setUp([wasm, js], c, c.rows * 100 + c.n);
      for (const k of [wasm, js]) k.mmF16(at.xScaled, c.n, c.rows, at.w, ws, at.y, ws, c.n);
      expect(bitsOf(wasm, at.y, c.rows * ws)).toEqual(bitsOf(js, at.y, c.rows * ws));
      for (let r = 0; r < c.rows; r++)
        for (let j = 0; j < c.cols; j++) {
          let s = y[r * ws + j]!;
          let scale = Math.abs(s);
          for (let i = 0; i < c.n; i++) {
            const p = x[r * c.n + i]! * halfToFloat(W[i * c.cols + j]!);
            s += p;
            scale += Math.abs(p);
          }
          expect(Math.abs(wasm.f32[at.y / 4 + r * ws + j]! - s)).toBeLessThanOrEqual(scale * 1e-6 + 1e-30);
        }
    },
  );

  it('the exact path (unscaled x, for large inputs) gives the same bits as the scaled kernel', async () => {
    const c = { rows: 6, n: 20, cols: 70 };
    const a = await createKernels(16 * 65536, 'wasm-simd');
    const b = await createKernels(16 * 65536, 'wasm-simd');
    const { ws, at } = setUp([a, b], c, 5);
    a.mmF16(at.xScaled, c.n, c.rows, at.w, ws, at.y, ws, c.n);
    b.mmF16Exact(at.x, c.n, c.rows, at.w, ws, at.y, ws, c.n);
    expect(bitsOf(a, at.y, c.rows * ws)).toEqual(bitsOf(b, at.y, c.rows * ws));
  });
});

describe('mvF32: the float32 row kernel (attention)', () => {
  it.each([1, 3, 4, 5, 16, 17, 33, 70])('WASM and JS give the same bits for %i columns', async (m) => {
    const random = mulberry32(m);
    const n = 13;
    const ws = 80;
    const ks = [await createKernels(65536, 'wasm-simd'), await createKernels(65536, 'js')];
    const data = Array.from({ length: n * ws + n + m }, () => Math.fround(random() * 2 - 1));
    for (const k of ks) k.f32.set(data);
    for (const k of ks) k.mvF32(4 * n * ws, 0, ws, 4 * (n * ws + n), n, m);
    expect(bitsOf(ks[0]!, 4 * (n * ws + n), m)).toEqual(bitsOf(ks[1]!, 4 * (n * ws + n), m));
    for (let j = 0; j < m; j++) {
      let s = data[n * ws + n + j]!;
      for (let i = 0; i < n; i++) s += data[n * ws + i]! * data[i * ws + j]!;
      expect(ks[0]!.f32[n * ws + n + j]).toBeCloseTo(s, 5);
    }
  });
});

describe('the committed WebAssembly', () => {
  it('is kernels.wat compiled (run npm run build:wasm -w @greenhouse/flora after editing it)', async () => {
    const wat = readFileSync(new URL('./kernels.wat', import.meta.url), 'utf8');
    const binary = (await compileWat(wat)) as Buffer;
    expect(binary.toString('base64')).toBe(KERNELS_WASM_BASE64);
  });
});

describe('gelu', () => {
  it('WASM and JS give the same bits, within 1e-6 of the tanh formula', async () => {
    const random = mulberry32(3);
    const n = 1003;
    const xs = Array.from({ length: n }, (_, i) =>
      Math.fround(i < 10 ? [0, -0, 1e-30, 20, -20, 100, -100, 3, -3, 0.5][i]! : (random() - 0.5) * 16),
    );
    const ks = [await createKernels(65536, 'wasm-simd'), await createKernels(65536, 'js')];
    for (const k of ks) {
      k.f32.set(xs);
      k.gelu(0, n);
    }
    expect(bitsOf(ks[0]!, 0, n)).toEqual(bitsOf(ks[1]!, 0, n));
    xs.forEach((x, i) => {
      const exact = 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x ** 3)));
      expect(Math.abs(ks[0]!.f32[i]! - exact)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(exact)));
    });
  });
});

describe('softmax', () => {
  it.each([1, 3, 4, 7, 64, 130])(
    'WASM and JS give the same bits over %i values, within 1e-6 of the exact softmax',
    async (n) => {
      const random = mulberry32(n);
      const xs = Array.from({ length: n }, () => Math.fround((random() - 0.5) * 30));
      const ks = [await createKernels(65536, 'wasm-simd'), await createKernels(65536, 'js')];
      for (const k of ks) {
        k.f32.set(xs, 4);
        k.softmax(16, n, 0.25);
      }
      expect(bitsOf(ks[0]!, 16, n)).toEqual(bitsOf(ks[1]!, 16, n));
      const max = Math.max(...xs);
      const e = xs.map((x) => Math.exp((x - max) * 0.25));
      const sum = e.reduce((a, b) => a + b, 0);
      e.forEach((v, i) => expect(Math.abs(ks[0]!.f32[4 + i]! - v / sum)).toBeLessThan(1e-6));
    },
  );
});

describe('dots', () => {
  it.each([1, 3, 4, 7, 16, 32, 33])('WASM and JS give the same bits for rows of %i', async (m) => {
    const random = mulberry32(m + 100);
    const n = 9;
    const ks = [await createKernels(65536, 'wasm-simd'), await createKernels(65536, 'js')];
    const data = Array.from({ length: m + n * m }, () => Math.fround(random() * 2 - 1));
    for (const k of ks) {
      k.f32.set(data);
      k.dots(0, 4 * m, n, m, 4 * (m + n * m));
    }
    expect(bitsOf(ks[0]!, 4 * (m + n * m), n)).toEqual(bitsOf(ks[1]!, 4 * (m + n * m), n));
    for (let t = 0; t < n; t++) {
      let s = 0;
      for (let i = 0; i < m; i++) s += data[i]! * data[m + t * m + i]!;
      expect(ks[0]!.f32[m + n * m + t]).toBeCloseTo(s, 5);
    }
  });
});
