/* The forward pass alone, for native.test.ts to compare with Flora-JS's bit for bit (built with the library's
 * sources):  logits MODEL_DIR IDS OUT STEPS
 * IDS: token ids as text; runs them as one prompt, then STEPS greedy tokens one forward each, and writes every
 * step's logits (float32, little-endian) to OUT. */
#include <stdio.h>
#include <stdlib.h>

#include "../src/flora-native.h"

int main(int argc, char **argv) {
  if (argc != 5) return 2;
  char path[4096];
  snprintf(path, sizeof path, "%s/weights.bin", argv[1]);
  Model m;
  if (!model_load(&m, path)) return 1;
  FILE *in = fopen(argv[2], "r"), *out = fopen(argv[3], "wb");
  if (!in || !out) return 1;
  int ids[4096], n = 0;
  while (n < 4096 && fscanf(in, "%d", &ids[n]) == 1) n++;
  const float *logits = model_forward(&m, ids, n);
  for (int step = 0, steps = atoi(argv[4]);; step++) {
    fwrite(logits, sizeof(float), m.a.V, out);
    if (step == steps) break;
    int id = model_argmax(&m);
    logits = model_forward(&m, &id, 1);
  }
  fclose(in);
  fclose(out);
  model_free(&m);
  return 0;
}
