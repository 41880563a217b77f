// TFLM's DebugLog for mote: into the log sink. Alone in its object file so that a platform's own DebugLog
// (a TFLM port) replaces it at link time.
#include "tensorflow/lite/micro/debug_log.h"

#include <cstdio>

#include "mote/micro_log.h"

extern "C" void DebugLog(const char* format, va_list args) { mote::VLog(format, args); }

extern "C" int DebugVsnprintf(char* buffer, size_t buf_size, const char* format, va_list vlist) {
  return std::vsnprintf(buffer, buf_size, format, vlist);
}
