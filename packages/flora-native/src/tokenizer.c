/* The agent's tokenizer as Flora-JS's tokenizer.ts and @greenhouse/agent-format's byte-level rules:
 *  1. added tokens are cut out of the text first (leftmost, longest first), one id each, never merged;
 *  2. the rest is pre-tokenized: every ASCII digit alone, then GPT-2's word regex
 *     's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+   (unicode.c's tables);
 *  3. each piece's bytes are merged by BPE, the adjacent pair of lowest rank first, all its occurrences left to
 *     right.
 * tokenizer.bin also carries the instructions and, from version 2, a version-2 agent's reaction model (see README
 * "tokenizer.bin"; reactions.c reads it). */
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

typedef struct Reader {
  const unsigned char *p, *end;
  int ok;
} Reader;

static uint32_t u32(Reader *r) {
  if (r->end - r->p < 4) return r->ok = 0;
  uint32_t v = (uint32_t)r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 | (uint32_t)r->p[3] << 24;
  r->p += 4;
  return v;
}

static unsigned u8(Reader *r) {
  if (r->p >= r->end) return r->ok = 0;
  return *r->p++;
}

/* A u32-length-prefixed string, copied and NUL-ended. */
static char *text(Reader *r) {
  uint32_t n = u32(r);
  if (!r->ok || (size_t)(r->end - r->p) < n) return r->ok = 0, NULL;
  char *s = malloc((size_t)n + 1);
  if (!s) return r->ok = 0, NULL;
  memcpy(s, r->p, n);
  s[n] = 0;
  r->p += n;
  return s;
}

static uint64_t merge_key(uint32_t left, uint32_t right) { return ((uint64_t)left << 32 | right) + 1; }

static size_t merge_slot(const Tokenizer *t, uint64_t key) {
  size_t h = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & t->merge_mask;
  while (t->merge_keys[h] && t->merge_keys[h] != key) h = (h + 1) & t->merge_mask;
  return h;
}

static int read_instructions(Tokenizer *t, Reader *r) {
  uint32_t n = u32(r);
  if (!r->ok || n > 65536 || !(t->instructions = calloc(n ? n : 1, sizeof(Instruction)))) return 0;
  t->ninstructions = (int)n;
  for (uint32_t k = 0; k < n && r->ok; k++) {
    Instruction *in = &t->instructions[k];
    in->name = text(r);
    uint32_t inputs = u32(r);
    if (!r->ok || inputs > 1024 || !(in->keys = calloc(inputs ? inputs : 1, sizeof(char *)))) return 0;
    in->inputs = (int)inputs;
    for (uint32_t i = 0; i < inputs && r->ok; i++) in->keys[i] = text(r);
    in->response = text(r);
    uint32_t reactions = u32(r);
    if (!r->ok || reactions == 0 || reactions > 65536 || !(in->reactions = calloc(reactions, sizeof(Reaction))))
      return 0;
    in->nreactions = (int)reactions;
    for (uint32_t i = 0; i < reactions && r->ok; i++) {
      Reaction *x = &in->reactions[i];
      x->line = text(r);
      x->number = (int)u8(r);
      uint32_t ids = u32(r);
      if (!r->ok || ids == 0 || ids > 4096 || !(x->ids = malloc(ids * sizeof(int)))) return 0;
      x->n = (int)ids;
      for (uint32_t j = 0; j < ids; j++) {
        x->ids[j] = (int)u32(r);
        if (x->ids[j] < 0 || x->ids[j] >= t->size) r->ok = 0;
      }
    }
  }
  return r->ok;
}

static int by_length(const void *a, const void *b, const Tokenizer *t) {
  int x = *(const int *)a, y = *(const int *)b;
  return (int)t->length[y] - (int)t->length[x];
}

/* Added token ids, longest first (insertion sort: a few dozen). */
static int sort_added(Tokenizer *t) {
  t->added = malloc((size_t)(t->size ? t->size : 1) * sizeof(int));
  if (!t->added) return 0;
  for (int id = 0; id < t->size; id++)
    if (t->flags[id] & FLAG_ADDED) {
      int k = t->nadded++;
      while (k > 0 && by_length(&t->added[k - 1], &id, t) > 0) t->added[k] = t->added[k - 1], k--;
      t->added[k] = id;
    }
  return 1;
}

/* Version 2: u32 n and reactions.bin's n bytes (0: a version-1 agent, answers output first). Read last: its lines
 * are tokenized with this tokenizer. */
static int read_reactions(Tokenizer *t, Reader *r, const char *path) {
  uint32_t n = u32(r);
  if (!r->ok || (size_t)(r->end - r->p) < n) return 0;
  if (n > 0 && !(t->reactions = reactions_load(r->p, n, t, path))) return 0;
  r->p += n;
  return 1;
}

static int parse(Tokenizer *t, const unsigned char *data, size_t size, uint32_t version, uint32_t vocab_size,
                 const char *path) {
  Reader r = {data + 12, data + size - 4, 1};
  uint32_t n = u32(&r);
  if (n != vocab_size) {
    flora_log("%s has %u tokens, weights.bin %u", path, n, vocab_size);
    return 0;
  }
  t->size = (int)n;
  t->prompt_limit = (int)u32(&r);
  t->line_break = (int)u32(&r);
  t->flags = malloc(n);
  t->offset = malloc(n * sizeof(uint32_t));
  t->length = malloc(n * sizeof(uint32_t));
  t->text = malloc(size);
  if (!t->flags || !t->offset || !t->length || !t->text) return 0;
  uint32_t used = 0;
  for (int b = 0; b < 256; b++) t->byte_id[b] = -1;
  for (uint32_t id = 0; id < n && r.ok; id++) {
    t->flags[id] = (unsigned char)u8(&r);
    uint32_t len = u32(&r);
    if (!r.ok || (size_t)(r.end - r.p) < len) return 0;
    memcpy(t->text + used, r.p, len);
    t->offset[id] = used, t->length[id] = len;
    used += len, r.p += len;
    if (!(t->flags[id] & FLAG_ADDED) && len == 1) t->byte_id[t->text[t->offset[id]]] = (int)id;
  }
  for (int b = 0; b < 256; b++)
    if (t->byte_id[b] < 0) r.ok = 0;
  uint32_t merges = u32(&r);
  if (!r.ok || merges > (1u << 24)) return 0;
  uint32_t slots = 16;
  while (slots < 2 * merges) slots *= 2;
  t->merge_mask = slots - 1;
  t->merge_keys = calloc(slots, sizeof(uint64_t));
  t->merge_rank = malloc(slots * sizeof(uint32_t));
  t->merge_id = malloc(slots * sizeof(uint32_t));
  if (!t->merge_keys || !t->merge_rank || !t->merge_id) return 0;
  for (uint32_t k = 0; k < merges && r.ok; k++) {
    uint32_t left = u32(&r), right = u32(&r), id = u32(&r);
    if (left >= n || right >= n || id >= n) return 0;
    size_t h = merge_slot(t, merge_key(left, right));
    if (t->merge_keys[h]) continue; /* a repeated merge keeps its first rank */
    t->merge_keys[h] = merge_key(left, right), t->merge_rank[h] = k, t->merge_id[h] = id;
  }
  if (!r.ok || t->line_break < 0 || t->line_break >= t->size || t->prompt_limit < 1) return 0;
  return read_instructions(t, &r) && sort_added(t) && (version < 2 || read_reactions(t, &r, path)) && r.p == r.end;
}

int tokenizer_load(Tokenizer *t, const char *path, uint32_t vocab_size) {
  memset(t, 0, sizeof *t);
  size_t size;
  unsigned char *data = flora_read_file(path, &size);
  if (!data) return 0;
  int ok = 0;
  uint32_t version =
      size < 20 ? 0 : (uint32_t)data[8] | (uint32_t)data[9] << 8 | (uint32_t)data[10] << 16 | (uint32_t)data[11] << 24;
  if (size < 20 || memcmp(data, "FLORATOK", 8) != 0) flora_log("%s is not a Flora native tokenizer file", path);
  else if (version < 1 || version > FLORA_FORMAT_VERSION)
    flora_log("%s is version %u; this library reads versions 1 to %u (export the agent again)", path, version,
              FLORA_FORMAT_VERSION);
  else {
    const unsigned char *e = data + size - 4;
    uint32_t stored = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24;
    if (flora_crc32(0, data, size - 4) != stored) flora_log("%s is damaged: its CRC-32 does not match", path);
    else if (!(ok = parse(t, data, size, version, vocab_size, path)))
      flora_log("%s is damaged: its contents do not read", path);
  }
  free(data);
  if (!ok) tokenizer_free(t);
  return ok;
}

void tokenizer_free(Tokenizer *t) {
  for (int k = 0; k < t->ninstructions; k++) {
    Instruction *in = &t->instructions[k];
    free(in->name);
    for (int i = 0; in->keys && i < in->inputs; i++) free(in->keys[i]);
    free(in->keys);
    free(in->response);
    for (int i = 0; in->reactions && i < in->nreactions; i++) {
      free(in->reactions[i].line);
      free(in->reactions[i].ids);
    }
    free(in->reactions);
  }
  free(t->instructions);
  free(t->flags);
  free(t->offset);
  free(t->length);
  free(t->text);
  free(t->merge_keys);
  free(t->merge_rank);
  free(t->merge_id);
  free(t->added);
  reactions_free(t->reactions);
  memset(t, 0, sizeof *t);
}

/* BPE over one piece's bytes: ids written at out, their count returned. */
static int merge_piece(const Tokenizer *t, const unsigned char *s, int n, int *out) {
  for (int k = 0; k < n; k++) out[k] = t->byte_id[s[k]];
  for (;;) {
    uint32_t best_rank = UINT32_MAX;
    int left = -1, right = -1, merged = -1;
    for (int k = 0; k + 1 < n; k++) {
      uint64_t key = merge_key((uint32_t)out[k], (uint32_t)out[k + 1]);
      size_t h = merge_slot(t, key);
      if (t->merge_keys[h] && t->merge_rank[h] < best_rank)
        best_rank = t->merge_rank[h], left = out[k], right = out[k + 1], merged = (int)t->merge_id[h];
    }
    if (merged < 0) return n;
    int w = 0;
    for (int k = 0; k < n; k++) {
      if (k + 1 < n && out[k] == left && out[k + 1] == right) out[w++] = merged, k++;
      else out[w++] = out[k];
    }
    n = w;
  }
}

static int is_other(uint32_t c) { return !is_space(c) && !is_letter(c) && !is_number(c); }

/* Where the regex's match at cp[k] ends (code point index), over a run of n code points. */
static int regex_match_end(const uint32_t *cp, int k, int n) {
  if (cp[k] == '\'' && k + 1 < n) {
    uint32_t a = cp[k + 1], b = k + 2 < n ? cp[k + 2] : 0;
    if (a == 's' || a == 't' || a == 'm' || a == 'd') return k + 2;
    if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) return k + 3;
  }
  int (*classes[])(uint32_t) = {is_letter, is_number, is_other};
  for (int c = 0; c < 3; c++) {
    int j = k;
    if (cp[j] == ' ' && j + 1 < n && classes[c](cp[j + 1])) j++;
    if (classes[c](cp[j])) {
      while (j < n && classes[c](cp[j])) j++;
      return j;
    }
  }
  /* Whitespace: \s+(?!\S) takes the run, but leaves its last space to the next word when one follows. */
  int e = k;
  while (e < n && is_space(cp[e])) e++;
  if (e == n || e - k == 1) return e;
  return e - 1;
}

/* Pre-tokenizes and merges plain text (no added tokens); returns the ids written. */
static int encode_plain(const Tokenizer *t, const unsigned char *s, size_t n, int *out) {
  if (n == 0) return 0;
  uint32_t *cp = malloc(n * sizeof(uint32_t));
  size_t *at = malloc((n + 1) * sizeof(size_t));
  int count = 0, written = 0;
  if (!cp || !at) {
    free(cp), free(at);
    return -1;
  }
  for (size_t i = 0; i < n;) {
    int len;
    cp[count] = utf8_next(s + i, n - i, &len);
    at[count++] = i;
    i += (size_t)len;
  }
  at[count] = n;
  /* Runs between ASCII digits go through the regex; every digit is a piece of its own. */
  for (int k = 0; k < count;) {
    if (cp[k] >= '0' && cp[k] <= '9') {
      written += merge_piece(t, s + at[k], 1, out + written);
      k++;
      continue;
    }
    int end = k;
    while (end < count && !(cp[end] >= '0' && cp[end] <= '9')) end++;
    for (int j = k; j < end;) {
      int e = k + regex_match_end(cp + k, j - k, end - k);
      written += merge_piece(t, s + at[j], (int)(at[e] - at[j]), out + written);
      j = e;
    }
    k = end;
  }
  free(cp), free(at);
  return written;
}

int tokenizer_encode(const Tokenizer *t, const char *text_, size_t n, int *ids) {
  const unsigned char *s = (const unsigned char *)text_;
  size_t plain = 0, i = 0;
  int count = 0;
  while (i < n) {
    int found = -1;
    for (int a = 0; a < t->nadded && found < 0; a++) {
      int id = t->added[a];
      size_t len = t->length[id];
      if (len > 0 && len <= n - i && memcmp(s + i, t->text + t->offset[id], len) == 0) found = id;
    }
    if (found < 0) {
      i++;
      continue;
    }
    int w = encode_plain(t, s + plain, i - plain, ids + count);
    if (w < 0) return -1;
    count += w;
    ids[count++] = found;
    i += t->length[found];
    plain = i;
  }
  int w = encode_plain(t, s + plain, n - plain, ids + count);
  return w < 0 ? -1 : count + w;
}
