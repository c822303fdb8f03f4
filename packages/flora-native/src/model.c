/* The GPT forward pass with a KV cache, as Flora-JS's model.ts (functions: packages/agent-format/README.md):
 *   x = wte[token] + wpe[position]
 *   per block: x += Attn(LN1(x))·Wo + bo,  x += GELU(LN2(x)·W1 + b1)·W2 + b2
 *   logits = LNf(x)·wteᵀ (tied) or LNf(x)·head
 * The weights stay float16 as in weights.bin, the matrices in panels (matmul.c); activations take CHUNK rows,
 * their widths padded to whole panels; the KV cache is float32, calloc'd, so only the pages of the positions used
 * become resident. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

static int ceil_panel(int n) { return (n + PANEL - 1) / PANEL * PANEL; }

/* Where value (i, j) of a panelled matrix with n rows is, in values from its start. */
static size_t panel_index(size_t i, size_t j, size_t n) { return ((j / PANEL) * n + i) * PANEL + j % PANEL; }

enum Form { PLAIN, PANELS, TRANSPOSED };

typedef struct Tensor {
  const uint16_t **to;
  size_t rows, cols;
  enum Form form;
} Tensor;

static uint32_t read_u32(const unsigned char *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* weights.bin: "FLORAWTS", u32 version, u32 V T d L H f tied, f64 ε, the float16 values in the agent format's
 * tensor order, then the CRC-32 of everything before it (README "weights.bin"). */
#define HEADER 48

static int check_arch(const Arch *a) {
  if (a->V < 1 || a->T < 1 || a->d < 1 || a->L < 1 || a->H < 1 || a->f < 1 || a->tied > 1) return 0;
  if (a->d % a->H || a->V > (1u << 24) || a->T > (1u << 16) || a->d > (1u << 16) || a->f > (1u << 18) ||
      a->L > 1024)
    return 0;
  return a->eps > 0 && a->eps < 1;
}

int model_load(Model *m, const char *path) {
  memset(m, 0, sizeof *m);
  FILE *f = fopen(path, "rb");
  if (!f) {
    flora_log("cannot open %s", path);
    return 0;
  }
  unsigned char head[HEADER];
  Arch *a = &m->a;
  if (fread(head, 1, HEADER, f) != HEADER || memcmp(head, "FLORAWTS", 8) != 0) {
    flora_log("%s is not a Flora native weights file", path);
    fclose(f);
    return 0;
  }
  /* Version 2 changed tokenizer.bin only: weights.bin is the same in both. */
  if (read_u32(head + 8) < 1 || read_u32(head + 8) > FLORA_FORMAT_VERSION) {
    flora_log("%s is version %u; this library reads versions 1 to %u (export the agent again)", path,
              read_u32(head + 8), FLORA_FORMAT_VERSION);
    fclose(f);
    return 0;
  }
  uint32_t *fields[] = {&a->V, &a->T, &a->d, &a->L, &a->H, &a->f, &a->tied};
  for (int k = 0; k < 7; k++) *fields[k] = read_u32(head + 12 + 4 * k);
  memcpy(&a->eps, head + 40, 8); /* little-endian, as every x86-64 */
  if (!check_arch(a)) {
    flora_log("%s: the architecture is not one this library runs", path);
    fclose(f);
    return 0;
  }
  size_t V = a->V, T = a->T, d = a->d, L = a->L, ff = a->f;
  m->dP = ceil_panel((int)d), m->qP = ceil_panel((int)(3 * d)), m->fP = ceil_panel((int)ff);
  m->VP = ceil_panel((int)V), m->hd = (int)(d / a->H);

  /* The tensors in file order and where each goes. */
  m->layers = calloc(L, sizeof(Layer));
  size_t count = 2 + 12 * L + 2 + !a->tied;
  Tensor *ts = calloc(count, sizeof(Tensor));
  if (!m->layers || !ts) goto no_memory;
  size_t t = 0;
#define ADD(dst, r, c, form_) ts[t++] = (Tensor){(const uint16_t **)&(dst), (r), (c), (form_)}
  ADD(*(a->tied ? &m->head : &m->wte), V, d, a->tied ? TRANSPOSED : PLAIN);
  ADD(m->wpe, T, d, PLAIN);
  for (size_t l = 0; l < L; l++) {
    Layer *y = &m->layers[l];
    ADD(y->ln1g, 1, d, PLAIN);
    ADD(y->ln1b, 1, d, PLAIN);
    ADD(y->wqkv, d, 3 * d, PANELS);
    ADD(y->bqkv, 1, 3 * d, PLAIN);
    ADD(y->wo, d, d, PANELS);
    ADD(y->bo, 1, d, PLAIN);
    ADD(y->ln2g, 1, d, PLAIN);
    ADD(y->ln2b, 1, d, PLAIN);
    ADD(y->w1, d, ff, PANELS);
    ADD(y->b1, 1, ff, PLAIN);
    ADD(y->w2, ff, d, PANELS);
    ADD(y->b2, 1, d, PLAIN);
  }
  ADD(m->lnfg, 1, d, PLAIN);
  ADD(m->lnfb, 1, d, PLAIN);
  if (!a->tied) ADD(m->head, d, V, PANELS);
#undef ADD

  /* Room: each tensor 16-value aligned, panelled ones padded to whole panels (zeros: calloc). */
  size_t total = 0, values = 0, *at = calloc(count, sizeof(size_t));
  if (!at) goto no_memory;
  for (size_t k = 0; k < count; k++) {
    Tensor *x = &ts[k];
    total = (total + 15) / 16 * 16;
    at[k] = total;
    values += x->rows * x->cols;
    total += x->form == PANELS       ? x->rows * (size_t)ceil_panel((int)x->cols)
             : x->form == TRANSPOSED ? x->cols * (size_t)ceil_panel((int)x->rows)
                                     : x->rows * x->cols;
  }
  m->weights = calloc(total, 2);
  if (!m->weights) {
    free(at);
    goto no_memory;
  }
  for (size_t k = 0; k < count; k++) *ts[k].to = m->weights + at[k];

  /* The values, read a chunk at a time straight to their places. */
  uint32_t crc = flora_crc32(0, head, HEADER);
  unsigned char chunk[1 << 16];
  size_t k = 0, i = 0; /* tensor, value in it */
  size_t left = values;
  int bad = 0, ok = 1;
  while (left > 0 && ok) {
    size_t n = left < sizeof chunk / 2 ? left : sizeof chunk / 2;
    if (fread(chunk, 2, n, f) != n) {
      ok = 0;
      break;
    }
    crc = flora_crc32(crc, chunk, 2 * n);
    left -= n;
    for (size_t v = 0; v < n; v++) {
      uint16_t h = (uint16_t)(chunk[2 * v] | chunk[2 * v + 1] << 8);
      bad |= (h & 0x7c00) == 0x7c00;
      Tensor *x = &ts[k];
      size_t r = i / x->cols, c = i % x->cols;
      size_t to = x->form == PLAIN ? i : x->form == PANELS ? panel_index(r, c, x->rows) : panel_index(c, r, x->cols);
      m->weights[at[k] + to] = h;
      if (++i == x->rows * x->cols) i = 0, k++;
    }
  }
  free(at);
  free(ts);
  ts = NULL;
  unsigned char tail[5];
  size_t got = ok ? fread(tail, 1, 5, f) : 0;
  fclose(f);
  f = NULL;
  if (!ok || got != 4) {
    flora_log("%s is damaged: %s", path, ok ? "its length does not match its architecture" : "it ends early");
    model_free(m);
    return 0;
  }
  if (read_u32(tail) != crc) {
    flora_log("%s is damaged: its CRC-32 does not match", path);
    model_free(m);
    return 0;
  }
  if (bad) {
    flora_log("%s is damaged: it holds Infinity or NaN", path);
    model_free(m);
    return 0;
  }

  /* Activations (CHUNK rows) and the KV cache. */
  size_t acts = CHUNK * (3 * (size_t)m->dP + m->qP + m->fP) + m->VP + T;
  m->acts = calloc(acts, sizeof(float));
  m->cache = calloc(2 * L * T * d, sizeof(float));
  if (!m->acts || !m->cache) goto no_memory;
  float *p = m->acts;
  m->x = p, p += CHUNK * m->dP;
  m->ln = p, p += CHUNK * m->dP;
  m->qkv = p, p += CHUNK * m->qP;
  m->att = p, p += CHUNK * m->dP;
  m->h = p, p += CHUNK * m->fP;
  m->logits = p, p += m->VP;
  m->scores = p;
  for (size_t l = 0; l < L; l++) {
    m->layers[l].k = m->cache + 2 * l * T * d;
    m->layers[l].v = m->layers[l].k + T * d;
  }
  const char *kernel;
  m->mm = flora_matmul(&kernel);
  return 1;

no_memory:
  free(ts);
  if (f) fclose(f);
  flora_log("out of memory loading %s", path);
  model_free(m);
  return 0;
}

void model_free(Model *m) {
  free(m->weights);
  free(m->layers);
  free(m->acts);
  free(m->cache);
  memset(m, 0, sizeof *m);
}

static void set_rows(float *y, int ys, int rows, const uint16_t *b, int n) {
  for (int r = 0; r < rows; r++) {
    float *o = y + (size_t)r * ys;
    for (int j = 0; j < n; j++) o[j] = half_to_float(b[j]);
    for (int j = n; j < ys; j++) o[j] = 0;
  }
}

static void add_rows(float *y, int ys, int rows, const uint16_t *b, int n) {
  for (int r = 0; r < rows; r++) {
    float *o = y + (size_t)r * ys;
    for (int j = 0; j < n; j++) o[j] = o[j] + half_to_float(b[j]);
  }
}

/* Causal self-attention of one row at position p: its key and value stored, then per head the scores, their
 * softmax and the weighted values. */
static void attention(Model *m, const Layer *w, const float *qkv, int p, float *att) {
  int d = (int)m->a.d, H = (int)m->a.H, T = (int)m->a.T, hd = m->hd;
  float scale = (float)(1 / sqrt((double)hd));
  for (int h = 0; h < H; h++) {
    size_t at = ((size_t)h * T + p) * hd;
    memcpy(w->k + at, qkv + d + h * hd, hd * sizeof(float));
    memcpy(w->v + at, qkv + 2 * d + h * hd, hd * sizeof(float));
  }
  for (int h = 0; h < H; h++) {
    size_t cache = (size_t)h * T * hd;
    k_dots(qkv + h * hd, w->k + cache, p + 1, hd, m->scores);
    k_softmax(m->scores, p + 1, scale);
    memset(att + h * hd, 0, hd * sizeof(float));
    k_mv(m->scores, w->v + cache, hd, att + h * hd, p + 1, hd);
  }
}

static void chunk(Model *m, const int *ids, int rows) {
  int d = (int)m->a.d, f = (int)m->a.f, dP = m->dP, qP = m->qP, fP = m->fP;
  double eps = m->a.eps;
  for (int r = 0; r < rows; r++) {
    const uint16_t *pos = m->wpe + (size_t)(m->pos + r) * d;
    float *o = m->x + (size_t)r * dP;
    for (int j = 0; j < d; j++) {
      uint16_t tok = m->wte ? m->wte[(size_t)ids[r] * d + j] : m->head[panel_index(j, ids[r], d)];
      o[j] = half_to_float(tok) + half_to_float(pos[j]);
    }
  }
  for (uint32_t l = 0; l < m->a.L; l++) {
    const Layer *w = &m->layers[l];
    k_layer_norm(m->x, m->ln, rows, dP, d, w->ln1g, w->ln1b, eps);
    set_rows(m->qkv, qP, rows, w->bqkv, 3 * d);
    m->mm(m->ln, dP, rows, w->wqkv, qP, m->qkv, qP, d);
    for (int r = 0; r < rows; r++) attention(m, w, m->qkv + (size_t)r * qP, m->pos + r, m->att + (size_t)r * dP);
    add_rows(m->x, dP, rows, w->bo, d);
    m->mm(m->att, dP, rows, w->wo, dP, m->x, dP, d);
    k_layer_norm(m->x, m->ln, rows, dP, d, w->ln2g, w->ln2b, eps);
    set_rows(m->h, fP, rows, w->b1, f);
    m->mm(m->ln, dP, rows, w->w1, fP, m->h, fP, d);
    k_gelu(m->h, rows * fP); /* padding columns are 0, and GELU(0) = 0 */
    add_rows(m->x, dP, rows, w->b2, d);
    m->mm(m->h, fP, rows, w->w2, dP, m->x, dP, f);
  }
}

const float *model_forward(Model *m, const int *ids, int n) {
  for (int start = 0; start < n; start += CHUNK) {
    int rows = n - start < CHUNK ? n - start : CHUNK;
    chunk(m, ids + start, rows);
    m->pos += rows;
    if (start + rows == n) {
      int d = (int)m->a.d;
      k_layer_norm(m->x + (size_t)(rows - 1) * m->dP, m->ln, 1, m->dP, d, m->lnfg, m->lnfb, m->a.eps);
      memset(m->logits, 0, m->VP * sizeof(float));
      m->mm(m->ln, m->dP, 1, m->head, m->VP, m->logits, m->VP, d);
    }
  }
  return m->logits;
}

int model_argmax(const Model *m) {
  int best = 0;
  for (uint32_t j = 1; j < m->a.V; j++)
    if (m->logits[j] > m->logits[best]) best = (int)j;
  return best;
}
