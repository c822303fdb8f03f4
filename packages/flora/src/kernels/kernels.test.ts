import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { compileWat } from '../../../../scripts/build-wasm.mjs';
import { halfToFloat } from '../float16.js';
import { argmax, mulberry32 } from '../sampling.js';
import { Sha256, SHA256_K } from '../sha256.js';
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

/** Both kernels over the same random floats (and random halves from byte `halvesAt` on). */
async function twins(seed: number, floats: number, halvesAt: number, halves: number) {
  const random = mulberry32(seed);
  const ks = [await createKernels(65536, 'wasm-simd'), await createKernels(65536, 'js')];
  const data = Array.from({ length: floats }, () => Math.fround((random() - 0.5) * 8));
  const hs = Array.from({ length: halves }, () => randomHalf(random));
  for (const k of ks) {
    k.f32.set(data);
    k.u16.set(hs, halvesAt / 2);
  }
  return { ks, data, hs };
}

describe('the glue kernels: WASM and JS give the same bits', () => {
  it.each([1, 5, 24, 33])('layerNorm over %i values, as the formula in double', async (d) => {
    const s = d + 7;
    const { ks, data, hs } = await twins(d, 3 * s, 4 * 3 * s, 2 * d);
    const [g, b] = [4 * 3 * s, 4 * 3 * s + 2 * d];
    for (const k of ks) k.layerNorm(0, 4 * 3 * s + 4 * d + 64, 3, s, d, g, b, 1e-5);
    const y = 3 * s + d + 16;
    expect(bitsOf(ks[0]!, 4 * y, 3 * s)).toEqual(bitsOf(ks[1]!, 4 * y, 3 * s));
    for (let r = 0; r < 3; r++) {
      const x = data.slice(r * s, r * s + d);
      const mean = x.reduce((a, v) => a + v, 0) / d;
      const rs = 1 / Math.sqrt(x.reduce((a, v) => a + (v - mean) ** 2, 0) / d + 1e-5);
      x.forEach((v, j) =>
        expect(ks[0]!.f32[y + r * s + j]).toBe(
          Math.fround((v - mean) * rs * halfToFloat(hs[j]!) + halfToFloat(hs[d + j]!)),
        ),
      );
    }
  });

  it('scale: x·2^112 and max |x| (NaN when an x is NaN)', async () => {
    const { ks, data } = await twins(7, 200, 4096, 0);
    const maxes = ks.map((k) => k.scale(4, 50, 3, 37, 4000));
    expect(maxes[0]).toBe(maxes[1]);
    expect(maxes[0]).toBe(
      Math.max(...[0, 1, 2].flatMap((r) => data.slice(1 + r * 50, 1 + r * 50 + 37)).map(Math.abs)),
    );
    expect(bitsOf(ks[0]!, 4000, 150)).toEqual(bitsOf(ks[1]!, 4000, 150));
    expect(ks[0]!.f32[1000 + 50 + 3]).toBe(data[1 + 50 + 3]! * X_SCALE);
    for (const k of ks) k.f32[60] = NaN;
    for (const k of ks) expect(k.scale(4, 50, 3, 37, 4000)).toBeNaN();
  });

  it('setRows, addRows and embed (float16 vectors)', async () => {
    const { ks, data, hs } = await twins(9, 400, 8192, 300);
    for (const k of ks) {
      k.setRows(0, 40, 3, 8192, 33); // bias then zeros up to the stride
      k.addRows(4 * 120, 40, 2, 8192 + 66, 21);
      k.embed(4 * 200, 8192 + 2 * 100, 3, 8192 + 2 * 200, 30);
    }
    expect(bitsOf(ks[0]!, 0, 400)).toEqual(bitsOf(ks[1]!, 0, 400));
    const f = ks[0]!.f32;
    expect(f[40 + 5]).toBe(halfToFloat(hs[5]!));
    expect(f[40 + 35]).toBe(0);
    expect(f[160 + 7]).toBe(Math.fround(data[160 + 7]! + halfToFloat(hs[33 + 7]!)));
    expect(f[160 + 30]).toBe(data[160 + 30]);
    expect(f[200 + 4]).toBe(Math.fround(halfToFloat(hs[100 + 12]!) + halfToFloat(hs[200 + 4]!)));
  });

  it('argmax: the first index of the largest, as sampling.ts', async () => {
    const { ks } = await twins(11, 600, 4096, 0);
    for (const at of [0, 250, 400]) {
      for (const k of ks) k.f32[at + 40] = k.f32[at + 90] = 100; // a tie: the first wins
      const expected = argmax(ks[1]!.f32.subarray(at, at + 150));
      expect(expected).toBe(40);
      for (const k of ks) expect(k.argmax(4 * at, 150)).toBe(expected);
    }
  });
});

describe('sha256', () => {
  const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  it('the JS class: any lengths, in any pieces, as node:crypto', () => {
    const random = mulberry32(5);
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 4099]) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
      const h = new Sha256();
      for (let i = 0; i < n;) {
        const k = Math.min(n - i, 1 + Math.floor(random() * 150));
        h.update(bytes.subarray(i, i + k));
        i += k;
      }
      expect(h.hex()).toBe(sha(bytes));
    }
  });

  it('the kernels compress blocks in their memory: WASM and JS as node:crypto', async () => {
    const random = mulberry32(6);
    const bytes = Uint8Array.from({ length: 64 * 37 + 11 }, () => Math.floor(random() * 256));
    for (const kind of ['wasm-simd', 'js'] as const) {
      const k = await createKernels(65536, kind);
      const u8 = new Uint8Array(k.f32.buffer);
      u8.set(bytes, 1024);
      new Int32Array(k.f32.buffer, 64, 64).set(SHA256_K);
      let calls = 0;
      const h = new Sha256(new Int32Array(k.f32.buffer, 0, 8), (b, from, to) => {
        if (b.buffer !== k.f32.buffer) return false;
        k.sha256(0, 64, 320, b.byteOffset + from, (to - from) >> 6);
        calls++;
        return true;
      });
      h.update(u8.subarray(1024, 1024 + 64 * 20)).update(u8.subarray(1024 + 64 * 20, 1024 + bytes.length));
      expect(h.hex()).toBe(sha(bytes));
      expect(calls).toBe(2);
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
