/* Decimal text to the nearest double (ties to even), the value JavaScript's Number() gives the same text. The
 * reaction model buckets a key line's numbers in their slot's range, ⌊8·(n − min)/(max − min)⌋ (version 2), so n,
 * min and max must be the very doubles Flora-JS has: a sum of digit·0.1 is not (3·0.1 ≠ 0.3), and one bit can
 * move a number across a bucket's edge. Not strtod: it follows the C locale (a game may run in one with a decimal
 * comma) and older C runtimes (msvcrt, which the Windows DLL uses) do not always round correctly. Exact: the
 * digits as a big integer N, the value N·10^E as the quotient A/B of two big integers, its 64 leading bits and
 * whether a remainder is left, rounded once to the 53 bits of a double (fewer for a subnormal). */
#include <math.h>
#include <string.h>

#include "flora-native.h"

/* Significant digits read (no String(n) has more than 17; beyond these the rest is cut off, not rounded). */
#define MAX_DIGITS 120
/* 2048 bits: 10^(MAX_DIGITS + 324) (the smallest value read) shifted by a 64-bit quotient's width fits. */
#define LIMBS 64

typedef struct Big {
  uint32_t w[LIMBS]; /* little-endian limbs */
} Big;

static void big_mul_add(Big *a, uint32_t m, uint32_t add) {
  uint64_t carry = add;
  for (int i = 0; i < LIMBS; i++) {
    uint64_t v = (uint64_t)a->w[i] * m + carry;
    a->w[i] = (uint32_t)v;
    carry = v >> 32;
  }
}

static int big_bits(const Big *a) {
  for (int i = LIMBS - 1; i >= 0; i--)
    if (a->w[i]) {
      int b = 32;
      while (!(a->w[i] >> (b - 1))) b--;
      return i * 32 + b;
    }
  return 0;
}

static void big_shift_left(Big *a, int s) {
  int limbs = s / 32, bits = s % 32;
  for (int i = LIMBS - 1; i >= 0; i--) {
    uint32_t high = i - limbs >= 0 ? a->w[i - limbs] : 0, low = i - limbs - 1 >= 0 ? a->w[i - limbs - 1] : 0;
    a->w[i] = bits ? high << bits | low >> (32 - bits) : high;
  }
}

static void big_shift_right_1(Big *a) {
  for (int i = 0; i < LIMBS; i++) a->w[i] = a->w[i] >> 1 | (i + 1 < LIMBS ? a->w[i + 1] << 31 : 0);
}

static int big_compare(const Big *a, const Big *b) {
  for (int i = LIMBS - 1; i >= 0; i--)
    if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
  return 0;
}

static void big_subtract(Big *a, const Big *b) {
  uint64_t borrow = 0;
  for (int i = 0; i < LIMBS; i++) {
    uint64_t v = (uint64_t)a->w[i] - b->w[i] - borrow;
    a->w[i] = (uint32_t)v;
    borrow = (v >> 32) & 1;
  }
}

/* q·2^-shift (plus less than one unit when `sticky`), q < 2^64, rounded to nearest, ties to even. */
static double round_quotient(uint64_t q, int sticky, int shift) {
  int bits = 64;
  while (!(q >> (bits - 1))) bits--;
  int drop = bits - 53;
  if (drop - shift < -1074) drop = shift - 1074; /* a subnormal keeps the bits down to 2^-1074 */
  uint64_t m;
  int up;
  if (drop > 64) m = 0, up = 0; /* below half of the smallest subnormal */
  else if (drop == 64) m = 0, up = (q >> 63) && ((q << 1) || sticky);
  else {
    m = q >> drop;
    uint64_t rest = q & ((1ull << drop) - 1), half = 1ull << (drop - 1);
    up = rest > half || (rest == half && (sticky || (m & 1)));
  }
  return ldexp((double)(m + (uint64_t)up), drop - shift);
}

double decimal_double(int negative, const char *integer, size_t ni, const char *fraction, size_t nf, long exponent) {
  Big a = {{0}}, b = {{0}};
  int digits = 0;
  long e = exponent - (long)nf;
  for (size_t k = 0; k < ni + nf; k++) {
    char c = k < ni ? integer[k] : fraction[k - ni];
    if (digits == 0 && c == '0') continue;
    if (digits == MAX_DIGITS) {
      if (k < ni) e++; /* an integer digit cut off still counts ten */
      continue;
    }
    big_mul_add(&a, 10, (uint32_t)(c - '0'));
    digits++;
  }
  double sign = negative ? -1.0 : 1.0;
  if (digits == 0) return sign * 0.0;
  if (digits + e > 310) return sign * INFINITY; /* ≥ 10^310 */
  if (digits + e <= -324) return sign * 0.0;    /* < 10^-324, under half the smallest subnormal */
  b.w[0] = 1;
  for (long k = 0; k < (e < 0 ? -e : e); k++) big_mul_add(e < 0 ? &b : &a, 10, 0);
  /* Scale so that the quotient has 63 or 64 bits: 2^62 < A/B < 2^64. */
  int shift = big_bits(&b) - big_bits(&a) + 63;
  if (shift >= 0) big_shift_left(&a, shift);
  else big_shift_left(&b, -shift);
  uint64_t q = 0;
  big_shift_left(&b, 63);
  for (int bit = 63; bit >= 0; bit--) {
    if (big_compare(&a, &b) >= 0) {
      big_subtract(&a, &b);
      q |= 1ull << bit;
    }
    big_shift_right_1(&b);
  }
  int sticky = big_bits(&a) > 0;
  return sign * round_quotient(q, sticky, shift);
}
