/* The test program: loads the library as the Unreal plugin does (dlopen or LoadLibrary, then the five functions
 * by name),
 * answers prompts with it and writes the answers, for native.test.ts to compare with Flora-JS.
 *   harness LIBRARY MODEL_DIR PROMPTS ANSWERS [--threads] [--first N] [--bad DIR]...
 * PROMPTS: per prompt "<bytes>\n<prompt>"; ANSWERS: per prompt "<Size>\n<Buffer up to its 0>\n". Also checks
 * that a missing folder and every --bad folder (damaged files) give NULL, and with --threads that two models answering on two threads at once give the
 * same answers. Exit 0 when every check passed. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loading by name and threads: POSIX, or Windows for the DLL (cross-compiled, run under wine when there is one). */
#ifdef _WIN32
#include <windows.h>
static void *open_library(const char *path) { return (void *)LoadLibraryA(path); }
static void *symbol(void *lib, const char *name) {
  FARPROC f = GetProcAddress((HMODULE)lib, name);
  void *p;
  memcpy(&p, &f, sizeof p);
  return p;
}
static void close_library(void *lib) { FreeLibrary((HMODULE)lib); }
typedef HANDLE Thread;
static void *(*thread_body)(void *);
static DWORD WINAPI thread_start(LPVOID arg) {
  thread_body(arg);
  return 0;
}
static int start_thread(Thread *t, void *(*body)(void *), void *arg) {
  thread_body = body;
  return !(*t = CreateThread(NULL, 0, thread_start, arg, 0, NULL));
}
static void join_thread(Thread t) {
  WaitForSingleObject(t, INFINITE);
  CloseHandle(t);
}
static char *copy_text(const char *s) {
  char *c = malloc(strlen(s) + 1);
  return c ? strcpy(c, s) : NULL;
}
#else
#include <dlfcn.h>
#include <pthread.h>
static void *open_library(const char *path) { return dlopen(path, RTLD_NOW | RTLD_LOCAL); }
/* By name, as FPlatformProcess::GetDllExport does (a data-to-function pointer cast, as POSIX allows). */
static void *symbol(void *lib, const char *name) { return dlsym(lib, name); }
static void close_library(void *lib) { dlclose(lib); }
typedef pthread_t Thread;
static int start_thread(Thread *t, void *(*body)(void *), void *arg) { return pthread_create(t, NULL, body, arg); }
static void join_thread(Thread t) { pthread_join(t, NULL); }
static char *copy_text(const char *s) { return strdup(s); }
#endif

typedef struct NLM NLM;
typedef struct NLMOutput {
  float TokenSpeed;
  int Size;
  unsigned char *Buffer;
} NLMOutput;

static NLM *(*init_nlm)(const char *, bool);
static void (*inference)(NLM *, const char *);
static NLMOutput *(*output_nlm)(NLM *);
static void (*delete_nlm)(NLM *);
static int (*log_add_file_pointer)(void);

static char **prompts;
static int count;

static int read_prompts(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  size_t n;
  while (fscanf(f, "%zu", &n) == 1 && fgetc(f) == '\n') {
    prompts = realloc(prompts, (size_t)(count + 1) * sizeof(char *));
    char *p = malloc(n + 1);
    if (!prompts || !p || fread(p, 1, n, f) != n) return 0;
    p[n] = 0;
    prompts[count++] = p;
  }
  fclose(f);
  return 1;
}

/* One answer as the plugin reads it: Buffer[Size - 1] = 0, then a C string. */
static char *answer(NLM *model, const char *prompt) {
  inference(model, prompt);
  NLMOutput *out = output_nlm(model);
  if (!out || out->Size < 1 || !out->Buffer) return NULL;
  out->Buffer[out->Size - 1] = 0;
  return copy_text((const char *)out->Buffer);
}

typedef struct Job {
  NLM *model;
  char **answers;
} Job;

static void *run_all(void *arg) {
  Job *job = arg;
  for (int k = 0; k < count; k++) job->answers[k] = answer(job->model, prompts[k]);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: harness LIBRARY MODEL_DIR PROMPTS ANSWERS [--threads] [--first N] [--bad DIR]...\n");
    return 2;
  }
  int threads = 0, first = -1, failed = 0;
  const char *bad[16];
  int nbad = 0;
  for (int k = 5; k < argc; k++) {
    if (strcmp(argv[k], "--threads") == 0) threads = 1;
    else if (strcmp(argv[k], "--first") == 0 && k + 1 < argc) first = atoi(argv[++k]);
    else if (strcmp(argv[k], "--bad") == 0 && k + 1 < argc && nbad < 16) bad[nbad++] = argv[++k];
  }
  void *lib = open_library(argv[1]);
  if (!lib) {
    fprintf(stderr, "harness: cannot load %s\n", argv[1]);
    return 1;
  }
  *(void **)&init_nlm = symbol(lib, "InitNLM");
  *(void **)&inference = symbol(lib, "Inference");
  *(void **)&output_nlm = symbol(lib, "OutputNLM");
  *(void **)&delete_nlm = symbol(lib, "Delete");
  *(void **)&log_add_file_pointer = symbol(lib, "LogAddFilePointer");
  if (!init_nlm || !inference || !output_nlm || !delete_nlm || !log_add_file_pointer) {
    fprintf(stderr, "harness: a function is missing\n");
    return 1;
  }
  if (!read_prompts(argv[3])) {
    fprintf(stderr, "harness: cannot read %s\n", argv[3]);
    return 1;
  }
  if (first >= 0 && first < count) count = first;

  bad[nbad++] = "/no/such/folder";
  for (int k = 0; k < nbad; k++) {
    NLM *none = init_nlm(bad[k], false);
    if (none != NULL) {
      fprintf(stderr, "harness: %s gave a model\n", bad[k]);
      delete_nlm(none);
      failed = 1;
    }
  }

  NLM *a = init_nlm(argv[2], false);
  if (!a) {
    fprintf(stderr, "harness: InitNLM(%s) gave NULL\n", argv[2]);
    return 1;
  }
  char **answers = calloc((size_t)count + 1, sizeof(char *));
  Job job = {a, answers};
  run_all(&job);
  FILE *out = fopen(argv[4], "wb");
  if (!out) return 1;
  for (int k = 0; k < count; k++) {
    const char *s = answers[k] ? answers[k] : "";
    fprintf(out, "%zu\n%s\n", strlen(s), s);
  }
  fclose(out);

  if (threads) {
    NLM *b = init_nlm(argv[2], false);
    char **first_answers = calloc((size_t)count + 1, sizeof(char *));
    char **second_answers = calloc((size_t)count + 1, sizeof(char *));
    Job one = {a, first_answers}, two = {b, second_answers};
    Thread t1, t2;
    if (!b || start_thread(&t1, run_all, &one) || start_thread(&t2, run_all, &two)) return 1;
    join_thread(t1);
    join_thread(t2);
    for (int k = 0; k < count; k++) {
      const char *want = answers[k] ? answers[k] : "";
      const char *x = first_answers[k] ? first_answers[k] : "", *y = second_answers[k] ? second_answers[k] : "";
      if (strcmp(want, x) || strcmp(want, y)) {
        fprintf(stderr, "harness: prompt %d answered differently on two threads\n", k);
        failed = 1;
      }
      free(first_answers[k]);
      free(second_answers[k]);
    }
    free(first_answers);
    free(second_answers);
    delete_nlm(b);
    printf("two threads: %s\n", failed ? "different" : "the same answers");
  }
  delete_nlm(a);
  for (int k = 0; k < count; k++) free(answers[k]), free(prompts[k]);
  free(answers);
  free(prompts);
  close_library(lib);
  return failed;
}
