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
