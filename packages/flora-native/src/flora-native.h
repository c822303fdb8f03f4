/* Flora native's modules and the types they share. The forward pass, the tokenizer and the answer's rules are
 * Flora-JS's (packages/flora/src: model.ts, tokenizer.ts, template.ts, answer-constraint.ts), computed in the
 * same order with the same float32 roundings, so that the answers are the same. */
#ifndef FLORA_NATIVE_H
#define FLORA_NATIVE_H

#include <stddef.h>
#include <stdint.h>

#include "../include/flora.h"

/* The file versions this library reads, 1 … FLORA_FORMAT_VERSION (packages/flora/src/export-unreal.ts writes
 * them): version 2 adds the reaction model to tokenizer.bin (a version-2 agent's answers, reaction first). */
#define FLORA_FORMAT_VERSION 2u
/* Columns per panel of a matrix: its columns are stored 32 at a time, row after row (sequential reads). */
#define PANEL 32
/* Prompt rows per pass through the weights. */
#define CHUNK 8

/* --- log.c, and api.c's clock --- */
void flora_log(const char *format, ...);
/* Empties the calling thread's FloraLastError (InitNLM and Inference do, first). */
void flora_log_clear(void);
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

struct Reactions;

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
  /* Version 2: the agent's reaction model (reactions.c), NULL for a version-1 agent (answers output first). */
  struct Reactions *reactions;
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
/* The code point's lowercase when String.prototype.toLowerCase() makes it one code point, else itself. */
uint32_t lower_code_point(uint32_t c);
/* One code point of valid UTF-8 at s (n bytes left, n ≥ 1): its value, its length in *len. */
uint32_t utf8_next(const unsigned char *s, size_t n, int *len);
/* The UTF-8 bytes of a code point into out; returns how many (1 to 4). */
size_t utf8_encode(uint32_t c, unsigned char out[4]);

/* --- decimal.c --- */
/* ±integer.fraction × 10^exponent (ASCII digits) as the nearest double: JavaScript's Number() of the text. */
double decimal_double(int negative, const char *integer, size_t ni, const char *fraction, size_t nf, long exponent);

/* --- prompt.c --- */
/* A number written into an input key line's slot, and the slot's range (a list's numbers each the list's). */
typedef struct SlotNumber {
  double value, min, max;
} SlotNumber;

/* A prompt read: its instruction, the prompt as Flora-JS renders it, and per input line its text (in `prompt`)
 * and its numbers — what the reaction model reads (Flora-JS's request). */
typedef struct Request {
  const Instruction *instruction;
  int instruction_index;
  char *prompt; /* NUL-ended */
  size_t length;
  size_t *text_at, *text_length; /* per input line */
  int *numbers_at;               /* per input line and one more: its numbers are numbers[numbers_at[l] …] */
  SlotNumber *numbers;
} Request;

/* Reads a prompt as the plugin renders it (README, "The C interface"); 0 and a logged reason when no instruction
 * fits (or out of memory). request_free frees what it holds (also after a failure). */
int prompt_read(const Tokenizer *t, const char *prompt, Request *request);
void request_free(Request *request);

/* --- reactions.c: reactions.bin, a version-2 agent's reaction model (packages/agent-format, "Reactions") --- */
/* A linear head: its arrays point into the kept bytes of reactions.bin (little-endian; read with le32/le16). */
typedef struct Head {
  uint32_t outputs, features;
  const unsigned char *bias;         /* outputs × f32 */
  const unsigned char *hashes, *idf; /* features × u32 (strictly ascending), features × f32 */
  const unsigned char *weights;      /* features × outputs × f16, row-major [feature][output] */
  uint32_t nlines;                   /* input lines with word scores */
  uint32_t *line;                    /* per such line: the input line's index */
  const unsigned char **scores;      /* per such line: words × outputs × f16 */
} Head;

/* A reaction's lines, each tokenized, sorted by their ids (lexicographically): the lines that share the output
 * written so far are a range of them, their next ids in ascending order (a trie without nodes). */
typedef struct TokenLine {
  int *ids, length;
} TokenLine;
typedef struct LineSet {
  int count;
  TokenLine *lines;
} LineSet;

/* An instruction of reactions.bin: its classes (each a reaction of the instruction), their head, its refusal. */
typedef struct InstructionModel {
  const unsigned char *name;
  uint32_t name_length;
  uint32_t classes;
  const unsigned char *reactions; /* per class: its reaction's index in the instruction's (u32) */
  Head head;
  int refusal; /* the refusal's reaction index, -1: none */
  float refusal_bias;
  Head detector;
} InstructionModel;

/* A tokenizer instruction's part: its model and, per reaction of the instruction (template order), the lines it
 * is answered with (count 0: none, the model never chooses it). */
typedef struct InstructionReactions {
  const InstructionModel *model;
  LineSet *lines;
  int nreactions;
} InstructionReactions;

typedef struct Reactions {
  unsigned char *data; /* reactions.bin (the heads point into it) */
  size_t size;
  int has_words;
  uint32_t words;
  const unsigned char *word_hashes, *word_norms; /* words × u32 (strictly ascending), words × f16 */
  InstructionModel *file;                        /* the file's instructions */
  uint32_t nfile;
  InstructionReactions *instructions; /* per instruction of the tokenizer, in its order */
  int ninstructions;
} Reactions;

/* Reads and checks reactions.bin against the tokenizer's instructions and tokenizes the lines; NULL and a logged
 * reason when it is not one, or does not fit them. */
Reactions *reactions_load(const unsigned char *bytes, size_t size, const Tokenizer *t, const char *path);
void reactions_free(Reactions *r);
uint32_t le32(const unsigned char *p);
/* An IEEE binary16 as a double (exact; infinities and NaN too). */
double half_value(const unsigned char *p);
double f32_value(const unsigned char *p);

/* --- features.c: the reaction model's choice (reaction-features.ts, reaction-model.ts) --- */
typedef struct Choice {
  int reaction, refused;
  double *scores; /* per class */
  double off_topic; /* the detector's score plus the refusal bias (when the instruction has a refusal) */
  uint32_t *hashes; /* the request's distinct feature hashes, ascending */
  size_t nhashes;
} Choice;
/* 0 when out of memory. choice_free frees what it holds (also after a failure). */
int reaction_choose(const Reactions *r, const Request *request, Choice *choice);
void choice_free(Choice *choice);
/* FNV-1a, 32 bits, of UTF-8 bytes (reaction-features.ts featureHash). */
uint32_t fnv1a(uint32_t h, const void *bytes, size_t n);

/* --- number.c: a FinalNumToken's number (answer-constraint.ts NumberWriter) --- */
#define MAX_NUMBER_TOKENS 16
typedef struct NumberWriter {
  const Tokenizer *t;
  char text[MAX_NUMBER_TOKENS * 8 + 1]; /* the value so far (length bytes) */
  size_t length;
  int tokens;
} NumberWriter;
int number_ok(const char *s, size_t n, int whole);
/* The best next piece that keeps the value a number (a whole one when `last`): its id and *logit, or -1. */
int number_best_piece(const NumberWriter *w, const float *logits, int last, float *logit);
/* The next piece's id, or -1 when the number is complete; `context_left` counts this step's position. */
int number_step(NumberWriter *w, const float *logits, int context_left);

/* --- answer.c (version 1) and reaction-answer.c (version 2) --- */
typedef struct Answer {
  Bytes output, reaction;
  int tokens;
} Answer;
/* Version 1: greedy answer to the prompt's ids within the instruction's reactions (answer-constraint.ts
 * AnswerConstraint). */
int answer_run(Model *m, const Tokenizer *t, const Instruction *in, const int *ids, int n, Answer *out,
               double *first_token_at);
/* Version 2: the reaction chosen, the model writes its number (a FinalNumToken's) and the output line along the
 * reaction's lines (answer-constraint.ts ReactionFirstAnswer, agent.ts generateAfter). 1: answered; 0: out of
 * memory; -1: the reaction does not fit in the context after the prompt (logged). */
int answer_reaction_first(Model *m, const Tokenizer *t, const Instruction *in, int reaction, const LineSet *lines,
                          const int *ids, int n, Answer *out, double *first_token_at);

#endif
