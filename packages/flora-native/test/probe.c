/* The library's parts alone, for native.test.ts to compare with Flora-JS's (built with the library's sources):
 *   probe logits MODEL_DIR IDS OUT STEPS   runs the ids (text) as one prompt, then STEPS greedy tokens one
 *                                          forward each; writes every step's logits (float32, little-endian)
 *   probe tokens MODEL_DIR TEXTS OUT       encodes each text (per text "<bytes>\n<text>"); writes one line of
 *                                          ids per text */
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

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  char path[4096];
  snprintf(path, sizeof path, "%s/weights.bin", argv[2]);
  Model m;
  if (!model_load(&m, path)) return 1;
  int status = 2;
  if (strcmp(argv[1], "logits") == 0 && argc == 6) status = logits(&m, argv[3], argv[4], atoi(argv[5]));
  else if (strcmp(argv[1], "tokens") == 0) {
    Tokenizer t;
    snprintf(path, sizeof path, "%s/tokenizer.bin", argv[2]);
    status = tokenizer_load(&t, path, m.a.V) ? tokens(&t, argv[3], argv[4]) : 1;
    tokenizer_free(&t);
  }
  model_free(&m);
  return status;
}
