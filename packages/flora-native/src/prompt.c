/* The prompt the plugin sends carries no instruction name: it is the template's lines with the user's texts
 *   <BOS> / per input line: its key line, its text / the response key line / <RUN>
 * (the plugin ends it at <RUN>, without the line break the model was trained with). The instruction is the
 * first whose key lines are the prompt's; the prompt is then rendered again exactly as Flora-JS renders it
 * (template.ts renderPrompt): texts on one line each (line breaks as spaces), and "<RUN>\n" at the end. A key
 * line's number slots (<num_MIN_MAX>, <num_MIN_MAX_LEN>) must be filled with numbers in range, as Flora-JS prints
 * them (5, -2.5, [1, 2, 3]). The input lines' texts and numbers (with their slots' ranges) are kept: the
 * reaction model of a version-2 agent reads them, as Flora-JS reads the request's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

typedef struct Line {
  const char *s;
  size_t n;
} Line;

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* A number of a slot pattern: -?\d+(\.\d+)?(e[-+]?\d+)?; its length (0: none), its value in *v (decimal.c: the
 * double JavaScript's Number() reads, as template.ts has the slot's range). */
static size_t slot_number(const char *s, double *v) {
  size_t i = s[0] == '-', integer = i, ni, fraction = 0, nf = 0;
  if (!is_digit(s[i])) return 0;
  while (is_digit(s[i])) i++;
  ni = i - integer;
  if (s[i] == '.' && is_digit(s[i + 1])) {
    fraction = ++i;
    while (is_digit(s[i])) i++;
    nf = i - fraction;
  }
  long exponent = 0;
  if (s[i] == 'e') {
    size_t j = i + 1 + (s[i + 1] == '-' || s[i + 1] == '+');
    if (is_digit(s[j])) {
      while (is_digit(s[j])) {
        if (exponent < 100000) exponent = exponent * 10 + (s[j] - '0');
        j++;
      }
      if (s[i + 1] == '-') exponent = -exponent;
      i = j;
    }
  }
  *v = decimal_double(s[0] == '-', s + integer, ni, s + fraction, nf, exponent);
  return i;
}

/* A number as Flora-JS prints one (String(n)): -?(0|[1-9]\d*)(\.\d*[1-9])?, not -0; its length, value in *v. */
static size_t printed_number(const char *s, size_t n, double *v) {
  size_t i = 0;
  int negative = n > 0 && s[0] == '-';
  i += (size_t)negative;
  if (i >= n || !is_digit(s[i])) return 0;
  size_t integer = i, fraction = 0, nf = 0;
  if (s[i] == '0') i++;
  else
    while (i < n && is_digit(s[i])) i++;
  size_t ni = i - integer;
  if (i + 1 < n && s[i] == '.' && is_digit(s[i + 1])) {
    fraction = ++i;
    while (i < n && is_digit(s[i])) i++;
    nf = i - fraction;
    if (s[i - 1] == '0') return 0;
  }
  if (negative && ni == 1 && s[integer] == '0' && nf == 0) return 0;
  *v = decimal_double(negative, s + integer, ni, s + fraction, nf, 0);
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

/* A number read from a key line, with its slot's range, appended to `numbers` (when it is not NULL). */
static int record(Bytes *numbers, double value, double min, double max) {
  SlotNumber n = {value, min, max};
  return !numbers || bytes_add(numbers, &n, sizeof n);
}

/* Whether the line is the key pattern with its slots filled; *unfilled set when it is the pattern as it is. Each
 * number read goes to `numbers` (NULL: not wanted). */
static int key_matches(const char *pattern, Line line, int *unfilled, Bytes *numbers) {
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
        if (!n || v < min || v > max || !record(numbers, v, min, max)) return 0;
        i += n;
      }
      if (i >= line.n || line.s[i++] != ']') return 0;
    } else {
      size_t n = printed_number(line.s + i, line.n - i, &v);
      if (!n || v < min || v > max || !record(numbers, v, min, max)) return 0;
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

/* The lines read as one instruction's: the canonical prompt, each input line's text in it and its numbers. */
typedef struct Reading {
  Bytes out, numbers;
  size_t *text_at, *text_length;
  int *numbers_at;
} Reading;

/* The canonical prompt if the lines (between <BOS> and <RUN>) are the instruction's. */
static int render(const Instruction *in, const Line *lines, int count, Reading *r, int *unfilled) {
  Bytes *out = &r->out;
  int at = 1;
  out->length = r->numbers.length = 0;
  if (!bytes_add(out, "<BOS>\n", 6)) return 0;
  for (int k = 0; k < in->inputs; k++) {
    r->numbers_at[k] = (int)(r->numbers.length / sizeof(SlotNumber));
    if (at >= count || !key_matches(in->keys[k], lines[at], unfilled, &r->numbers)) return 0;
    if (!bytes_add(out, lines[at].s, lines[at].n) || !bytes_add(out, "\n", 1)) return 0;
    const char *next = k + 1 < in->inputs ? in->keys[k + 1] : in->response;
    /* The text runs to the next key line (at least one line: the text may be empty). */
    int end = at + 2;
    int ignored = 0;
    while (end < count && !key_matches(next, lines[end], &ignored, NULL)) end++;
    if (end >= count) return 0;
    r->text_at[k] = out->length;
    if (!add_text(out, lines, at + 1, end)) return 0;
    r->text_length[k] = out->length - r->text_at[k];
    if (!bytes_add(out, "\n", 1)) return 0;
    at = end;
  }
  r->numbers_at[in->inputs] = (int)(r->numbers.length / sizeof(SlotNumber));
  if (at != count - 1 || !key_matches(in->response, lines[at], unfilled, NULL)) return 0;
  return bytes_add(out, lines[at].s, lines[at].n) && bytes_add(out, "\n<RUN>\n", 7);
}

void request_free(Request *request) {
  free(request->prompt);
  free(request->text_at);
  free(request->text_length);
  free(request->numbers_at);
  free(request->numbers);
  memset(request, 0, sizeof *request);
}

int prompt_read(const Tokenizer *t, const char *prompt, Request *request) {
  memset(request, 0, sizeof *request);
  size_t n = strlen(prompt);
  int count = 0, most = 0;
  for (size_t i = 0; i < n; i++) count += prompt[i] == '\n';
  for (int k = 0; k < t->ninstructions; k++)
    if (t->instructions[k].inputs > most) most = t->instructions[k].inputs;
  Line *lines = malloc(((size_t)count + 1) * sizeof(Line));
  Reading r = {{0}, {0}, malloc((size_t)(most + 1) * sizeof(size_t)), malloc((size_t)(most + 1) * sizeof(size_t)),
               malloc((size_t)(most + 1) * sizeof(int))};
  if (!lines || !r.text_at || !r.text_length || !r.numbers_at) {
    free(lines), free(r.text_at), free(r.text_length), free(r.numbers_at);
    flora_log("Inference: out of memory");
    return 0;
  }
  count = 0;
  for (const char *s = prompt;;) {
    const char *e = strchr(s, '\n');
    lines[count++] = (Line){s, e ? (size_t)(e - s) : strlen(s)};
    if (!e) break;
    s = e + 1;
  }
  while (count > 0 && lines[count - 1].n == 0) count--;
  int unfilled = 0, found = -1;
  int shaped = count >= 3 && is_line(lines[0], "<BOS>") && is_line(lines[count - 1], "<RUN>");
  if (shaped)
    for (int k = 0; k < t->ninstructions && found < 0; k++)
      if (render(&t->instructions[k], lines, count - 1, &r, &unfilled)) found = k;
  free(lines);
  *request = (Request){found >= 0 ? &t->instructions[found] : NULL, found, (char *)r.out.data, r.out.length,
                       r.text_at, r.text_length, r.numbers_at, (SlotNumber *)r.numbers.data};
  if (found >= 0 && bytes_add(&r.out, "", 1)) {
    request->prompt = (char *)r.out.data;
    return 1;
  }
  if (found >= 0) flora_log("Inference: out of memory");
  else if (!shaped) flora_log("the prompt is not <BOS>, an instruction's lines and <RUN>");
  else if (unfilled)
    flora_log("the prompt's key line has a number slot such as <num_0_10>: write its number(s) in its place");
  else flora_log("the prompt's key lines are those of none of the model's instructions");
  request->prompt = (char *)r.out.data;
  return 0;
}
