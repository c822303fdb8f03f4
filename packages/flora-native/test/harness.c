/* The test program: loads the library as the Unreal plugin does (dlopen or LoadLibrary, then the five functions
 * by name), turns the log file on (LogAddFilePointer, as the plugin does before loading: flora-native.log in the
 * working directory), answers prompts with it and writes the answers, for native.test.ts to compare with Flora-JS.
 *   harness LIBRARY MODEL_DIR PROMPTS ANSWERS [--threads] [--second DIR] [--first N] [--bad DIR]...
 * PROMPTS: per prompt "<bytes>\n<prompt>"; ANSWERS: per prompt "<Size>\n<Buffer up to its 0>\n". Also checks
 * that LogAddFilePointer answers 1, that a missing folder and every --bad folder (damaged files) give NULL and
 * FloraLastError the reason (as a binding reads it), that every answer that is not empty comes with a TokenSpeed
 * above 0 (printed: "TokenSpeed > 0: N of N answers"), and with --threads that two models (the second from
 * --second DIR, else MODEL_DIR again) answering on two threads at once give the answers each gave alone. Exit 0
 * when every check passed. */
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
static const char *(*flora_last_error)(void);

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

typedef struct Job {
  NLM *model;
  char **answers;
  /* The answers that are not empty, and those of them with a TokenSpeed above 0 (and finite). */
  int answered, timed;
} Job;

/* One answer as the plugin reads it: Buffer[Size - 1] = 0, then a C string; its TokenSpeed counted in the job. */
static char *answer(Job *job, const char *prompt) {
  inference(job->model, prompt);
  NLMOutput *out = output_nlm(job->model);
  if (!out || out->Size < 1 || !out->Buffer) return NULL;
  out->Buffer[out->Size - 1] = 0;
  if (out->Size > 1) {
    job->answered++;
    if (out->TokenSpeed > 0 && out->TokenSpeed < 1e30f) job->timed++;
  }
  return copy_text((const char *)out->Buffer);
}

static void *run_all(void *arg) {
  Job *job = arg;
  for (int k = 0; k < count; k++) job->answers[k] = answer(job, prompts[k]);
  return NULL;
}

static void free_answers(char **answers) {
  for (int k = 0; k < count; k++) free(answers[k]);
  free(answers);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr,
            "usage: harness LIBRARY MODEL_DIR PROMPTS ANSWERS [--threads] [--second DIR] [--first N] [--bad DIR]...\n");
    return 2;
  }
  int threads = 0, first = -1, failed = 0;
  const char *bad[16], *second = NULL;
  int nbad = 0;
  for (int k = 5; k < argc; k++) {
    if (strcmp(argv[k], "--threads") == 0) threads = 1;
    else if (strcmp(argv[k], "--first") == 0 && k + 1 < argc) first = atoi(argv[++k]);
    else if (strcmp(argv[k], "--second") == 0 && k + 1 < argc) second = argv[++k];
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
  *(void **)&flora_last_error = symbol(lib, "FloraLastError");
  if (!init_nlm || !inference || !output_nlm || !delete_nlm || !log_add_file_pointer || !flora_last_error) {
    fprintf(stderr, "harness: a function is missing\n");
    return 1;
  }
  /* As the plugin does before it loads a model: the reasons below also go to flora-native.log (working dir). */
  int logging = log_add_file_pointer();
  if (logging != 1) {
    fprintf(stderr, "harness: LogAddFilePointer gave %d, not 1 (cannot open flora-native.log?)\n", logging);
    failed = 1;
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
    } else if (!strstr(flora_last_error(), "InitNLM: no model loaded from")) {
      fprintf(stderr, "harness: FloraLastError gave \"%s\" for %s\n", flora_last_error(), bad[k]);
      failed = 1;
    }
  }

  NLM *a = init_nlm(argv[2], false);
  if (!a) {
    fprintf(stderr, "harness: InitNLM(%s) gave NULL\n", argv[2]);
    return 1;
  }
  char **answers = calloc((size_t)count + 1, sizeof(char *));
  Job job = {a, answers, 0, 0};
  run_all(&job);
  printf("TokenSpeed > 0: %d of %d answers\n", job.timed, job.answered);
  if (job.timed != job.answered) {
    fprintf(stderr, "harness: %d answers came with a TokenSpeed of 0 or less\n", job.answered - job.timed);
    failed = 1;
  }
  FILE *out = fopen(argv[4], "wb");
  if (!out) return 1;
  for (int k = 0; k < count; k++) {
    const char *s = answers[k] ? answers[k] : "";
    fprintf(out, "%zu\n%s\n", strlen(s), s);
  }
  fclose(out);

  if (threads) {
    NLM *b = init_nlm(second ? second : argv[2], false);
    if (!b) {
      fprintf(stderr, "harness: InitNLM(%s) gave NULL\n", second ? second : argv[2]);
      return 1;
    }
    /* The second model's own answers, alone first (another folder answers otherwise). */
    char **b_answers = answers;
    if (second) {
      b_answers = calloc((size_t)count + 1, sizeof(char *));
      Job alone = {b, b_answers, 0, 0};
      run_all(&alone);
    }
    char **first_answers = calloc((size_t)count + 1, sizeof(char *));
    char **second_answers = calloc((size_t)count + 1, sizeof(char *));
    Job one = {a, first_answers, 0, 0}, two = {b, second_answers, 0, 0};
    Thread t1, t2;
    if (start_thread(&t1, run_all, &one) || start_thread(&t2, run_all, &two)) return 1;
    join_thread(t1);
    join_thread(t2);
    int different = 0;
    for (int k = 0; k < count; k++) {
      const char *want = answers[k] ? answers[k] : "", *want_b = b_answers[k] ? b_answers[k] : "";
      const char *x = first_answers[k] ? first_answers[k] : "", *y = second_answers[k] ? second_answers[k] : "";
      if (strcmp(want, x) || strcmp(want_b, y)) {
        fprintf(stderr, "harness: prompt %d answered differently on two threads\n", k);
        different = failed = 1;
      }
    }
    free_answers(first_answers);
    free_answers(second_answers);
    if (second) free_answers(b_answers);
    delete_nlm(b);
    printf("two threads: %s\n", different ? "different" : "the same answers");
  }
  delete_nlm(a);
  free_answers(answers);
  for (int k = 0; k < count; k++) free(prompts[k]);
  free(prompts);
  close_library(lib);
  return failed;
}
