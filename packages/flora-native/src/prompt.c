/* The prompt the plugin sends carries no instruction name: it is the template's lines with the user's texts
 *   <BOS> / per input line: its key line, its text / the response key line / <RUN>
 * (the plugin ends it at <RUN>, without the line break the model was trained with). The instruction is the
 * first whose key lines are the prompt's; the prompt is then rendered again exactly as Flora-JS renders it
 * (template.ts renderPrompt): texts on one line each (line breaks as spaces), and "<RUN>\n" at the end. A key
 * line's number slots (<num_MIN_MAX>, <num_MIN_MAX_LEN>) must be filled with numbers in range, as Flora-JS prints
 * them (5, -2.5, [1, 2, 3]). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

typedef struct Line {
  const char *s;
  size_t n;
} Line;

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* A number of a slot pattern: -?\d+(\.\d+)?(e[-+]?\d+)?; its length (0: none), its value in *v. Read by hand:
 * strtod follows the locale, and a game may run in one whose decimal separator is a comma. */
static size_t slot_number(const char *s, double *v) {
  size_t i = s[0] == '-';
  if (!is_digit(s[i])) return 0;
  double value = 0, scale = 1;
  while (is_digit(s[i])) value = value * 10 + (s[i++] - '0');
  if (s[i] == '.' && is_digit(s[i + 1]))
    for (i++; is_digit(s[i]); i++) value += (s[i] - '0') * (scale /= 10);
  if (s[i] == 'e') {
    size_t j = i + 1 + (s[i + 1] == '-' || s[i + 1] == '+');
    if (is_digit(s[j])) {
      int exponent = 0;
      while (is_digit(s[j]) && exponent < 400) exponent = exponent * 10 + (s[j++] - '0');
      while (is_digit(s[j])) j++;
      value *= pow(10, s[i + 1] == '-' ? -exponent : exponent);
      i = j;
    }
  }
  *v = s[0] == '-' ? -value : value;
  return i;
}

/* A number as Flora-JS prints one (String(n)): -?(0|[1-9]\d*)(\.\d*[1-9])?, not -0; its length, value in *v. */
static size_t printed_number(const char *s, size_t n, double *v) {
  size_t i = 0;
  int negative = n > 0 && s[0] == '-';
  i += (size_t)negative;
  if (i >= n || !is_digit(s[i])) return 0;
  double value = 0, scale = 1;
  if (s[i] == '0') i++;
  else
    while (i < n && is_digit(s[i])) value = value * 10 + (s[i++] - '0');
  if (i + 1 < n && s[i] == '.' && is_digit(s[i + 1])) {
    i++;
    while (i < n && is_digit(s[i])) value += (s[i] - '0') * (scale /= 10), i++;
    if (s[i - 1] == '0') return 0;
  }
  if (negative && value == 0) return 0;
  *v = negative ? -value : value;
  return i;
}

/* A slot at p: "<num_MIN_MAX>" or "<num_MIN_MAX_LEN>"; its length (0: not a slot). */
static size_t slot_at(const char *p, double *min, double *max, long *length) {
  if (strncmp(p, "<num_", 5) != 0) return 0;
  size_t i = 5, k;
  if (!(k = slot_number(p + i, min))) return 0;
  i += k;
  if (p[i++] != '_' || !(k = slot_number(p + i, max))) return 0;
  i += k;
  *length = 0;
  if (p[i] == '_' && is_digit(p[i + 1])) {
    char *end;
    *length = strtol(p + i + 1, &end, 10);
    i = (size_t)(end - p);
  }
  return p[i] == '>' ? i + 1 : 0;
}

/* Whether the line is the key pattern with its slots filled; *unfilled set when it is the pattern as it is. */
static int key_matches(const char *pattern, Line line, int *unfilled) {
  size_t pl = strlen(pattern);
  if (pl == line.n && memcmp(pattern, line.s, pl) == 0) {
    double a, b;
    long len;
    for (const char *p = pattern; *p; p++)
      if (slot_at(p, &a, &b, &len)) *unfilled = 1;
    return !*unfilled;
  }
  size_t i = 0;
  for (const char *p = pattern; *p;) {
    double min, max, v;
    long length;
    size_t slot = slot_at(p, &min, &max, &length);
    if (!slot) {
      if (i >= line.n || line.s[i] != *p) return 0;
      i++, p++;
      continue;
    }
    p += slot;
    if (length > 0) {
      if (i >= line.n || line.s[i++] != '[') return 0;
      for (long k = 0; k < length; k++) {
        if (k > 0) {
          if (i + 2 > line.n || line.s[i] != ',' || line.s[i + 1] != ' ') return 0;
          i += 2;
        }
        size_t n = printed_number(line.s + i, line.n - i, &v);
        if (!n || v < min || v > max) return 0;
        i += n;
      }
      if (i >= line.n || line.s[i++] != ']') return 0;
    } else {
      size_t n = printed_number(line.s + i, line.n - i, &v);
      if (!n || v < min || v > max) return 0;
      i += n;
    }
  }
  return i == line.n;
}

static int is_line(Line l, const char *s) { return l.n == strlen(s) && memcmp(l.s, s, l.n) == 0; }

/* Texts lines a…b-1 as one line: line breaks (\r\n, \r, \n) become spaces (Flora-JS's toLine). */
static int add_text(Bytes *out, const Line *lines, int a, int b) {
  for (int k = a; k < b; k++) {
    size_t n = lines[k].n;
    if (k + 1 < b && n > 0 && lines[k].s[n - 1] == '\r') n--; /* "\r\n" is one break */
    for (size_t i = 0; i < n; i++) {
      char c = lines[k].s[i] == '\r' ? ' ' : lines[k].s[i];
      if (!bytes_add(out, &c, 1)) return 0;
    }
    if (k + 1 < b && !bytes_add(out, " ", 1)) return 0;
  }
  return 1;
}

/* The canonical prompt if the lines (between <BOS> and <RUN>) are the instruction's. */
static int render(const Instruction *in, const Line *lines, int count, Bytes *out, int *unfilled) {
  int at = 1;
  out->length = 0;
  if (!bytes_add(out, "<BOS>\n", 6)) return 0;
  for (int k = 0; k < in->inputs; k++) {
    if (at >= count || !key_matches(in->keys[k], lines[at], unfilled)) return 0;
    if (!bytes_add(out, lines[at].s, lines[at].n) || !bytes_add(out, "\n", 1)) return 0;
    const char *next = k + 1 < in->inputs ? in->keys[k + 1] : in->response;
    /* The text runs to the next key line (at least one line: the text may be empty). */
    int end = at + 2;
    int ignored = 0;
    while (end < count && !key_matches(next, lines[end], &ignored)) end++;
    if (end >= count) return 0;
    if (!add_text(out, lines, at + 1, end) || !bytes_add(out, "\n", 1)) return 0;
    at = end;
  }
  if (at != count - 1 || !key_matches(in->response, lines[at], unfilled)) return 0;
  return bytes_add(out, lines[at].s, lines[at].n) && bytes_add(out, "\n<RUN>\n", 8);
}

char *prompt_canonical(const Tokenizer *t, const char *prompt, const Instruction **instruction) {
  size_t n = strlen(prompt);
  int count = 0;
  for (size_t i = 0; i < n; i++) count += prompt[i] == '\n';
  Line *lines = malloc(((size_t)count + 1) * sizeof(Line));
  if (!lines) return NULL;
  count = 0;
  for (const char *s = prompt;;) {
    const char *e = strchr(s, '\n');
    lines[count++] = (Line){s, e ? (size_t)(e - s) : strlen(s)};
    if (!e) break;
    s = e + 1;
  }
  while (count > 0 && lines[count - 1].n == 0) count--;
  Bytes out = {0};
  int unfilled = 0, found = -1;
  int shaped = count >= 3 && is_line(lines[0], "<BOS>") && is_line(lines[count - 1], "<RUN>");
  if (shaped)
    for (int k = 0; k < t->ninstructions && found < 0; k++)
      if (render(&t->instructions[k], lines, count - 1, &out, &unfilled)) found = k;
  free(lines);
  if (found < 0 || !bytes_add(&out, "", 1)) {
    free(out.data);
    if (found >= 0) return NULL;
    if (!shaped) flora_log("the prompt is not <BOS>, an instruction's lines and <RUN>");
    else if (unfilled)
      flora_log("the prompt's key line has a number slot such as <num_0_10>: write its number(s) in its place");
    else flora_log("the prompt's key lines are those of none of the model's instructions");
    return NULL;
  }
  *instruction = &t->instructions[found];
  return (char *)out.data;
}
