/* A FinalNumToken's number, written by the model after the reaction's key: Flora-JS's NumberWriter
 * (answer-constraint.ts), shared by both kinds of answer (answer.c, reaction-answer.c). Number pieces (tokens of
 * only '-', '.' and digits) by largest logit among those that keep the value a number, -?(\d+(\.\d*)?)? on its
 * way and -?\d+(\.\d+)? once whole, until the line break outscores them once it is whole (at most
 * MAX_NUMBER_TOKENS tokens, and no more than the context has room for). */
#include <string.h>

#include "flora-native.h"

/* -?(\d+(\.\d*)?)? while it is being written; -?\d+(\.\d+)? when whole. */
int number_ok(const char *s, size_t n, int whole) {
  size_t i = n > 0 && s[0] == '-';
  size_t digits = i;
  while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  if (i == digits) return !whole && i == n;
  if (i == n) return 1;
  if (s[i] != '.') return 0;
  size_t fraction = ++i;
  while (i < n && s[i] >= '0' && s[i] <= '9') i++;
  return i == n && (!whole || i > fraction);
}

int number_best_piece(const NumberWriter *w, const float *logits, int last, float *logit) {
  const Tokenizer *t = w->t;
  int best = -1;
  char value[sizeof w->text];
  for (int id = 0; id < t->size; id++) {
    if (!(t->flags[id] & FLAG_NUMBER)) continue;
    size_t len = t->length[id];
    if (w->length + len > sizeof value) continue; /* a value longer than any number we print */
    memcpy(value, w->text, w->length);
    memcpy(value + w->length, t->text + t->offset[id], len);
    if (!number_ok(value, w->length + len, last)) continue;
    if (best < 0 || logits[id] > *logit) best = id, *logit = logits[id];
  }
  return best;
}

int number_step(NumberWriter *w, const float *logits, int context_left) {
  int whole = number_ok(w->text, w->length, 1);
  int full = w->tokens >= MAX_NUMBER_TOKENS || context_left <= 0;
  if (whole && full) return -1;
  int last = w->tokens >= MAX_NUMBER_TOKENS - 1 || context_left <= 1;
  float logit = 0;
  int piece = number_best_piece(w, logits, last, &logit);
  if (whole && (piece < 0 || logits[w->t->line_break] > logit)) return -1;
  if (piece < 0) return -1; /* no digit in the vocabulary (Flora-JS throws): never with our tokenizers */
  w->tokens++;
  size_t len = w->t->length[piece];
  memcpy(w->text + w->length, w->t->text + w->t->offset[piece], len);
  w->length += len;
  return piece;
}
