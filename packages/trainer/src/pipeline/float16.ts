// IEEE 754 binary16 ("half") conversion, for the agent file's weights: float32 → float16 rounding to
// nearest, ties to even (overflow → ±Infinity, values below half the smallest subnormal → ±0, NaN kept
// as a quiet NaN), and back exactly. Node 20 has no Float16Array.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float16 bits of `x` (first rounded to float32). */
export function toFloat16(x: number): number {
  f32[0] = x;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exp = (bits >>> 23) & 0xff;
  const mant = bits & 0x7fffff;
  if (exp === 0xff) return sign | (mant ? 0x7e00 : 0x7c00);
  const e = exp - 127 + 15; // the float16 biased exponent
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    // Subnormal result: value / 2⁻²⁴ = full · 2^(e−14), full = the 24-bit significand.
    if (e < -10) return sign; // below 2⁻²⁵ (half the smallest subnormal): rounds to zero
    const full = mant | 0x800000;
    const shift = 14 - e;
    const h = full >>> shift;
    const rest = full & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    // Rounding up from 1023 gives 0x400, the smallest normal: the bits carry correctly.
    return sign | (rest > half || (rest === half && h & 1) ? h + 1 : h);
  }
  const h = (e << 10) | (mant >>> 13);
  const rest = mant & 0x1fff;
  // A carry out of the mantissa bumps the exponent (up to Infinity at the top): still correct.
  return sign | (rest > 0x1000 || (rest === 0x1000 && h & 1) ? h + 1 : h);
}

/** The value of float16 bits `h`. */
export function fromFloat16(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 0x1f) return m ? NaN : sign * Infinity;
  return sign * (1024 + m) * 2 ** (e - 25);
}
