// IEEE binary16 → number, exactly (every half is a float32 and a double).
export function halfToFloat(h: number): number {
  const e = (h >>> 10) & 31;
  const m = h & 1023;
  const sign = h & 0x8000 ? -1 : 1;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1024 + m) * 2 ** (e - 25);
}

/** Whether a half is ±Infinity or NaN (exponent all ones). */
export const halfIsFinite = (h: number) => (h & 0x7c00) !== 0x7c00;

const bits = new Uint32Array(1);
const asFloat = new Float32Array(bits.buffer);

/**
 * halfToFloat for finite halves, without Math.pow: the half's sign, exponent and mantissa placed as a
 * float32's (exponent unbiased) times 2^112 — exact, subnormals included (the kernel's trick, kernels.wat).
 */
export function finiteHalfToFloat(h: number): number {
  bits[0] = ((h & 0x8000) << 16) | ((h & 0x7fff) << 13);
  return asFloat[0]! * 2 ** 112;
}
