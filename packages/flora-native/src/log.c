/* The library's log: every line to stderr, and to flora-native.log once LogAddFilePointer opened it. */
#include <stdarg.h>
#include <stdio.h>

#include "flora-native.h"

static FILE *log_file;

void flora_log(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("flora-native: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
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
