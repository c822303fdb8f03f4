import { describe, expect, it } from 'vitest';
import { fromFloat16, toFloat16 } from './float16.js';

/** The next float32 above / below a positive float32. */
function nextUp(x: number, dir: 1 | -1): number {
  const f = new Float32Array([x]);
  new Uint32Array(f.buffer)[0]! += dir;
  return f[0]!;
}

describe('float16', () => {
  // Loops collect the failures and assert once (an expect per value would take seconds).
  it('round-trips every float16 value', () => {
    const wrong: number[] = [];
    for (let h = 0; h < 0x10000; h++) {
      const x = fromFloat16(h);
      if (Number.isNaN(x) ? !Number.isNaN(fromFloat16(toFloat16(x))) : toFloat16(x) !== h) wrong.push(h);
    }
    expect(wrong).toEqual([]);
  });

  it('rounds to nearest, ties to even, at every midpoint (subnormals and normals)', () => {
    const wrong: number[] = [];
    for (let h = 0; h < 0x7bff; h++) {
      const mid = (fromFloat16(h) + fromFloat16(h + 1)) / 2; // exact in float32 (12 significant bits)
      const even = h & 1 ? h + 1 : h;
      if (
        toFloat16(mid) !== even ||
        toFloat16(nextUp(mid, -1)) !== h ||
        toFloat16(nextUp(mid, 1)) !== h + 1 ||
        toFloat16(-mid) !== (even | 0x8000)
      )
        wrong.push(h);
    }
    expect(wrong).toEqual([]);
  });

  it('handles the edges: zero, subnormals, overflow, infinity, NaN', () => {
    expect(toFloat16(0)).toBe(0);
    expect(toFloat16(-0)).toBe(0x8000);
    expect(toFloat16(2 ** -24)).toBe(1); // smallest subnormal
    expect(toFloat16(2 ** -25)).toBe(0); // tie with zero → even
    expect(toFloat16(nextUp(2 ** -25, 1))).toBe(1);
    expect(toFloat16(3 * 2 ** -25)).toBe(2); // tie between 1 and 2 → even
    expect(toFloat16(1e-10)).toBe(0);
    expect(toFloat16(2 ** -14)).toBe(0x400); // smallest normal
    expect(toFloat16(2 ** -14 - 2 ** -25)).toBe(0x400); // 1023.5 subnormal units: tie → even 1024
    expect(toFloat16(65504)).toBe(0x7bff); // largest finite
    expect(toFloat16(65519)).toBe(0x7bff);
    expect(toFloat16(65520)).toBe(0x7c00); // tie with "65536" → even, which is Infinity
    expect(toFloat16(1e6)).toBe(0x7c00);
    expect(toFloat16(-1e6)).toBe(0xfc00);
    expect(toFloat16(Infinity)).toBe(0x7c00);
    expect(toFloat16(-Infinity)).toBe(0xfc00);
    expect(Number.isNaN(fromFloat16(toFloat16(NaN)))).toBe(true);
    expect(fromFloat16(0x7c00)).toBe(Infinity);
    expect(fromFloat16(0x3c00)).toBe(1);
    expect(fromFloat16(0xc000)).toBe(-2);
    expect(fromFloat16(0x3555)).toBeCloseTo(1 / 3, 3);
  });
});
