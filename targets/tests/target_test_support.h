// Helpers shared by the on-target tests: log capture into a fixed buffer, model lookup in an embedded set, and
// running one embedded case through the interpreter with the comparison rules of the host tests.
#ifndef MOTE_TARGETS_TESTS_TARGET_TEST_SUPPORT_H_
#define MOTE_TARGETS_TESTS_TARGET_TEST_SUPPORT_H_

#include <cstddef>
#include <cstdint>

#include "embedded_data.h"
#include "mote/micro_interpreter.h"
#include "mote/op_resolver.h"
#include "mote_test.h"

namespace mote_target {

// Collects what mote logs while it lives (messages separated by '\n', truncated at kBytes); restores the
// board's console sink when destroyed.
class LogCapture {
 public:
  static constexpr size_t kBytes = 2048;
  LogCapture();
  ~LogCapture();
  LogCapture(const LogCapture&) = delete;
  LogCapture& operator=(const LogCapture&) = delete;
  bool Has(const char* text) const;
  bool empty() const { return size_ == 0; }
  const char* text() const { return text_; }
  void Clear();

 private:
  static void Sink(void* user, const char* message);
  char text_[kBytes];
  size_t size_ = 0;
};

// True when this image was built with MOTE_STRIP_ERROR_STRINGS (diagnostics compiled out).
constexpr bool kErrorStringsStripped =
#if defined(MOTE_STRIP_ERROR_STRINGS)
    true;
#else
    false;
#endif

const mote_embed::Model* FindModel(const mote_embed::ModelSet& set, const char* name);

// The image's tensor arena (16-byte aligned, MOTE_TARGET_ARENA_BYTES).
uint8_t* Arena();
size_t ArenaBytes();

// Runs case `c` of `model` on a fresh interpreter over arena[0, arena_bytes) and compares every output with
// TFLM's: integer types bit for bit, float32 within 1e-5 relative + 1e-6 absolute (the host tests' rule).
// Returns true on a match; otherwise *why says what differed. *arena_used (optional) gets arena_used_bytes().
// A case with expect_refused (TFLM refused or aborted on it) matches when AllocateTensors or Invoke fails.
bool RunAndCompare(const mote_embed::Model& model, const mote_embed::Case& c, const mote::MicroOpResolver& resolver,
                   uint8_t* arena, size_t arena_bytes, mote_test::Message* why, size_t* arena_used = nullptr);

}  // namespace mote_target

#endif  // MOTE_TARGETS_TESTS_TARGET_TEST_SUPPORT_H_
