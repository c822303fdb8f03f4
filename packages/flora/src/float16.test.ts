import { describe, expect, it } from 'vitest';
import { finiteHalfToFloat, halfIsFinite, halfToFloat } from './float16.js';

describe('float16', () => {
  it('converts every half exactly (known values), and the fast path agrees on every finite half', () => {
    expect([0x3c00, 0xc000, 0x7bff, 0x0001, 0x8400, 0x0000, 0x8000].map(halfToFloat)).toEqual([
      1,
      -2,
      65504,
      2 ** -24,
      -(2 ** -14),
      0,
      -0,
    ]);
    expect(halfToFloat(0x7c00)).toBe(Infinity);
    expect(halfToFloat(0x7e00)).toBeNaN();
    for (let h = 0; h < 65536; h++)
      if (halfIsFinite(h)) expect(Object.is(finiteHalfToFloat(h), halfToFloat(h))).toBe(true);
  });
});
