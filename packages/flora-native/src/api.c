/* The five functions the Unreal plugin looks up by name (FloraEngineSubsystem.cpp), and FloraLastRun, ours
 * (FloraLastError, also ours, is log.c's). */
#define _POSIX_C_SOURCE 199309L
#include <stdlib.h>
#include <string.h>

#include "flora-native.h"

#ifdef _WIN32
#include <windows.h>
double flora_now(void) {
  LARGE_INTEGER frequency, count;
  QueryPerformanceFrequency(&frequency);
  QueryPerformanceCounter(&count);
  return (double)count.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>
double flora_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}
#endif

struct NLM {
  Model model;
  Tokenizer tokenizer;
  NLMOutput output;
  FloraRun last;
};

/* The output when there is none: the plugin writes Buffer[Size - 1] = 0, which this byte takes. */
static unsigned char no_text[1];
static NLMOutput no_output = {0, 1, no_text};

static char *join(const char *dir, const char *name) {
  size_t n = strlen(dir);
  char *path = malloc(n + strlen(name) + 2);
  if (!path) return NULL;
  memcpy(path, dir, n);
  path[n] = '/';
  strcpy(path + n + (n > 0 && (dir[n - 1] == '/' || dir[n - 1] == '\\') ? 0 : 1), name);
  return path;
}

static void clear_output(NLM *nlm) {
  free(nlm->output.Buffer);
  nlm->output = (NLMOutput){0, 1, calloc(1, 1)};
  memset(&nlm->last, 0, sizeof nlm->last);
}

FLORA_API NLM *InitNLM(const char *modelDir, bool unused) {
  (void)unused;
  flora_log_clear();
  if (!modelDir) {
    flora_log("InitNLM: no model folder given");
    return NULL;
  }
  NLM *nlm = calloc(1, sizeof *nlm);
  char *weights = join(modelDir, "weights.bin"), *tokenizer = join(modelDir, "tokenizer.bin");
  int ok = nlm && weights && tokenizer && model_load(&nlm->model, weights);
  ok = ok && tokenizer_load(&nlm->tokenizer, tokenizer, nlm->model.a.V);
  /* Flora-JS keeps the prompt limit at most the context less 2; more means the files are of two agents. */
  if (ok && nlm->tokenizer.prompt_limit > (int)nlm->model.a.T - 2) {
    flora_log("%s: tokenizer.bin's prompt limit does not fit weights.bin's context (two agents' files?)", modelDir);
    tokenizer_free(&nlm->tokenizer);
    ok = 0;
  }
  free(weights);
  free(tokenizer);
  if (!ok) {
    if (nlm) model_free(&nlm->model);
    free(nlm);
    flora_log("InitNLM: no model loaded from %s", modelDir);
    return NULL;
  }
  clear_output(nlm);
  return nlm;
}

/* The run: its answer in nlm->output, or nothing and a logged reason. */
static void infer(NLM *nlm, const char *prompt) {
  Bytes valid = {0};
  size_t n = strlen(prompt);
  int utf8 = bytes_sanitize_utf8(&valid, (const unsigned char *)prompt, n) && valid.length == n &&
             (n == 0 || memcmp(valid.data, prompt, n) == 0);
  free(valid.data);
  if (!utf8) {
    flora_log("Inference: the prompt is not UTF-8");
    return;
  }
  double started = flora_now();
  Request request;
  if (!prompt_read(&nlm->tokenizer, prompt, &request)) {
    request_free(&request);
    return;
  }
  const Instruction *instruction = request.instruction;
  int *ids = malloc((request.length + 1) * sizeof(int));
  int count = ids ? tokenizer_encode(&nlm->tokenizer, request.prompt, request.length, ids) : -1;
  const Reactions *reactions = nlm->tokenizer.reactions;
  if (count < 0) flora_log("Inference: out of memory");
  else if (count > nlm->tokenizer.prompt_limit)
    flora_log("Inference: the prompt is %d tokens; this model takes at most %d: shorten the input lines", count,
              nlm->tokenizer.prompt_limit);
  else {
    Answer answer = {0};
    int answered;
    if (reactions) {
      /* Version 2: the reaction model chooses, then the model writes along the reaction's lines. */
      Choice choice;
      answered = reaction_choose(reactions, &request, &choice);
      if (answered)
        answered = answer_reaction_first(&nlm->model, &nlm->tokenizer, instruction, choice.reaction,
                                         &reactions->instructions[request.instruction_index].lines[choice.reaction],
                                         ids, count, &answer, &nlm->last.firstTokenMs);
      choice_free(&choice);
    } else
      answered = answer_run(&nlm->model, &nlm->tokenizer, instruction, ids, count, &answer, &nlm->last.firstTokenMs);
    if (answered > 0) {
      Bytes out = {0};
      if (bytes_add(&out, answer.output.data, answer.output.length) && bytes_add(&out, "\n", 1) &&
          bytes_add(&out, answer.reaction.data, answer.reaction.length) && bytes_add(&out, "", 1)) {
        double seconds = flora_now() - started;
        free(nlm->output.Buffer);
        nlm->output = (NLMOutput){seconds > 0 ? (float)(answer.tokens / seconds) : 0, (int)out.length, out.data};
        nlm->last.promptTokens = count;
        nlm->last.answerTokens = answer.tokens;
        nlm->last.totalMs = seconds * 1000;
        nlm->last.firstTokenMs = (nlm->last.firstTokenMs - started) * 1000;
      } else {
        free(out.data);
        flora_log("Inference: out of memory");
      }
    } else if (answered == 0) flora_log("Inference: out of memory");
    free(answer.output.data);
    free(answer.reaction.data);
  }
  free(ids);
  request_free(&request);
}

FLORA_API void Inference(NLM *nlm, const char *prompt) {
  flora_log_clear();
  if (!nlm) {
    flora_log("Inference: no model (InitNLM failed?)");
    return;
  }
  clear_output(nlm);
  if (!prompt) flora_log("Inference: no prompt");
  else infer(nlm, prompt);
}

FLORA_API NLMOutput *OutputNLM(NLM *nlm) {
  if (!nlm) {
    flora_log("OutputNLM: no model (InitNLM failed?)");
    no_text[0] = 0;
    return &no_output;
  }
  return &nlm->output;
}

FLORA_API void Delete(NLM *nlm) {
  if (!nlm) return;
  model_free(&nlm->model);
  tokenizer_free(&nlm->tokenizer);
  free(nlm->output.Buffer);
  free(nlm);
}

FLORA_API int FloraLastRun(NLM *nlm, FloraRun *run) {
  if (!nlm || !run) return 0;
  *run = nlm->last;
  return nlm->last.answerTokens > 0;
}
