/* Flora native: the C interface of the Unreal plugin databiomes/flora-plugin (FloraEngineSubsystem.h), which
 * looks these five functions up by name. See ../README.md. */
#ifndef FLORA_H
#define FLORA_H

#include <stdbool.h>

#ifdef _WIN32
#define FLORA_API __declspec(dllexport)
#else
#define FLORA_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A loaded model (opaque). One inference at a time per model; different models may run on different threads. */
typedef struct NLM NLM;

/* The last answer: Buffer holds "output line\nreaction line" and one more byte (0), Size counts that byte too.
 * Owned by the model: valid until its next Inference or Delete. */
typedef struct NLMOutput {
  float TokenSpeed; /* answer tokens per second over the whole inference, prompt included */
  int Size;
  unsigned char *Buffer;
} NLMOutput;

/* Loads the model folder (tokenizer.bin and weights.bin); NULL and a logged reason when it cannot. The flag is
 * the plugin's and is ignored. */
FLORA_API NLM *InitNLM(const char *modelDir, bool unused);
/* Answers a prompt as the plugin renders it (<BOS>, the instruction's key and text lines, the response key line,
 * <RUN>); on a prompt it cannot answer the output is empty and the reason logged. */
FLORA_API void Inference(NLM *model, const char *prompt);
FLORA_API NLMOutput *OutputNLM(NLM *model);
FLORA_API void Delete(NLM *model);
/* Ours, not the plugin's: figures of the model's last inference (the bench reads them); 0 when it answered
 * nothing. */
typedef struct FloraRun {
  int promptTokens, answerTokens;
  double firstTokenMs, totalMs;
} FloraRun;
FLORA_API int FloraLastRun(NLM *model, FloraRun *run);
/* Also writes the log (stderr always) to flora-native.log in the working directory: 1 when it is open. */
FLORA_API int LogAddFilePointer(void);
/* Ours: the reasons logged (one a line, without "flora-native: ") on the calling thread during its last InitNLM or
 * Inference, "" when there were none; for bindings, whose callers do not see stderr (Flora for Unity's
 * exceptions). Valid until that thread's next call into the library. */
FLORA_API const char *FloraLastError(void);

#ifdef __cplusplus
}
#endif

#endif
