/* The bench's C side (bench/native-bench.ts builds and runs it):
 *   native-bench speed MODEL_DIR   the forward pass as Flora's bench measures Flora-JS's: a 64-token prompt of
 *                                  random ids (mulberry32, as Flora's bench), then 192 tokens one forward each,
 *                                  every greedy token fed back; median of 7 after a warm-up; JSON on stdout
 *   native-bench memory LIBRARY MODEL_DIR PROMPT   resident memory after loading the library by name (as the
 *                                  plugin does) and answering the prompt (a file), and the answer's time to its
 *                                  first token (FloraLastRun); JSON
 *   native-bench bare              resident memory of this program doing nothing; JSON
 * Built with the library's sources for `speed` (it calls the model directly). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/flora-native.h"

#define PROMPT 64
#define GENERATE 192
#define RUNS 7

static long resident_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "VmRSS:", 6) == 0) kb = atol(line + 6);
  if (f) fclose(f);
  return kb;
}

static uint32_t mulberry32(uint32_t *a) {
  *a += 0x6d2b79f5u;
  uint32_t t = (*a ^ (*a >> 15)) * (1u | *a);
  t = (t + (t ^ (t >> 7)) * (61u | t)) ^ t;
  return t ^ (t >> 14);
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static int speed(const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/weights.bin", dir);
  Model m;
  if (!model_load(&m, path)) return 1;
  const char *kernel;
  flora_matmul(&kernel);
  double ttft[RUNS], rate[RUNS];
  for (int run = -1; run < RUNS; run++) {
    uint32_t seed = (uint32_t)(run < 0 ? 0 : run);
    int ids[PROMPT];
    for (int k = 0; k < PROMPT; k++) ids[k] = (int)((double)mulberry32(&seed) / 4294967296.0 * m.a.V);
    m.pos = 0;
    double t0 = flora_now();
    model_forward(&m, ids, PROMPT);
    int id = model_argmax(&m);
    double t1 = flora_now();
    for (int k = 0; k < GENERATE; k++) {
      model_forward(&m, &id, 1);
      id = model_argmax(&m);
    }
    double t2 = flora_now();
    if (run >= 0) ttft[run] = (t1 - t0) * 1000, rate[run] = GENERATE / (t2 - t1);
  }
  qsort(ttft, RUNS, sizeof(double), by_value);
  qsort(rate, RUNS, sizeof(double), by_value);
  printf("{\"kernel\":\"%s\",\"ttftMs\":%.3f,\"tokensPerSecond\":%.1f}\n", kernel, ttft[RUNS / 2], rate[RUNS / 2]);
  model_free(&m);
  return 0;
}

static int memory(const char *library, const char *dir, const char *prompt_file) {
  void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!lib) return 1;
  NLM *(*init)(const char *, bool);
  void (*infer)(NLM *, const char *);
  NLMOutput *(*output)(NLM *);
  int (*last)(NLM *, FloraRun *);
  *(void **)&last = dlsym(lib, "FloraLastRun");
  *(void **)&init = dlsym(lib, "InitNLM");
  *(void **)&infer = dlsym(lib, "Inference");
  *(void **)&output = dlsym(lib, "OutputNLM");
  size_t size;
  unsigned char *prompt = flora_read_file(prompt_file, &size);
  NLM *model = init && infer && output && last && prompt ? init(dir, false) : NULL;
  if (!model) return 1;
  char *text = malloc(size + 1);
  memcpy(text, prompt, size);
  text[size] = 0;
  infer(model, text);
  NLMOutput *out = output(model);
  FloraRun run;
  if (!last(model, &run)) return 1;
  printf("{\"rss\":%ld,\"answerBytes\":%d,\"firstTokenMs\":%.3f}\n", resident_kb() * 1024, out->Size,
         run.firstTokenMs);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 3 && strcmp(argv[1], "speed") == 0) return speed(argv[2]);
  if (argc == 5 && strcmp(argv[1], "memory") == 0) return memory(argv[2], argv[3], argv[4]);
  if (argc == 2 && strcmp(argv[1], "bare") == 0) {
    printf("{\"rss\":%ld}\n", resident_kb() * 1024);
    return 0;
  }
  fprintf(stderr, "usage: native-bench speed DIR | memory LIBRARY DIR PROMPT | bare\n");
  return 2;
}
