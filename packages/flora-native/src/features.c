/* The reaction a version-2 agent chooses for a request, as Flora-JS chooses it (packages/agent-format:
 * reaction-features.ts and reaction-model.ts; README "Reactions"):
 *   words     each input line's code points lowercased one by one (lower_code_point), the maximal runs of
 *             \p{L}\p{N} (tested on the code point before lowercasing, as lineWords does) in order;
 *   features  per input line l: "<l>w:<word>", "<l>b:<word> <next word>", "<l>c:<3 to 5 code points of
 *             ' w1 w2 … '>", per number i of the line "<l>n<i>:<bucket>" and "<l>t<i>:<t>" for t = 1 … bucket;
 *             each string's FNV-1a hash over its UTF-8 bytes; the request's distinct hashes, ascending;
 *   scores    headScores: in IEEE doubles, in that order — the bias, then the found features' idf scaled to
 *             length 1 times their weights, then each word-score line's mean word score;
 *   choice    chooseReaction: the best class (the lowest of equals), unless the detector's score plus the refusal
 *             bias is above 0.
 * Every sum is the reference's, operation for operation (the build passes -ffp-contract=off: no fused
 * multiply-add), so the scores are its bits and the choice its choice. The strings are never built: their bytes
 * go through the hash as they would be written. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

#define FNV_BASIS 0x811c9dc5u
#define NUMBER_BUCKETS 8
#define GRAM_MIN 3
#define GRAM_MAX 5

uint32_t fnv1a(uint32_t h, const void *bytes, size_t n) {
  const unsigned char *b = bytes;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x01000193u; /* Math.imul(h ^ b, prime) >>> 0 */
  return h;
}

static uint32_t fnv_code_point(uint32_t h, uint32_t c) {
  unsigned char u[4];
  return fnv1a(h, u, utf8_encode(c, u));
}

static uint32_t fnv_code_points(uint32_t h, const uint32_t *c, int n) {
  for (int i = 0; i < n; i++) h = fnv_code_point(h, c[i]);
  return h;
}

/* The hash of "<l><kind>" and, for numbers, "<i>:" — the ASCII head of a feature string. */
static uint32_t fnv_head(int l, const char *kind, int i) {
  char head[48];
  int n = i < 0 ? snprintf(head, sizeof head, "%d%s", l, kind) : snprintf(head, sizeof head, "%d%s%d:", l, kind, i);
  return fnv1a(FNV_BASIS, head, (size_t)n);
}

/* A line's words: code points (lowercase) cp[start[w] … start[w] + length[w]), and each word's bare hash (the word
 * table's key, featureHash of the word). */
typedef struct Words {
  uint32_t *cp;
  int *start, *length, count;
  uint32_t *hash;
} Words;

static void free_words(Words *w) {
  free(w->cp), free(w->start), free(w->length), free(w->hash);
  memset(w, 0, sizeof *w);
}

/* lineWords: the lowercase runs of letters and digits, in order (repeats kept). */
static int line_words(const char *text, size_t n, Words *w) {
  memset(w, 0, sizeof *w);
  /* At most one code point per byte, one word per two bytes (a word and a separator), and one more. */
  w->cp = malloc((n + 1) * sizeof *w->cp);
  w->start = malloc((n / 2 + 1) * sizeof *w->start);
  w->length = malloc((n / 2 + 1) * sizeof *w->length);
  w->hash = malloc((n / 2 + 1) * sizeof *w->hash);
  if (!w->cp || !w->start || !w->length || !w->hash) return 0;
  int used = 0, in_word = 0;
  for (size_t i = 0; i < n;) {
    int len;
    uint32_t c = utf8_next((const unsigned char *)text + i, n - i, &len); /* valid: the prompt was checked */
    i += (size_t)len;
    if (is_letter(c) || is_number(c)) {
      if (!in_word) w->start[w->count] = used, w->length[w->count] = 0, in_word = 1;
      w->cp[used++] = lower_code_point(c);
      w->length[w->count]++;
    } else if (in_word) {
      w->count++, in_word = 0;
    }
  }
  if (in_word) w->count++;
  for (int k = 0; k < w->count; k++) w->hash[k] = fnv_code_points(FNV_BASIS, w->cp + w->start[k], w->length[k]);
  return 1;
}

typedef struct Hashes {
  uint32_t *v;
  size_t n, room;
} Hashes;

static int add(Hashes *h, uint32_t x) {
  if (h->n == h->room) {
    size_t room = h->room ? 2 * h->room : 256;
    uint32_t *bigger = realloc(h->v, room * sizeof *bigger);
    if (!bigger) return 0;
    h->v = bigger, h->room = room;
  }
  h->v[h->n++] = x;
  return 1;
}

/* numberBucket: ⌊8·(n − min)/(max − min)⌋ clamped to 0 … 7, 0 when max ≤ min; -1 for NaN (an infinite range),
 * which JavaScript writes "NaN" and never counts up to. */
static int bucket(const SlotNumber *s) {
  if (!(s->max > s->min)) return 0;
  double b = floor((NUMBER_BUCKETS * (s->value - s->min)) / (s->max - s->min));
  if (b != b) return -1;
  return b < 0 ? 0 : b >= NUMBER_BUCKETS ? NUMBER_BUCKETS - 1 : (int)b;
}

/* requestFeatures of input line l (its words already read), each string's hash added. */
static int line_features(int l, const Words *w, const SlotNumber *numbers, int count, Hashes *out) {
  int ok = 1;
  uint32_t word = fnv_head(l, "w:", -1), pair = fnv_head(l, "b:", -1), gram = fnv_head(l, "c:", -1);
  for (int k = 0; k < w->count && ok; k++) {
    ok = add(out, fnv_code_points(word, w->cp + w->start[k], w->length[k]));
    if (k > 0) {
      uint32_t h = fnv_code_points(pair, w->cp + w->start[k - 1], w->length[k - 1]);
      h = fnv_code_point(h, ' ');
      ok = ok && add(out, fnv_code_points(h, w->cp + w->start[k], w->length[k]));
    }
  }
  if (w->count > 0 && ok) {
    /* " w1 w2 … " as code points: the words, a space before each and one at the end. */
    int n = 1;
    for (int k = 0; k < w->count; k++) n += w->length[k] + 1;
    uint32_t *padded = malloc((size_t)n * sizeof *padded);
    if (!padded) return 0;
    int at = 0;
    for (int k = 0; k < w->count; k++) {
      padded[at++] = ' ';
      memcpy(padded + at, w->cp + w->start[k], (size_t)w->length[k] * sizeof *padded);
      at += w->length[k];
    }
    padded[at++] = ' ';
    for (int g = GRAM_MIN; g <= GRAM_MAX && ok; g++)
      for (int i = 0; i + g <= n && ok; i++) ok = add(out, fnv_code_points(gram, padded + i, g));
    free(padded);
  }
  for (int i = 0; i < count && ok; i++) {
    int b = bucket(&numbers[i]);
    char text[16];
    int len = b < 0 ? snprintf(text, sizeof text, "NaN") : snprintf(text, sizeof text, "%d", b);
    ok = add(out, fnv1a(fnv_head(l, "n", i), text, (size_t)len));
    uint32_t at_least = fnv_head(l, "t", i);
    for (int t = 1; t <= b && ok; t++) {
      len = snprintf(text, sizeof text, "%d", t);
      ok = add(out, fnv1a(at_least, text, (size_t)len));
    }
  }
  return ok;
}

static int by_value(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The index of `key` in `n` ascending u32 (little-endian bytes), or -1: reaction-model.ts `find`. */
static long find(const unsigned char *sorted, uint32_t n, uint32_t key) {
  long lo = 0, hi = (long)n - 1;
  while (lo <= hi) {
    long mid = (lo + hi) / 2;
    uint32_t v = le32(sorted + 4 * (size_t)mid);
    if (v == key) return mid;
    if (v < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/* headScores: out[k] for the request's hashes and its lines' words. */
static int head_scores(const Reactions *m, const Head *h, const Hashes *hashes, const Words *lines, double *out) {
  uint32_t K = h->outputs;
  long *found = malloc((hashes->n + 1) * sizeof *found);
  double *s = malloc(K * sizeof *s);
  if (!found || !s) {
    free(found), free(s);
    return 0;
  }
  for (uint32_t k = 0; k < K; k++) out[k] = f32_value(h->bias + 4 * (size_t)k);
  size_t nfound = 0;
  for (size_t i = 0; i < hashes->n; i++) {
    long j = find(h->hashes, h->features, hashes->v[i]);
    if (j >= 0) found[nfound++] = j;
  }
  double sum = 0;
  for (size_t i = 0; i < nfound; i++) {
    double idf = f32_value(h->idf + 4 * (size_t)found[i]);
    sum += idf * idf;
  }
  double norm = sqrt(sum);
  if (norm > 0)
    for (size_t i = 0; i < nfound; i++) {
      double x = f32_value(h->idf + 4 * (size_t)found[i]) / norm;
      const unsigned char *w = h->weights + 2 * (size_t)found[i] * K;
      for (uint32_t k = 0; k < K; k++) out[k] = out[k] + x * half_value(w + 2 * (size_t)k);
    }
  if (m->has_words)
    for (uint32_t e = 0; e < h->nlines; e++) {
      const Words *words = &lines[h->line[e]];
      double c = 0;
      for (uint32_t k = 0; k < K; k++) s[k] = 0;
      for (int i = 0; i < words->count; i++) {
        long j = find(m->word_hashes, m->words, words->hash[i]);
        if (j < 0) continue;
        const unsigned char *score = h->scores[e] + 2 * (size_t)j * K;
        for (uint32_t k = 0; k < K; k++) s[k] = s[k] + half_value(score + 2 * (size_t)k);
        c += half_value(m->word_norms + 2 * (size_t)j);
      }
      if (c > 0)
        for (uint32_t k = 0; k < K; k++) out[k] = out[k] + s[k] / c;
    }
  free(found), free(s);
  return 1;
}

void choice_free(Choice *choice) {
  free(choice->scores);
  free(choice->hashes);
  memset(choice, 0, sizeof *choice);
}

int reaction_choose(const Reactions *r, const Request *request, Choice *choice) {
  memset(choice, 0, sizeof *choice);
  const InstructionReactions *ir = &r->instructions[request->instruction_index];
  const InstructionModel *x = ir->model;
  int inputs = request->instruction->inputs, ok = 1;
  Words *lines = calloc((size_t)inputs + 1, sizeof *lines);
  Hashes hashes = {0};
  if (!lines) return 0;
  for (int l = 0; l < inputs && ok; l++) {
    int first = request->numbers_at[l], count = request->numbers_at[l + 1] - first;
    ok = line_words(request->prompt + request->text_at[l], request->text_length[l], &lines[l]) &&
         line_features(l, &lines[l], count ? request->numbers + first : NULL, count, &hashes);
  }
  if (ok && hashes.n > 0) {
    /* requestHashes: distinct, ascending — the order every reader sums in. */
    qsort(hashes.v, hashes.n, sizeof *hashes.v, by_value);
    size_t distinct = 1;
    for (size_t i = 1; i < hashes.n; i++)
      if (hashes.v[i] != hashes.v[distinct - 1]) hashes.v[distinct++] = hashes.v[i];
    hashes.n = distinct;
  }
  double detector = 0;
  ok = ok && (choice->scores = malloc(x->classes * sizeof *choice->scores)) &&
       head_scores(r, &x->head, &hashes, lines, choice->scores) &&
       (x->refusal < 0 || head_scores(r, &x->detector, &hashes, lines, &detector));
  if (ok) {
    uint32_t best = 0;
    for (uint32_t k = 1; k < x->classes; k++)
      if (choice->scores[k] > choice->scores[best]) best = k;
    choice->off_topic = x->refusal >= 0 ? detector + (double)x->refusal_bias : 0;
    choice->refused = x->refusal >= 0 && choice->off_topic > 0;
    choice->reaction = choice->refused ? x->refusal : (int)le32(x->reactions + 4 * (size_t)best);
  }
  for (int l = 0; l < inputs; l++) free_words(&lines[l]);
  free(lines);
  choice->hashes = hashes.v;
  choice->nhashes = hashes.n;
  return ok;
}
