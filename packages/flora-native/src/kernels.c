/* The forward pass's scalar kernels, as Flora-JS's (packages/flora/src/kernels/kernels.ts, the JS twins of
 * kernels.wat): every operation in float32 in the same order (the build passes -ffp-contract=off, so no
 * product is fused into an add), LayerNorm in double. Constants are written as doubles and rounded to float,
 * as Math.fround does (a float literal would be rounded from decimal once, sometimes differently). */
#include <emmintrin.h>
#include <math.h>
#include <string.h>

#include "flora-native.h"

float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, rest = h & 0x7fff, bits;
  /* The half's bits moved into a float's exponent and fraction are the value times 2^-112 (subnormal halves
   * included): times 2^112, exact. Infinity and NaN never get here (refused at load). */
  bits = rest << 13;
  float f;
  memcpy(&f, &bits, 4);
  f *= 0x1p112f;
  uint32_t out;
  memcpy(&out, &f, 4);
  out |= sign;
  memcpy(&f, &out, 4);
  return f;
}

void k_layer_norm(const float *x, float *y, int rows, int s, int d, const uint16_t *g, const uint16_t *b, double eps) {
  for (int r = 0; r < rows; r++) {
    const float *xr = x + (size_t)r * s;
    float *yr = y + (size_t)r * s;
    double mean = 0, variance = 0;
    for (int j = 0; j < d; j++) mean += xr[j];
    mean /= d;
    for (int j = 0; j < d; j++) {
      double c = xr[j] - mean;
      variance += c * c;
    }
    double rs = 1 / sqrt(variance / d + eps);
    for (int j = 0; j < d; j++)
      yr[j] = (float)((xr[j] - mean) * rs * (double)half_to_float(g[j]) + (double)half_to_float(b[j]));
  }
}

/* exp as kernels.wat computes it (Cephes expf: relative error about 1e-7). */
static float exp_f(float x) {
  const float log2e = (float)1.4426950408889634, magic = 12582912.0f;
  const float c1 = (float)0.693359375, c2 = (float)-2.1219444e-4;
  const float p0 = (float)1.98756915e-4, p1 = (float)1.3981999507e-3, p2 = (float)8.3334519073e-3,
              p3 = (float)4.1665795894e-2, p4 = (float)1.6666665459e-1, p5 = (float)5.0000001201e-1;
  const float lo = (float)-87.3;
  x = x > lo ? x : lo;
  x = x < 88.0f ? x : 88.0f;
  float n = (x * log2e + magic) - magic;
  float r = x - n * c1;
  r = r - n * c2;
  float p = p0;
  p = p * r + p1;
  p = p * r + p2;
  p = p * r + p3;
  p = p * r + p4;
  p = p * r + p5;
  float e = p * (r * r) + r + 1.0f;
  uint32_t bits = (uint32_t)((int)n + 127) << 23;
  float scale;
  memcpy(&scale, &bits, 4);
  return e * scale;
}

/* exp_f on four lanes at once: the same operations in each lane, so the same bits (SSE2 is every x86-64's). */
static __m128 exp4(__m128 x) {
  const __m128 lo = _mm_set1_ps((float)-87.3), hi = _mm_set1_ps(88.0f), magic = _mm_set1_ps(12582912.0f);
  x = _mm_min_ps(_mm_max_ps(x, lo), hi);
  __m128 n = _mm_sub_ps(_mm_add_ps(_mm_mul_ps(x, _mm_set1_ps((float)1.4426950408889634)), magic), magic);
  __m128 r = _mm_sub_ps(x, _mm_mul_ps(n, _mm_set1_ps((float)0.693359375)));
  r = _mm_sub_ps(r, _mm_mul_ps(n, _mm_set1_ps((float)-2.1219444e-4)));
  __m128 p = _mm_set1_ps((float)1.98756915e-4);
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps((float)1.3981999507e-3));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps((float)8.3334519073e-3));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps((float)4.1665795894e-2));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps((float)1.6666665459e-1));
  p = _mm_add_ps(_mm_mul_ps(p, r), _mm_set1_ps((float)5.0000001201e-1));
  __m128 e = _mm_add_ps(_mm_add_ps(_mm_mul_ps(p, _mm_mul_ps(r, r)), r), _mm_set1_ps(1.0f));
  __m128i bits = _mm_slli_epi32(_mm_add_epi32(_mm_cvtps_epi32(n), _mm_set1_epi32(127)), 23);
  return _mm_mul_ps(e, _mm_castsi128_ps(bits));
}

static float gelu_1(float x) {
  const float c = (float)0.7978845608028654, a = (float)0.044715;
  float u = c * (x + a * (x * x * x));
  float t = 1.0f - 2.0f / (exp_f(u + u) + 1.0f);
  return 0.5f * x * (1.0f + t);
}

void k_gelu(float *p, int n) {
  const __m128 c = _mm_set1_ps((float)0.7978845608028654), a = _mm_set1_ps((float)0.044715);
  const __m128 one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f), half = _mm_set1_ps(0.5f);
  int i = 0;
  for (; i + 4 <= n; i += 4) {
    __m128 x = _mm_loadu_ps(p + i);
    __m128 u = _mm_mul_ps(c, _mm_add_ps(x, _mm_mul_ps(a, _mm_mul_ps(_mm_mul_ps(x, x), x))));
    __m128 t = _mm_sub_ps(one, _mm_div_ps(two, _mm_add_ps(exp4(_mm_add_ps(u, u)), one)));
    _mm_storeu_ps(p + i, _mm_mul_ps(_mm_mul_ps(half, x), _mm_add_ps(one, t)));
  }
  for (; i < n; i++) p[i] = gelu_1(p[i]);
}

/* Four lanes of sums (term i into lane i mod 4), then (l0 + l1) + (l2 + l3), then the rest in order. */
static float lane_sum(__m128 acc) {
  float l[4];
  _mm_storeu_ps(l, acc);
  return (l[0] + l[1]) + (l[2] + l[3]);
}

void k_softmax(float *p, int n, float scale) {
  float m = -INFINITY;
  for (int i = 0; i < n; i++) m = p[i] > m ? p[i] : m;
  float shift = m * scale;
  int n4 = n & ~3;
  __m128 acc = _mm_setzero_ps(), vscale = _mm_set1_ps(scale), vshift = _mm_set1_ps(shift);
  for (int i = 0; i < n4; i += 4) {
    __m128 e = exp4(_mm_sub_ps(_mm_mul_ps(_mm_loadu_ps(p + i), vscale), vshift));
    _mm_storeu_ps(p + i, e);
    acc = _mm_add_ps(acc, e);
  }
  float s = lane_sum(acc);
  for (int i = n4; i < n; i++) {
    p[i] = exp_f(p[i] * scale - shift);
    s = s + p[i];
  }
  float inv = 1.0f / s;
  for (int i = 0; i < n; i++) p[i] = p[i] * inv;
}

void k_dots(const float *q, const float *k, int n, int m, float *out) {
  int m4 = m & ~3;
  for (int t = 0; t < n; t++) {
    const float *kt = k + (size_t)t * m;
    __m128 acc = _mm_setzero_ps();
    for (int i = 0; i < m4; i += 4) acc = _mm_add_ps(acc, _mm_mul_ps(_mm_loadu_ps(q + i), _mm_loadu_ps(kt + i)));
    float s = lane_sum(acc);
    for (int i = m4; i < m; i++) s = s + q[i] * kt[i];
    out[t] = s;
  }
}

void k_mv(const float *x, const float *w, int ws, float *y, int n, int m) {
  for (int i = 0; i < n; i++) {
    const float *row = w + (size_t)i * ws;
    float xi = x[i];
    for (int j = 0; j < m; j++) y[j] = y[j] + xi * row[j];
  }
}
