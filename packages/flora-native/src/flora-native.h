/* Flora native's modules and the types they share. The forward pass, the tokenizer and the answer's rules are
 * Flora-JS's (packages/flora/src: model.ts, tokenizer.ts, template.ts, answer-constraint.ts), computed in the
 * same order with the same float32 roundings, so that the answers are the same. */
#ifndef FLORA_NATIVE_H
#define FLORA_NATIVE_H

#include <stddef.h>
#include <stdint.h>

#include "../include/flora.h"

/* The file versions this library reads (packages/flora/src/export-unreal.ts writes them). */
#define FLORA_FORMAT_VERSION 1u
/* Columns per panel of a matrix: its columns are stored 32 at a time, row after row (sequential reads). */
#define PANEL 32
/* Prompt rows per pass through the weights. */
#define CHUNK 8

/* --- log.c, and api.c's clock --- */
void flora_log(const char *format, ...);
/* Seconds on a monotonic clock. */
double flora_now(void);

/* --- files.c: whole small files, CRC-32 --- */
uint32_t flora_crc32(uint32_t crc, const unsigned char *bytes, size_t n);
/* The file's bytes (malloc'd) and their count; NULL and a logged reason when it cannot be read. */
unsigned char *flora_read_file(const char *path, size_t *size);

/* --- byte buffers --- */
typedef struct Bytes {
  unsigned char *data;
  size_t length, room;
} Bytes;
int bytes_add(Bytes *b, const void *data, size_t n);
/* Replaces invalid UTF-8 by U+FFFD as a WHATWG TextDecoder does (Flora-JS decodes with one). */
int bytes_sanitize_utf8(Bytes *out, const unsigned char *in, size_t n);

/* --- kernels.c (the scalar ones) and kernels-x86.c (the matrix product) --- */
typedef void (*MatMul)(const float *x, int xs, int rows, const uint16_t *w, int ws, float *y, int ys, int n);
/* y[r·ys + j] += Σ_{i<n} x[r·xs + i]·W[i, j] (j < ws, W float16 [n, ws] in panels), each product rounded to float
 * and added in order of i: AVX2+F16C when the CPU has them, SSE2 otherwise (the same bits). */
MatMul flora_matmul(const char **name);
float half_to_float(uint16_t h);
void k_layer_norm(const float *x, float *y, int rows, int s, int d, const uint16_t *g, const uint16_t *b, double eps);
void k_gelu(float *p, int n);
void k_softmax(float *p, int n, float scale);
void k_dots(const float *q, const float *k, int n, int m, float *out);
void k_mv(const float *x, const float *w, int ws, float *y, int n, int m);

/* --- model.c --- */
typedef struct Arch {
  uint32_t V, T, d, L, H, f, tied;
  double eps;
} Arch;

typedef struct Layer {
  const uint16_t *ln1g, *ln1b, *bqkv, *bo, *ln2g, *ln2b, *b1, *b2, *wqkv, *wo, *w1, *w2;
  float *k, *v; /* [H, T, d/H] each */
} Layer;

typedef struct Model {
  Arch a;
  int dP, qP, fP, VP, hd;
  uint16_t *weights;
  Layer *layers;
  const uint16_t *head; /* [d, V] in panels: wte transposed when tied */
  const uint16_t *wte;  /* untied only: [V, d] */
  const uint16_t *wpe, *lnfg, *lnfb;
  float *acts, *x, *ln, *qkv, *att, *h, *logits, *scores;
  float *cache;
  int pos;
  MatMul mm;
} Model;

/* Reads weights.bin; 0 and a logged reason when it is missing, damaged or of another version. */
int model_load(Model *m, const char *path);
void model_free(Model *m);
/* Appends ids at the next positions (the caller keeps within the context) and returns the last one's logits. */
const float *model_forward(Model *m, const int *ids, int n);
int model_argmax(const Model *m);

/* --- tokenizer.c --- */
enum { FLAG_ADDED = 1, FLAG_CONTROL = 2, FLAG_BREAKS_LINE = 4, FLAG_NUMBER = 8 };

typedef struct Reaction {
  char *line;
  int number; /* a FinalNumToken: a number follows the key */
  int *ids, n;
} Reaction;

typedef struct Instruction {
  char *name;
  char **keys; /* the input lines' key patterns */
  int inputs;
  char *response;
  Reaction *reactions;
  int nreactions;
} Instruction;

typedef struct Tokenizer {
  int size, prompt_limit, line_break;
  unsigned char *flags;
  uint32_t *offset, *length; /* of each token's bytes in `text` */
  unsigned char *text;
  int byte_id[256];
  uint64_t *merge_keys; /* open addressing: (left << 32 | right) + 1, 0 empty */
  uint32_t *merge_rank, *merge_id;
  uint32_t merge_mask;
  int *added; /* added token ids, longest first */
  int nadded;
  Instruction *instructions;
  int ninstructions;
} Tokenizer;

int tokenizer_load(Tokenizer *t, const char *path, uint32_t vocab_size);
void tokenizer_free(Tokenizer *t);
/* The ids of UTF-8 text (valid: the caller checks), appended to `ids` (room for n bytes' worth: one id per byte
 * at most); returns how many. */
int tokenizer_encode(const Tokenizer *t, const char *text, size_t n, int *ids);

/* --- unicode.c (tables generated at build time: scripts/unicode-tables.mjs) --- */
int is_letter(uint32_t c);
int is_number(uint32_t c);
int is_space(uint32_t c);

/* --- prompt.c --- */
/* The instruction a rendered prompt is for and the prompt as Flora-JS renders it (malloc'd, NUL-ended); NULL
 * and a logged reason when no instruction fits. */
char *prompt_canonical(const Tokenizer *t, const char *prompt, const Instruction **instruction);

/* --- answer.c --- */
typedef struct Answer {
  Bytes output, reaction;
  int tokens;
} Answer;
/* Greedy answer to the prompt's ids within the instruction's reactions (answer-constraint.ts). */
int answer_run(Model *m, const Tokenizer *t, const Instruction *in, const int *ids, int n, Answer *out,
               double *first_token_at);

#endif
