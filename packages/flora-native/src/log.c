/* The library's log: every line to stderr, and to flora-native.log once LogAddFilePointer opened it; the lines of
 * the calling thread's last InitNLM or Inference are also kept for FloraLastError (a binding's exception text). */
#include <stdarg.h>
#include <stdio.h>

#include "flora-native.h"

static FILE *log_file;
/* Per thread, so that two models loading or answering on two threads each read their own reasons. */
static _Thread_local char last_error[1024];
static _Thread_local size_t last_length;

void flora_log_clear(void) {
  last_error[0] = 0;
  last_length = 0;
}

/* Appends a line to the thread's last error (cut short when it is full). */
static void keep_line(const char *format, va_list args) {
  size_t room = sizeof last_error - last_length;
  if (room <= 1) return;
  if (last_length > 0) {
    last_error[last_length++] = '\n';
    last_error[last_length] = 0;
    room--;
  }
  int n = vsnprintf(last_error + last_length, room, format, args);
  if (n > 0) last_length += (size_t)n < room ? (size_t)n : room - 1;
}

void flora_log(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("flora-native: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  va_start(args, format);
  keep_line(format, args);
  va_end(args);
  if (log_file) {
    va_start(args, format);
    vfprintf(log_file, format, args);
    fputc('\n', log_file);
    fflush(log_file);
    va_end(args);
  }
}

FLORA_API int LogAddFilePointer(void) {
  if (!log_file) log_file = fopen("flora-native.log", "a");
  return log_file != NULL;
}

FLORA_API const char *FloraLastError(void) { return last_error; }
