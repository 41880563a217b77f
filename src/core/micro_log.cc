#include "mote/micro_log.h"

#include <cstdio>

namespace mote {
namespace {
void DefaultSink(void*, const char* message) {
  std::fputs(message, stderr);
  std::fputc('\n', stderr);
}
LogSink g_sink = DefaultSink;
void* g_sink_user = nullptr;
}  // namespace

void SetLogSink(LogSink sink, void* user) {
  g_sink = sink == nullptr ? DefaultSink : sink;
  g_sink_user = sink == nullptr ? nullptr : user;
}

#if defined(MOTE_STRIP_ERROR_STRINGS)
// Stripped builds format nothing (so no printf implementation is linked for mote's sake) and log nothing.
void VLog(const char*, va_list) {}
#else
void VLog(const char* format, va_list args) {
  char buffer[kMaxLogMessageBytes];
  std::vsnprintf(buffer, sizeof(buffer), format, args);
  // Kernels written for TFLM often end messages with '\n'; the sink gets whole messages without one.
  size_t n = 0;
  while (n < sizeof(buffer) && buffer[n] != '\0') ++n;
  while (n > 0 && buffer[n - 1] == '\n') buffer[--n] = '\0';
  g_sink(g_sink_user, buffer);
}
#endif

}  // namespace mote

#if !defined(MOTE_STRIP_ERROR_STRINGS)
void VMicroPrintf(const char* format, va_list args) { mote::VLog(format, args); }

void MicroPrintf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  mote::VLog(format, args);
  va_end(args);
}
#endif
