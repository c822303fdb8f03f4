/* y += x·W with W float16 in panels of PANEL columns ([n, ws] stored panel after panel, each row's 32 halves
 * together): the forward pass's time goes here. Each product x·w is rounded to float and added to y in order of
 * i, as Flora-JS's kernel does, so the results are the same bits. Chosen at run time: AVX2 with F16C (8 halves
 * widened by one instruction), else SSE2 (widened by integer operations). FMA is not used on purpose: a fused
 * multiply-add rounds once where Flora-JS rounds twice, and the answers would drift from Flora-JS's. */
#include <immintrin.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

/* Eight accumulators of one row over two panels, or of two rows over one panel: enough independent adds to
 * hide the add's latency. */
__attribute__((target("avx2,f16c"))) static void mm_avx2(const float *x, int xs, int rows, const uint16_t *w,
                                                          int ws, float *y, int ys, int n) {
  for (int r = 0; r < rows; r += 2) {
    const float *x0 = x + (size_t)r * xs, *x1 = x0 + xs;
    float *y0 = y + (size_t)r * ys, *y1 = y0 + ys;
    int two = r + 1 < rows;
    for (int p = 0; p < ws; p += PANEL) {
      const uint16_t *panel = w + (size_t)p * n;
      __m256 a0 = _mm256_loadu_ps(y0 + p), a1 = _mm256_loadu_ps(y0 + p + 8), a2 = _mm256_loadu_ps(y0 + p + 16),
             a3 = _mm256_loadu_ps(y0 + p + 24);
      if (two) {
        __m256 b0 = _mm256_loadu_ps(y1 + p), b1 = _mm256_loadu_ps(y1 + p + 8), b2 = _mm256_loadu_ps(y1 + p + 16),
               b3 = _mm256_loadu_ps(y1 + p + 24);
        for (int i = 0; i < n; i++) {
          const uint16_t *row = panel + (size_t)i * PANEL;
          __m256 w0 = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)row));
          __m256 w1 = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 8)));
          __m256 w2 = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 16)));
          __m256 w3 = _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 24)));
          __m256 u = _mm256_set1_ps(x0[i]), v = _mm256_set1_ps(x1[i]);
          a0 = _mm256_add_ps(a0, _mm256_mul_ps(u, w0));
          a1 = _mm256_add_ps(a1, _mm256_mul_ps(u, w1));
          a2 = _mm256_add_ps(a2, _mm256_mul_ps(u, w2));
          a3 = _mm256_add_ps(a3, _mm256_mul_ps(u, w3));
          b0 = _mm256_add_ps(b0, _mm256_mul_ps(v, w0));
          b1 = _mm256_add_ps(b1, _mm256_mul_ps(v, w1));
          b2 = _mm256_add_ps(b2, _mm256_mul_ps(v, w2));
          b3 = _mm256_add_ps(b3, _mm256_mul_ps(v, w3));
        }
        _mm256_storeu_ps(y1 + p, b0), _mm256_storeu_ps(y1 + p + 8, b1);
        _mm256_storeu_ps(y1 + p + 16, b2), _mm256_storeu_ps(y1 + p + 24, b3);
      } else if (p + PANEL < ws) {
        const uint16_t *next = panel + (size_t)PANEL * n;
        __m256 b0 = _mm256_loadu_ps(y0 + p + 32), b1 = _mm256_loadu_ps(y0 + p + 40),
               b2 = _mm256_loadu_ps(y0 + p + 48), b3 = _mm256_loadu_ps(y0 + p + 56);
        for (int i = 0; i < n; i++) {
          const uint16_t *row = panel + (size_t)i * PANEL, *row2 = next + (size_t)i * PANEL;
          __m256 u = _mm256_set1_ps(x0[i]);
          a0 = _mm256_add_ps(a0, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)row))));
          a1 = _mm256_add_ps(a1, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 8)))));
          a2 = _mm256_add_ps(a2, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 16)))));
          a3 = _mm256_add_ps(a3, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 24)))));
          b0 = _mm256_add_ps(b0, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)row2))));
          b1 = _mm256_add_ps(b1, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row2 + 8)))));
          b2 = _mm256_add_ps(b2, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row2 + 16)))));
          b3 = _mm256_add_ps(b3, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row2 + 24)))));
        }
        _mm256_storeu_ps(y0 + p + 32, b0), _mm256_storeu_ps(y0 + p + 40, b1);
        _mm256_storeu_ps(y0 + p + 48, b2), _mm256_storeu_ps(y0 + p + 56, b3);
        _mm256_storeu_ps(y0 + p, a0), _mm256_storeu_ps(y0 + p + 8, a1);
        _mm256_storeu_ps(y0 + p + 16, a2), _mm256_storeu_ps(y0 + p + 24, a3);
        p += PANEL;
        continue;
      } else {
        for (int i = 0; i < n; i++) {
          const uint16_t *row = panel + (size_t)i * PANEL;
          __m256 u = _mm256_set1_ps(x0[i]);
          a0 = _mm256_add_ps(a0, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)row))));
          a1 = _mm256_add_ps(a1, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 8)))));
          a2 = _mm256_add_ps(a2, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 16)))));
          a3 = _mm256_add_ps(a3, _mm256_mul_ps(u, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(row + 24)))));
        }
      }
      _mm256_storeu_ps(y0 + p, a0), _mm256_storeu_ps(y0 + p + 8, a1);
      _mm256_storeu_ps(y0 + p + 16, a2), _mm256_storeu_ps(y0 + p + 24, a3);
    }
  }
}

/* Four halves to floats: the bits moved into a float's place are the value times 2^-112 (see half_to_float). */
static inline __m128 halves_sse2(__m128i h16x4_in_low32) {
  __m128i sign = _mm_slli_epi32(_mm_and_si128(h16x4_in_low32, _mm_set1_epi32(0x8000)), 16);
  __m128i rest = _mm_slli_epi32(_mm_and_si128(h16x4_in_low32, _mm_set1_epi32(0x7fff)), 13);
  __m128 v = _mm_mul_ps(_mm_castsi128_ps(rest), _mm_set1_ps(0x1p112f));
  return _mm_or_ps(v, _mm_castsi128_ps(sign));
}

static void mm_sse2(const float *x, int xs, int rows, const uint16_t *w, int ws, float *y, int ys, int n) {
  const __m128i zero = _mm_setzero_si128();
  for (int r = 0; r < rows; r++) {
    const float *xr = x + (size_t)r * xs;
    float *yr = y + (size_t)r * ys;
    for (int p = 0; p < ws; p += PANEL) {
      const uint16_t *panel = w + (size_t)p * n;
      __m128 a[8];
      for (int k = 0; k < 8; k++) a[k] = _mm_loadu_ps(yr + p + 4 * k);
      for (int i = 0; i < n; i++) {
        const uint16_t *row = panel + (size_t)i * PANEL;
        __m128 u = _mm_set1_ps(xr[i]);
        for (int k = 0; k < 4; k++) {
          __m128i h = _mm_loadu_si128((const __m128i *)(row + 8 * k));
          a[2 * k] = _mm_add_ps(a[2 * k], _mm_mul_ps(u, halves_sse2(_mm_unpacklo_epi16(h, zero))));
          a[2 * k + 1] = _mm_add_ps(a[2 * k + 1], _mm_mul_ps(u, halves_sse2(_mm_unpackhi_epi16(h, zero))));
        }
      }
      for (int k = 0; k < 8; k++) _mm_storeu_ps(yr + p + 4 * k, a[k]);
    }
  }
}

MatMul flora_matmul(const char **name) {
  __builtin_cpu_init();
  /* FLORA_NATIVE_KERNEL=sse2 takes the SSE2 path on any CPU (the test compares the two). */
  const char *forced = getenv("FLORA_NATIVE_KERNEL");
  int sse2 = forced && strcmp(forced, "sse2") == 0;
  if (!sse2 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c")) {
    *name = "avx2+f16c";
    return mm_avx2;
  }
  *name = "sse2";
  return mm_sse2;
}
