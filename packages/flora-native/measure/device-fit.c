/* Device fit: what an agent's model folder costs on this machine with Flora native, one thread. Used by
 * `flora info --native` (packages/flora/src/device-fit.ts); built by build.mjs beside the linux-x64 library.
 *   device-fit LIBRARY MODEL_DIR PROMPT_FILE RUNS
 * loads the library by path (as the plugin does, through its C interface), the model folder, and answers the
 * prompt (as the plugin renders it) RUNS times after a warm-up. Prints one JSON line: the median answer tokens/s
 * (TokenSpeed: over the whole inference, prompt included, as Flora-JS's tokensPerSecond), the median time to the
 * first token (FloraLastRun), and the peak resident memory over this program's own before it loaded anything.
 * Anything wrong: a reason on stderr and exit 1 (2 for a usage error). Linux only (/proc/self/status). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/flora.h"

#define MAX_RUNS 32

/* Peak resident memory (VmHWM) of this process in bytes, or -1. */
static long peak_resident(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (strncmp(line, "VmHWM:", 6) == 0) kb = atol(line + 6);
  if (f) fclose(f);
  return kb < 0 ? -1 : kb * 1024;
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static char *read_text(const char *file) {
  FILE *f = fopen(file, "rb");
  if (!f) return NULL;
  char *text = NULL;
  if (fseek(f, 0, SEEK_END) == 0) {
    long size = ftell(f);
    rewind(f);
    text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
      free(text);
      text = NULL;
    } else if (text)
      text[size] = 0;
  }
  fclose(f);
  return text;
}

static int fail(const char *what, const char *detail) {
  fprintf(stderr, "device-fit: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  return 1;
}

int main(int argc, char **argv) {
  int runs = argc == 5 ? atoi(argv[4]) : 0;
  if (runs < 1 || runs > MAX_RUNS) {
    fprintf(stderr, "usage: device-fit LIBRARY MODEL_DIR PROMPT_FILE RUNS (1 to %d)\n", MAX_RUNS);
    return 2;
  }
  /* The bare figure: this program before it loaded anything but libc. */
  long bare = peak_resident();
  char *prompt = read_text(argv[3]);
  if (!prompt) return fail("cannot read the prompt", argv[3]);
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) return fail("cannot load the library", dlerror());
  NLM *(*init)(const char *, bool);
  void (*infer)(NLM *, const char *);
  NLMOutput *(*output)(NLM *);
  int (*last)(NLM *, FloraRun *);
  void (*release)(NLM *);
  *(void **)&init = dlsym(lib, "InitNLM");
  *(void **)&infer = dlsym(lib, "Inference");
  *(void **)&output = dlsym(lib, "OutputNLM");
  *(void **)&last = dlsym(lib, "FloraLastRun");
  *(void **)&release = dlsym(lib, "Delete");
  if (!init || !infer || !output || !last || !release)
    return fail("not a Flora native library (a function is missing)", argv[1]);
  NLM *model = init(argv[2], false);
  if (!model) return fail("cannot load the model folder (the library logged why)", argv[2]);
  double speed[MAX_RUNS], first[MAX_RUNS];
  for (int run = -1; run < runs; run++) { /* run -1: the warm-up */
    infer(model, prompt);
    FloraRun figures;
    NLMOutput *out = output(model);
    if (!last(model, &figures) || out->Size <= 1) return fail("the library answered nothing (it logged why)", NULL);
    if (run >= 0) speed[run] = out->TokenSpeed, first[run] = figures.firstTokenMs;
  }
  long peak = peak_resident();
  qsort(speed, (size_t)runs, sizeof(double), by_value);
  qsort(first, (size_t)runs, sizeof(double), by_value);
  printf("{\"tokensPerSecond\":%.1f,\"firstTokenMs\":%.3f,\"memoryBytes\":%ld}\n", speed[runs / 2], first[runs / 2],
         bare < 0 || peak < 0 ? -1 : peak - bare);
  release(model);
  free(prompt);
  return 0;
}
