/* A version-2 answer, reaction first: Flora-JS's ReactionFirstAnswer (answer-constraint.ts) and its generation
 * loop (agent.ts generateAfter), greedy (lineToken's temperature-0 branch, sampling.ts), no token limit, step for
 * step. The reaction model chose the reaction (features.c); then:
 *   prefix   the reaction's tokens are fed after the prompt (a second forward, as Flora-JS feeds them), and a line
 *            break unless the reaction is a FinalNumToken's;
 *   number   a FinalNumToken's value, written by the model (number.c), then the line break;
 *   output   the output line along the reaction's lines: the allowed tokens are those that keep it a prefix of one
 *            of them, the largest logit among them wins (the lowest id of equals), and the line ends where a
 *            line ends when the line break's logit is strictly larger — or when nothing may follow, or at the end
 *            of the context.
 * The lines are sorted by their token ids (reactions.c), so the lines that share the output so far are a range
 * [lo, hi) of them and their next ids come in ascending order: the trie of Flora-JS's lineTrie without nodes. */
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

/* The lines [lo, hi) that start with the `depth` tokens written. */
typedef struct Range {
  int lo, hi, depth;
} Range;

/* A line ends here: the first of the range, when it is as long as the output (a prefix sorts first). */
static int line_ends(const LineSet *s, Range r) { return r.lo < r.hi && s->lines[r.lo].length == r.depth; }

/* lineToken, greedy: among the next tokens of the range (ascending ids), the largest logit, the first of equals;
 * -1 (the line ends) when it may end and the line break's logit is strictly larger, or nothing may follow. */
static int line_token(const LineSet *s, Range r, int full, const float *logits, int line_break) {
  int best = -1;
  if (!full)
    for (int i = r.lo; i < r.hi; i++) {
      if (s->lines[i].length <= r.depth) continue;
      int id = s->lines[i].ids[r.depth];
      if (best < 0 || logits[id] > logits[best]) best = id;
    }
  int end = full || line_ends(s, r);
  return end && (best < 0 || logits[line_break] > logits[best]) ? -1 : best;
}

/* The range of the lines that go on with `id`. */
static Range narrow(const LineSet *s, Range r, int id) {
  int lo = r.lo;
  while (lo < r.hi && (s->lines[lo].length <= r.depth || s->lines[lo].ids[r.depth] != id)) lo++;
  int hi = lo;
  while (hi < r.hi && s->lines[hi].length > r.depth && s->lines[hi].ids[r.depth] == id) hi++;
  return (Range){lo, hi, r.depth + 1};
}

int answer_reaction_first(Model *m, const Tokenizer *t, const Instruction *in, int reaction, const LineSet *lines,
                          const int *ids, int n, Answer *out, double *first_token_at) {
  int T = (int)m->a.T;
  const Reaction *x = &in->reactions[reaction];
  int *prefix = malloc(((size_t)x->n + 1) * sizeof(int));
  if (!prefix) return 0;
  memcpy(prefix, x->ids, (size_t)x->n * sizeof(int));
  int plength = x->n;
  if (!x->number) prefix[plength++] = t->line_break;
  if (n + plength > T) {
    /* The prompt limit keeps room for the answer: never with tokenizer.bin and weights.bin of one agent. */
    flora_log("Inference: the reaction does not fit in the context after the prompt");
    free(prefix);
    return -1;
  }
  NumberWriter number = {.t = t};
  int numbering = x->number, output_tokens = 0, context_left = T - n - plength, tokens = plength, ok = 1;
  Range range = {0, lines->count, 0};
  Bytes output = {0};
  m->pos = 0;
  model_forward(m, ids, n);
  const float *logits = model_forward(m, prefix, plength);
  free(prefix);
  *first_token_at = 0;
  for (;;) {
    int output_phase = !numbering, id;
    if (numbering) {
      id = number_step(&number, logits, context_left);
      context_left--;
      if (id < 0) numbering = 0, id = t->line_break;
    } else {
      int full = context_left <= 0 || output_tokens >= T; /* maxOutputTokens: the context, as Flora-JS's */
      id = line_token(lines, range, full, logits, t->line_break);
      if (id < 0 || full) break;
      range = narrow(lines, range, id);
      output_tokens++;
      context_left--;
    }
    if (*first_token_at == 0) *first_token_at = flora_now();
    tokens++;
    if (output_phase) ok = bytes_add(&output, t->text + t->offset[id], t->length[id]);
    if (!ok) break;
    /* Never past the context (the prompt limit keeps room for the answer; Flora-JS would throw here). */
    if (m->pos >= T) {
      flora_log("Inference: the answer reached the end of the context");
      break;
    }
    logits = model_forward(m, &id, 1);
  }
  if (*first_token_at == 0) *first_token_at = flora_now();
  ok = ok && bytes_sanitize_utf8(&out->output, output.data, output.length) &&
       bytes_add(&out->reaction, x->line, strlen(x->line)) && bytes_add(&out->reaction, number.text, number.length);
  free(output.data);
  out->tokens = tokens;
  return ok;
}
