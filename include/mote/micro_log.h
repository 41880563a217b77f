// The one error/log sink of mote. Every diagnostic (model verification, resolver refusals, kernel
// TF_LITE_ENSURE failures, MicroPrintf from application code) is formatted into a bounded stack buffer and
// handed, as one complete message without a trailing newline, to the current sink.
//
//   static void MySink(void* user, const char* message) { uart_write_line(message); }
//   mote::SetLogSink(MySink, nullptr);   // nullptr sink restores the default (stderr / platform hook)
//
// Messages longer than kMaxLogMessageBytes - 1 are truncated. Compiling with MOTE_STRIP_ERROR_STRINGS turns
// MicroPrintf into a no-op so the strings do not reach flash.
#ifndef MOTE_MICRO_LOG_H_
#define MOTE_MICRO_LOG_H_

#include <cstdarg>
#include <cstddef>

namespace mote {

constexpr size_t kMaxLogMessageBytes = 512;

using LogSink = void (*)(void* user, const char* message);

// Not thread-safe: set it before creating interpreters.
void SetLogSink(LogSink sink, void* user);

void VLog(const char* format, va_list args);

}  // namespace mote

#if defined(MOTE_STRIP_ERROR_STRINGS)
inline void MicroPrintf(const char*, ...) {}
inline void VMicroPrintf(const char*, va_list) {}
#else
void MicroPrintf(const char* format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
void VMicroPrintf(const char* format, va_list args);
#endif

#endif  // MOTE_MICRO_LOG_H_
