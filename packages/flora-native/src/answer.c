/* A version-1 answer, output first: a greedy answer within the instruction's reactions, Flora-JS's
 * AnswerConstraint (answer-constraint.ts) and its generation loop (agent.ts `generate`), for temperature 0 and no
 * token limit, step for step (a version-2 agent answers reaction first: reaction-answer.c):
 *   output   the model's choice while it is a text token; a token with a line break ends the line, so does a
 *            control token or too little context left for the longest reaction (a line break is fed in its
 *            place). A protocol key (added token) is tentative: kept when the model goes on with text, else
 *            taken back (the cache rewound one position) and the line ends.
 *   reaction token by token among the instruction's reactions only, the largest logit among the allowed next
 *            tokens (lowest id on ties); a reaction that is a prefix of another ends where its own
 *            continuation outscores the longer ones.
 *   number   a FinalNumToken's value: number pieces by logit while they keep it a number, until the line break
 *            outscores them once it is whole (at most MAX_NUMBER_TOKENS; number.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

enum Phase { OUTPUT, REACTION, NUMBER, DONE };

typedef struct Step {
  int id, done, hold, rewind;
} Step;

typedef struct Constraint {
  const Tokenizer *t;
  const Instruction *in;
  const float *logits;
  enum Phase phase;
  int reserve, output_tokens, max_output, context_left, held;
  int depth;   /* reaction tokens chosen so far */
  char *alive; /* per reaction: it starts with the tokens chosen */
  int chosen;  /* the reaction's index, -1 */
  NumberWriter number;
} Constraint;

static Step step(int id, int done) { return (Step){id, done, 0, 0}; }

static Step next_number(Constraint *c) {
  int id = number_step(&c->number, c->logits, c->context_left);
  if (id < 0) return c->phase = DONE, step(-1, 1);
  return step(id, 0);
}

static Step reaction_step(Constraint *c) {
  const Instruction *in = c->in;
  int best = -1, end = -1;
  float best_logit = 0;
  for (int r = 0; r < in->nreactions; r++) {
    if (!c->alive[r]) continue;
    const Reaction *x = &in->reactions[r];
    if (x->n == c->depth) {
      if (end < 0) end = r;
      continue;
    }
    int id = x->ids[c->depth];
    float l = c->logits[id];
    if (best < 0 || l > best_logit || (l == best_logit && id < best)) best = id, best_logit = l;
  }
  if (end >= 0) {
    const Reaction *x = &in->reactions[end];
    float own = c->logits[c->t->line_break];
    if (x->number && number_best_piece(&c->number, c->logits, 0, &own) < 0) own = -INFINITY;
    if (best < 0 || own > best_logit) {
      c->chosen = end;
      if (!x->number) return c->phase = DONE, step(-1, 1);
      c->phase = NUMBER;
      return next_number(c);
    }
  }
  int children = 0;
  for (int r = 0; r < in->nreactions; r++) {
    const Reaction *x = &in->reactions[r];
    c->alive[r] = c->alive[r] && x->n > c->depth && x->ids[c->depth] == best;
    if (c->alive[r] && x->n > c->depth + 1) children++;
  }
  c->depth++;
  if (children == 0) {
    for (int r = 0; r < in->nreactions && c->chosen < 0; r++)
      if (c->alive[r]) c->chosen = r;
    c->phase = in->reactions[c->chosen].number ? NUMBER : DONE;
    return step(best, c->phase == DONE);
  }
  return step(best, 0);
}

static Step decide(Constraint *c, int choice) {
  const Tokenizer *t = c->t;
  if (c->phase == OUTPUT) {
    int text = choice >= 0 && choice < t->size && !(t->flags[choice] & FLAG_CONTROL);
    if (c->held) {
      c->held = 0;
      if (!(text && !(t->flags[choice] & (FLAG_ADDED | FLAG_BREAKS_LINE)))) {
        c->output_tokens--;
        c->context_left++;
        c->phase = REACTION;
        return (Step){t->line_break, 0, 0, 1};
      }
    }
    int room = c->context_left > c->reserve + 1, under = c->output_tokens < c->max_output;
    if (room && under && text) {
      if (t->flags[choice] & FLAG_BREAKS_LINE) return c->phase = REACTION, step(choice, 0);
      c->output_tokens++;
      if (t->flags[choice] & FLAG_ADDED) {
        c->held = 1;
        return (Step){choice, 0, 1, 0};
      }
      return step(choice, 0);
    }
    c->phase = REACTION;
    return step(t->line_break, 0);
  }
  if (c->phase == REACTION) return reaction_step(c);
  return next_number(c);
}

static int add_token(Bytes *b, const Tokenizer *t, int id) {
  return bytes_add(b, t->text + t->offset[id], t->length[id]);
}

int answer_run(Model *m, const Tokenizer *t, const Instruction *in, const int *ids, int n, Answer *out,
               double *first_token_at) {
  int T = (int)m->a.T;
  Constraint c = {.t = t, .in = in, .phase = OUTPUT, .max_output = T, .context_left = T - n,
                  .alive = calloc((size_t)in->nreactions, 1), .chosen = -1, .number = {.t = t}};
  if (!c.alive) return 0;
  for (int r = 0; r < in->nreactions; r++) {
    int need = in->reactions[r].n + (in->reactions[r].number ? MAX_NUMBER_TOKENS : 0);
    if (need > c.reserve) c.reserve = need;
    c.alive[r] = 1;
  }
  c.reserve += 1;
  Bytes output = {0}, reaction = {0};
  int ok = 1, held = -1, tokens = 0;
  m->pos = 0;
  c.logits = model_forward(m, ids, n);
  for (;;) {
    int output_phase = c.phase == OUTPUT;
    int choice = output_phase ? model_argmax(m) : -1;
    Step s = decide(&c, choice);
    c.context_left--;
    if (tokens == 0) *first_token_at = flora_now();
    if (s.rewind) {
      m->pos--;
      tokens--;
      held = -1;
    } else if (held >= 0) {
      ok &= add_token(&output, t, held);
      held = -1;
    }
    if (s.id >= 0) {
      tokens++;
      if (s.hold) held = s.id;
      else ok &= add_token(output_phase ? &output : &reaction, t, s.id);
    }
    if (s.done || !ok) break;
    /* Never past the context (the prompt limit keeps room for the answer; Flora-JS would throw here). */
    if (m->pos >= T) {
      flora_log("Inference: the answer reached the end of the context");
      break;
    }
    c.logits = model_forward(m, &s.id, 1);
  }
  free(c.alive);
  /* The output line ends at its first line break (the token that ended it may hold text before one). */
  ok = ok && bytes_sanitize_utf8(&out->output, output.data, output.length) &&
       bytes_sanitize_utf8(&out->reaction, reaction.data, reaction.length);
  free(output.data);
  free(reaction.data);
  for (size_t i = 0; ok && i < out->output.length; i++)
    if (out->output.data[i] == '\n' || out->output.data[i] == '\r') out->output.length = i;
  out->tokens = tokens;
  return ok;
}
