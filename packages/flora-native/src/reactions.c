/* reactions.bin, a version-2 agent's reaction model (packages/agent-format: README "Reactions", and
 * reaction-model.ts decodeReactionModel), carried verbatim in tokenizer.bin (version 2). Read as Flora-JS reads
 * it, and checked as Flora-JS checks it against the agent's instructions (agent.ts readReactions): a file Flora-JS
 * refuses, the library refuses, with the reason logged — every count against the bytes left, hashes strictly
 * ascending, class and refusal reactions among the instruction's, word-score lines among its input lines. The
 * heads stay in the file's bytes (kept whole: no copy of the word scores, the largest part); each reaction's
 * lines are tokenized once, here, with the agent's tokenizer (the trie the output line is written along). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

uint32_t le32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

double f32_value(const unsigned char *p) {
  uint32_t bits = le32(p);
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

/* halfToFloat of reaction-model.ts: every binary16 value is exact in a double (infinities and NaN kept). */
double half_value(const unsigned char *p) {
  unsigned h = (unsigned)p[0] | (unsigned)p[1] << 8;
  double sign = h & 0x8000 ? -1.0 : 1.0;
  unsigned exponent = (h >> 10) & 0x1f, fraction = h & 0x3ff;
  if (exponent == 0) return sign * fraction * 0x1p-24;
  if (exponent == 0x1f) return fraction ? NAN : sign * INFINITY;
  return sign * (1 + fraction / 1024.0) * ldexp(1, (int)exponent - 15);
}

typedef struct Reader {
  const unsigned char *data;
  size_t size, at;
  const char *path;
  int ok;
} Reader;

/* The reason, logged once (the first one found); 0. */
static int fail(Reader *r, const char *format, ...) {
  if (!r->ok) return 0;
  r->ok = 0;
  char why[512];
  va_list args;
  va_start(args, format);
  vsnprintf(why, sizeof why, format, args);
  va_end(args);
  flora_log("%s: reactions.bin: %s", r->path, why);
  return 0;
}

/* n more bytes (n counted in 64 bits: counts times sizes never wrap). */
static const unsigned char *take(Reader *r, uint64_t n) {
  if (!r->ok) return NULL;
  if (r->at > r->size || n > r->size - r->at) {
    fail(r, "ends early (at byte %zu, %llu more wanted)", r->at, (unsigned long long)n);
    return NULL;
  }
  const unsigned char *p = r->data + r->at;
  r->at += (size_t)n;
  return p;
}

static uint32_t u32(Reader *r) {
  const unsigned char *p = take(r, 4);
  return p ? le32(p) : 0;
}

/* Strings and 2-byte arrays are padded to 4 (reaction-model.ts pad: no check of the bytes, nor of the end yet). */
static void pad(Reader *r) { r->at = (r->at + 3) & ~(size_t)3; }

static int ascending(const unsigned char *p, uint32_t n) {
  for (uint32_t i = 1; i < n; i++)
    if (!(le32(p + 4 * (size_t)i) > le32(p + 4 * (size_t)(i - 1)))) return 0;
  return 1;
}

/* Strict UTF-8, as reaction-model.ts fromUtf8: no overlong form, surrogate or value above U+10FFFF. */
static int valid_utf8(const unsigned char *s, size_t n) {
  for (size_t i = 0; i < n;) {
    unsigned b = s[i];
    int len = b < 0x80 ? 1 : b >= 0xc2 && b < 0xe0 ? 2 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xf0 && b < 0xf5 ? 4 : 0;
    if (len == 0 || (size_t)len > n - i) return 0;
    uint32_t c = len == 1 ? b : b & (0x7fu >> len);
    for (int k = 1; k < len; k++) {
      if ((s[i + k] & 0xc0) != 0x80) return 0;
      c = c << 6 | (s[i + k] & 0x3f);
    }
    static const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) return 0;
    i += (size_t)len;
  }
  return 1;
}

/* A head of `outputs` outputs (its word-score lines are checked against an instruction's input lines later). */
static int read_head(Reader *r, Head *h, uint32_t outputs, const Reactions *m, const char *what) {
  h->outputs = outputs;
  h->bias = take(r, 4ull * outputs);
  h->features = u32(r);
  h->hashes = take(r, 4ull * h->features);
  if (h->hashes && !ascending(h->hashes, h->features)) fail(r, "%s's feature hashes are not strictly ascending", what);
  h->idf = take(r, 4ull * h->features);
  h->weights = take(r, 2ull * h->features * outputs);
  pad(r);
  uint32_t lines = u32(r);
  if (!r->ok) return 0;
  if (lines > 0 && !m->has_words) return fail(r, "%s has word scores but the model has no word table", what);
  if (lines > (r->size - r->at) / 4) return fail(r, "ends early (%s: %u word-score lines)", what, lines);
  h->line = malloc((lines ? lines : 1) * sizeof *h->line);
  h->scores = malloc((lines ? lines : 1) * sizeof *h->scores);
  if (!h->line || !h->scores) return fail(r, "out of memory");
  h->nlines = lines;
  for (uint32_t e = 0; e < lines && r->ok; e++) {
    h->line[e] = u32(r);
    h->scores[e] = take(r, 2ull * m->words * outputs);
    pad(r);
  }
  return r->ok;
}

/* A list of lines (at least one): where each starts in the bytes, and its length. */
typedef struct Lines {
  uint32_t count;
  const unsigned char **text;
  uint32_t *length;
} Lines;

static int read_lines(Reader *r, Lines *l, const char *what) {
  uint32_t n = u32(r);
  if (!r->ok) return 0;
  if (n == 0) return fail(r, "%s has no lines", what);
  if (n > (r->size - r->at) / 4) return fail(r, "ends early (%s: %u lines)", what, n);
  l->text = malloc(n * sizeof *l->text);
  l->length = malloc(n * sizeof *l->length);
  if (!l->text || !l->length) return fail(r, "out of memory");
  l->count = n;
  for (uint32_t i = 0; i < n && r->ok; i++) {
    l->length[i] = u32(r);
    l->text[i] = take(r, l->length[i]);
    if (l->text[i] && !valid_utf8(l->text[i], l->length[i])) fail(r, "a line of %s is not UTF-8", what);
    pad(r);
  }
  return r->ok;
}

/* An instruction of the file and its lines (per class, and the refusal's), before they are tokenized. */
typedef struct Entry {
  InstructionModel model;
  Lines *class_lines;
  Lines refusal_lines;
} Entry;

static int read_entry(Reader *r, Entry *e, const Reactions *m, uint32_t index) {
  InstructionModel *x = &e->model;
  x->refusal = -1;
  x->name_length = u32(r);
  x->name = take(r, x->name_length);
  if (x->name && !valid_utf8(x->name, x->name_length)) return fail(r, "instruction %u's name is not UTF-8", index);
  pad(r);
  char what[300];
  int shown = x->name ? (int)(x->name_length < 200 ? x->name_length : 200) : 0;
  snprintf(what, sizeof what, "instruction %.*s", shown, x->name ? (const char *)x->name : "");
  uint32_t classes = u32(r);
  if (!r->ok) return 0;
  if (classes == 0) return fail(r, "%s has no classes", what);
  x->reactions = take(r, 4ull * classes);
  if (!r->ok) return 0;
  read_head(r, &x->head, classes, m, what);
  if (!r->ok) return 0;
  if (!(e->class_lines = calloc(classes, sizeof(Lines)))) return fail(r, "out of memory");
  x->classes = classes;
  for (uint32_t k = 0; k < classes && r->ok; k++) {
    char class_what[340];
    snprintf(class_what, sizeof class_what, "class %u of %s", k, what);
    read_lines(r, &e->class_lines[k], class_what);
  }
  int32_t refusal = (int32_t)u32(r);
  if (!r->ok) return 0;
  if (refusal < -1) return fail(r, "%s: refusal reaction %d", what, (int)refusal);
  if (refusal < 0) return 1;
  x->refusal = refusal;
  const unsigned char *bias = take(r, 4);
  if (!bias) return 0;
  x->refusal_bias = (float)f32_value(bias);
  char detector[320], refusal_what[320];
  snprintf(detector, sizeof detector, "%s's detector", what);
  read_head(r, &x->detector, 1, m, detector);
  snprintf(refusal_what, sizeof refusal_what, "the refusal of %s", what);
  read_lines(r, &e->refusal_lines, refusal_what);
  return r->ok;
}

static int by_ids(const void *a, const void *b) {
  const TokenLine *x = a, *y = b;
  for (int k = 0; k < x->length && k < y->length; k++)
    if (x->ids[k] != y->ids[k]) return x->ids[k] < y->ids[k] ? -1 : 1;
  return (x->length > y->length) - (x->length < y->length);
}

/* The lines tokenized (the tokenizer's encode, as Flora-JS's lineTrie gets them), then sorted by their ids. */
static int tokenize_lines(const Tokenizer *t, const Lines *l, LineSet *s) {
  if (!(s->lines = calloc(l->count, sizeof *s->lines))) return 0;
  s->count = (int)l->count;
  for (int i = 0; i < s->count; i++) {
    TokenLine *x = &s->lines[i];
    if (!(x->ids = malloc((l->length[i] + 1) * sizeof(int)))) return 0;
    x->length = tokenizer_encode(t, (const char *)l->text[i], l->length[i], x->ids);
    if (x->length < 0) return 0;
  }
  qsort(s->lines, (size_t)s->count, sizeof *s->lines, by_ids);
  return 1;
}

/* A refusal reaction: the template's guardrail answer `…<UNK>_` (template.ts reactionDetail `refused`). */
static int is_refusal(const char *line) {
  size_t n = strlen(line), mark = strlen("<UNK>_");
  return n > mark && strcmp(line + n - mark, "<UNK>_") == 0;
}

/* The tokenizer instruction k's part (agent.ts readReactions): the file's first instruction of its name, checked
 * against it, and the lines of each of its reactions tokenized. */
static int fit(Reader *r, Reactions *m, const Tokenizer *t, int k, const Entry *entries) {
  const Instruction *in = &t->instructions[k];
  size_t name_length = strlen(in->name);
  uint32_t i = 0;
  while (i < m->nfile && !(m->file[i].name_length == name_length && !memcmp(m->file[i].name, in->name, name_length)))
    i++;
  if (i == m->nfile) return fail(r, "instruction \"%s\" is missing", in->name);
  const InstructionModel *x = &m->file[i];
  const Entry *e = &entries[i];
  for (uint32_t c = 0; c < x->classes; c++)
    if (le32(x->reactions + 4 * (size_t)c) >= (uint32_t)in->nreactions)
      return fail(r, "instruction \"%s\" names a reaction it does not have", in->name);
  if (x->refusal >= 0 && !(x->refusal < in->nreactions && is_refusal(in->reactions[x->refusal].line)))
    return fail(r, "instruction \"%s\" refuses with a reaction that is not a refusal", in->name);
  for (int h = 0; h < (x->refusal >= 0 ? 2 : 1); h++) {
    const Head *head = h ? &x->detector : &x->head;
    for (uint32_t l = 0; l < head->nlines; l++)
      if (head->line[l] >= (uint32_t)in->inputs)
        return fail(r, "instruction \"%s\" scores a line it does not take", in->name);
  }
  InstructionReactions *ir = &m->instructions[k];
  ir->model = x;
  if (!(ir->lines = calloc((size_t)in->nreactions, sizeof(LineSet)))) return fail(r, "out of memory");
  ir->nreactions = in->nreactions;
  /* The lines each reaction is answered with: its class's — a later class of the same reaction, then the
   * refusal, replacing an earlier one, as agent.ts fills its map. */
  const Lines **source = calloc((size_t)in->nreactions, sizeof *source);
  if (!source) return fail(r, "out of memory");
  for (uint32_t c = 0; c < x->classes; c++) source[le32(x->reactions + 4 * (size_t)c)] = &e->class_lines[c];
  if (x->refusal >= 0) source[x->refusal] = &e->refusal_lines;
  for (int y = 0; y < in->nreactions && r->ok; y++)
    if (source[y] && !tokenize_lines(t, source[y], &ir->lines[y])) fail(r, "out of memory");
  free(source);
  return r->ok;
}

static void free_head(Head *h) {
  free(h->line);
  free(h->scores);
}

void reactions_free(Reactions *m) {
  if (!m) return;
  for (int k = 0; m->instructions && k < m->ninstructions; k++) {
    InstructionReactions *ir = &m->instructions[k];
    for (int y = 0; ir->lines && y < ir->nreactions; y++) {
      LineSet *s = &ir->lines[y];
      for (int i = 0; i < s->count; i++) free(s->lines[i].ids);
      free(s->lines);
    }
    free(ir->lines);
  }
  free(m->instructions);
  for (uint32_t i = 0; m->file && i < m->nfile; i++) {
    free_head(&m->file[i].head);
    free_head(&m->file[i].detector);
  }
  free(m->file);
  free(m->data);
  free(m);
}

Reactions *reactions_load(const unsigned char *bytes, size_t size, const Tokenizer *t, const char *path) {
  Reactions *m = calloc(1, sizeof *m);
  Reader r = {NULL, size, 0, path, 1};
  if (!m || !(m->data = malloc(size ? size : 1))) {
    flora_log("%s: reactions.bin: out of memory", path);
    free(m);
    return NULL;
  }
  memcpy(m->data, bytes, size);
  m->size = size;
  r.data = m->data;
  const unsigned char *head = take(&r, 12);
  if (head && memcmp(head, "GHRM", 4) != 0) fail(&r, "not a reaction model");
  if (r.ok && le32(head + 4) != 1) fail(&r, "version %u, this library reads 1", le32(head + 4));
  if (r.ok && (le32(head + 8) & 1)) {
    m->words = u32(&r);
    m->word_hashes = take(&r, 4ull * m->words);
    if (m->word_hashes && !ascending(m->word_hashes, m->words)) fail(&r, "the word hashes are not strictly ascending");
    m->word_norms = take(&r, 2ull * m->words);
    pad(&r);
    m->has_words = r.ok;
  }
  uint32_t count = u32(&r);
  Entry *entries = NULL;
  if (r.ok && count > (r.size - r.at) / 8) fail(&r, "ends early (%u instructions)", count);
  else if (r.ok && !(entries = calloc(count ? count : 1, sizeof *entries))) fail(&r, "out of memory");
  else if (r.ok && !(m->file = calloc(count ? count : 1, sizeof *m->file))) fail(&r, "out of memory");
  for (uint32_t i = 0; i < count && r.ok; i++) {
    read_entry(&r, &entries[i], m, i);
    m->file[i] = entries[i].model, m->nfile = i + 1; /* its heads' arrays are m->file's to free */
  }
  if (r.ok && r.at > r.size) fail(&r, "ends early (in its last padding)");
  if (r.ok && r.at != r.size) fail(&r, "%zu bytes after the model", r.size - r.at);
  if (r.ok && !(m->instructions = calloc((size_t)(t->ninstructions ? t->ninstructions : 1), sizeof *m->instructions)))
    fail(&r, "out of memory");
  if (r.ok) m->ninstructions = t->ninstructions;
  for (int k = 0; k < t->ninstructions && r.ok; k++) fit(&r, m, t, k, entries);
  for (uint32_t i = 0; entries && i < count; i++) {
    for (uint32_t c = 0; entries[i].class_lines && c < entries[i].model.classes; c++) {
      free(entries[i].class_lines[c].text);
      free(entries[i].class_lines[c].length);
    }
    free(entries[i].class_lines);
    free(entries[i].refusal_lines.text);
    free(entries[i].refusal_lines.length);
  }
  free(entries);
  if (!r.ok) {
    reactions_free(m);
    return NULL;
  }
  return m;
}
