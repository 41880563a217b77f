// TFLM's micro/debug_log.h. In mote, DebugLog formats into the log sink (mote/micro_log.h: one message per
// call, like MicroPrintf); a platform that provides its own DebugLog (as TFLM ports do) overrides mote's,
// which lives alone in its object file.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_DEBUG_LOG_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_DEBUG_LOG_H_

#include <cstdarg>
#include <cstddef>

extern "C" {
void DebugLog(const char* format, va_list args);
int DebugVsnprintf(char* buffer, size_t buf_size, const char* format, va_list vlist);
}

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_DEBUG_LOG_H_
