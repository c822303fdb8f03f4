/* The library's parts alone, for native.test.ts to compare with Flora-JS's (built with the library's sources):
 *   probe logits MODEL_DIR IDS OUT STEPS   runs the ids (text) as one prompt, then STEPS greedy tokens one
 *                                          forward each; writes every step's logits (float32, little-endian)
 *   probe tokens MODEL_DIR TEXTS OUT       encodes each text (per text "<bytes>\n<text>"); writes one line of
 *                                          ids per text
 *   probe reactions MODEL_DIR PROMPTS OUT  the reaction model's choice for each prompt as the plugin renders it
 *                                          (a version-2 folder); one line per prompt: "<instruction index>
 *                                          <reaction> <refused> <off-topic score> | <class scores> | <feature
 *                                          hashes>", scores as the hex bits of their doubles, or "none"
 *   probe decimals TEXTS OUT               each text, -?digits(.digits)?(e[-+]?digits)?, as a double (decimal.c):
 *                                          one line of hex bits per text */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/flora-native.h"

static int logits(Model *m, const char *ids_file, const char *out_file, int steps) {
  FILE *in = fopen(ids_file, "r"), *out = fopen(out_file, "wb");
  if (!in || !out) return 1;
  int ids[4096], n = 0;
  while (n < 4096 && fscanf(in, "%d", &ids[n]) == 1) n++;
  const float *l = model_forward(m, ids, n);
  for (int step = 0;; step++) {
    fwrite(l, sizeof(float), m->a.V, out);
    if (step == steps) break;
    int id = model_argmax(m);
    l = model_forward(m, &id, 1);
  }
  fclose(in);
  fclose(out);
  return 0;
}

static int tokens(const Tokenizer *t, const char *texts_file, const char *out_file) {
  FILE *in = fopen(texts_file, "rb"), *out = fopen(out_file, "w");
  if (!in || !out) return 1;
  size_t n;
  while (fscanf(in, "%zu", &n) == 1 && fgetc(in) == '\n') {
    char *text = malloc(n + 1);
    int *ids = malloc((n + 1) * sizeof(int));
    if (!text || !ids || fread(text, 1, n, in) != n) return 1;
    int count = tokenizer_encode(t, text, n, ids);
    for (int k = 0; k < count; k++) fprintf(out, k ? " %d" : "%d", ids[k]);
    fputc('\n', out);
    free(text);
    free(ids);
  }
  fclose(in);
  fclose(out);
  return 0;
}

static unsigned long long bits(double v) {
  unsigned long long b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static int reactions(const Tokenizer *t, const char *prompts_file, const char *out_file) {
  FILE *in = fopen(prompts_file, "rb"), *out = fopen(out_file, "w");
  if (!in || !out || !t->reactions) return 1;
  size_t n;
  while (fscanf(in, "%zu", &n) == 1 && fgetc(in) == '\n') {
    char *prompt = malloc(n + 1);
    if (!prompt || fread(prompt, 1, n, in) != n) return 1;
    prompt[n] = 0;
    Request request;
    Choice choice = {0};
    if (!prompt_read(t, prompt, &request)) fputs("none\n", out);
    else if (!reaction_choose(t->reactions, &request, &choice)) return 1;
    else {
      const InstructionModel *x = t->reactions->instructions[request.instruction_index].model;
      fprintf(out, "%d %d %d ", request.instruction_index, choice.reaction, choice.refused);
      if (x->refusal >= 0) fprintf(out, "%016llx", bits(choice.off_topic));
      else fputs("-", out);
      fputs(" |", out);
      for (uint32_t k = 0; k < x->classes; k++) fprintf(out, " %016llx", bits(choice.scores[k]));
      fputs(" |", out);
      for (size_t k = 0; k < choice.nhashes; k++) fprintf(out, " %u", choice.hashes[k]);
      fputc('\n', out);
    }
    choice_free(&choice);
    request_free(&request);
    free(prompt);
  }
  fclose(in);
  fclose(out);
  return 0;
}

static int decimals(const char *texts_file, const char *out_file) {
  FILE *in = fopen(texts_file, "r"), *out = fopen(out_file, "w");
  if (!in || !out) return 1;
  char s[4096];
  while (fscanf(in, "%4095s", s) == 1) {
    const char *p = s;
    int negative = *p == '-';
    p += negative;
    const char *integer = p;
    while (*p >= '0' && *p <= '9') p++;
    size_t ni = (size_t)(p - integer), nf = 0;
    const char *fraction = p;
    if (*p == '.') {
      fraction = ++p;
      while (*p >= '0' && *p <= '9') p++;
      nf = (size_t)(p - fraction);
    }
    long exponent = *p == 'e' ? strtol(p + 1, NULL, 10) : 0;
    fprintf(out, "%016llx\n", bits(decimal_double(negative, integer, ni, fraction, nf, exponent)));
  }
  fclose(in);
  fclose(out);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "decimals") == 0) return decimals(argv[2], argv[3]);
  if (argc < 5) return 2;
  char path[4096];
  snprintf(path, sizeof path, "%s/weights.bin", argv[2]);
  Model m;
  if (!model_load(&m, path)) return 1;
  int status = 2;
  if (strcmp(argv[1], "logits") == 0 && argc == 6) status = logits(&m, argv[3], argv[4], atoi(argv[5]));
  else if (strcmp(argv[1], "tokens") == 0 || strcmp(argv[1], "reactions") == 0) {
    Tokenizer t;
    snprintf(path, sizeof path, "%s/tokenizer.bin", argv[2]);
    if (!tokenizer_load(&t, path, m.a.V)) status = 1;
    else if (argv[1][0] == 't') status = tokens(&t, argv[3], argv[4]);
    else status = reactions(&t, argv[3], argv[4]);
    tokenizer_free(&t);
  }
  model_free(&m);
  return status;
}
