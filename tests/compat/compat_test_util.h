// What the TFLM-idiom tests of this folder share: the demo model read from MOTE_COMPAT_MODEL_PATH (set by the
// build) and a log capture through mote's sink (mote/micro_log.h; captured lines are echoed to stderr).
#ifndef MOTE_TESTS_COMPAT_COMPAT_TEST_UTIL_H_
#define MOTE_TESTS_COMPAT_COMPAT_TEST_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "mote/micro_log.h"

namespace compat_test {

// Bytes read into `buffer` (0 when the file is missing).
inline size_t LoadDemoModel(uint8_t* buffer, size_t size) {
  std::FILE* f = std::fopen(MOTE_COMPAT_MODEL_PATH, "rb");
  if (f == nullptr) return 0;
  const size_t n = std::fread(buffer, 1, size, f);
  std::fclose(f);
  return n;
}

// The lines logged between Start() and Stop() (the first kMaxLines).
struct LogLines {
  static constexpr int kMaxLines = 64;
  char text[kMaxLines][192];
  int count;

  void Start() {
    count = 0;
    text[0][0] = '\0';
    mote::SetLogSink(Capture, this);
  }
  static void Stop() { mote::SetLogSink(nullptr, nullptr); }
  const char* first() const { return count > 0 ? text[0] : ""; }

 private:
  static void Capture(void* user, const char* message) {
    std::fprintf(stderr, "%s\n", message);
    auto* self = static_cast<LogLines*>(user);
    if (self->count < kMaxLines) std::snprintf(self->text[self->count++], sizeof(self->text[0]), "%s", message);
  }
};

}  // namespace compat_test

#endif  // MOTE_TESTS_COMPAT_COMPAT_TEST_UTIL_H_
