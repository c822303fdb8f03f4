/* The character classes of GPT-2's pre-tokenizer regex (\p{L}, \p{N}, \s) and the per code point lowercase of
 * the reaction model's words, from tables generated at build time (scripts/unicode-tables.mjs) out of the
 * JavaScript engine's own Unicode data. */
#include "flora-native.h"
#include "unicode-tables.h"

static int in_ranges(const uint32_t (*ranges)[2], int n, uint32_t c) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (c < ranges[mid][0]) hi = mid - 1;
    else if (c > ranges[mid][1]) lo = mid + 1;
    else return 1;
  }
  return 0;
}

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

int is_letter(uint32_t c) { return in_ranges(LETTER_RANGES, COUNT(LETTER_RANGES), c); }
int is_number(uint32_t c) { return in_ranges(NUMBER_RANGES, COUNT(NUMBER_RANGES), c); }
int is_space(uint32_t c) { return in_ranges(SPACE_RANGES, COUNT(SPACE_RANGES), c); }

uint32_t lower_code_point(uint32_t c) {
  int lo = 0, hi = COUNT(LOWERCASE) - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (c < LOWERCASE[mid][0]) hi = mid - 1;
    else if (c > LOWERCASE[mid][0]) lo = mid + 1;
    else return LOWERCASE[mid][1];
  }
  return c;
}

uint32_t utf8_next(const unsigned char *s, size_t n, int *len) {
  if (s[0] < 0x80 || n < 2) return *len = 1, s[0];
  if (s[0] < 0xe0) return *len = 2, (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
  if (s[0] < 0xf0 || n < 4)
    return *len = 3, (uint32_t)(s[0] & 0xf) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
  return *len = 4,
         (uint32_t)(s[0] & 7) << 18 | (uint32_t)(s[1] & 0x3f) << 12 | (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
}

size_t utf8_encode(uint32_t c, unsigned char u[4]) {
  if (c < 0x80) return u[0] = (unsigned char)c, 1;
  if (c < 0x800) return u[0] = 0xc0 | (c >> 6), u[1] = 0x80 | (c & 0x3f), 2;
  if (c < 0x10000)
    return u[0] = 0xe0 | (c >> 12), u[1] = 0x80 | ((c >> 6) & 0x3f), u[2] = 0x80 | (c & 0x3f), 3;
  return u[0] = 0xf0 | (c >> 18), u[1] = 0x80 | ((c >> 12) & 0x3f), u[2] = 0x80 | ((c >> 6) & 0x3f),
         u[3] = 0x80 | (c & 0x3f), 4;
}
