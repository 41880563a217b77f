/* The board's formatted console output: board_printf and the stdio calls mote's default log sink and
 * applications use (stdout and stderr alike; there are no other streams), formatted by format.c's heap-free
 * vsnprintf and written by board.c's semihosting console. The one layer that depends on both, so that the
 * console (board.c) and the formatter (format.c) depend on nothing of each other.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

void board_printf(const char* format, ...) {
  char buffer[256];
  va_list args;
  va_start(args, format);
  int n = vsnprintf(buffer, sizeof(buffer), format, args);
  va_end(args);
  if (n < 0) return;
  board_write(buffer, (size_t)n < sizeof(buffer) ? (size_t)n : sizeof(buffer) - 1);
}

int fputs(const char* s, FILE* stream) {
  (void)stream;
  board_puts(s);
  return 0;
}
int fputc(int c, FILE* stream) {
  (void)stream;
  const char ch = (char)c;
  board_write(&ch, 1);
  return (unsigned char)c;
}
int putc(int c, FILE* stream) { return fputc(c, stream); }
int putchar(int c) {
  const char ch = (char)c;
  board_write(&ch, 1);
  return (unsigned char)c;
}
int puts(const char* s) {
  board_puts(s);
  board_write("\n", 1);
  return 0;
}
size_t fwrite(const void* data, size_t size, size_t count, FILE* stream) {
  (void)stream;
  board_write((const char*)data, size * count);
  return count;
}
int fflush(FILE* stream) {
  (void)stream;
  return 0;
}
int vprintf(const char* format, va_list args) {
  char buffer[256];
  const int n = vsnprintf(buffer, sizeof(buffer), format, args);
  if (n > 0) board_write(buffer, (size_t)n < sizeof(buffer) ? (size_t)n : sizeof(buffer) - 1);
  return n;
}
int printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vprintf(format, args);
  va_end(args);
  return n;
}
int vfprintf(FILE* stream, const char* format, va_list args) {
  (void)stream;
  return vprintf(format, args);
}
int fprintf(FILE* stream, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vfprintf(stream, format, args);
  va_end(args);
  return n;
}
