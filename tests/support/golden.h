// Test access to ../shared (models and TFLM golden data) and to files as 16-byte aligned buffers.
//
//   TEST(Golden, HelloWorld) {
//     MOTE_REQUIRE_SHARED_DIR();                         // skips: "../shared not found: skipping"
//     mote::test::AlignedBuffer model;
//     std::string error;
//     ASSERT_TRUE(mote::test::ReadFile(mote::test::SharedPath("models/hello_world_int8.tflite"), &model, &error))
//         << error;
//     mote::test::AlignedBuffer in = mote::test::GoldenInput(0, kTfLiteInt8, 1);
//   }
//
// The shared directory is the MOTE_SHARED_DIR compile definition (CMake cache variable, default
// <source>/../shared); the environment variable MOTE_SHARED_DIR overrides it at run time.
#ifndef MOTE_TESTS_SUPPORT_GOLDEN_H_
#define MOTE_TESTS_SUPPORT_GOLDEN_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mote/c/common.h"

namespace mote {
namespace test {

// A zero-initialised byte buffer whose data() is 16-byte aligned (what models and arenas need). Copyable.
class AlignedBuffer {
 public:
  static constexpr size_t kAlignment = 16;
  AlignedBuffer() = default;
  explicit AlignedBuffer(size_t size) { resize(size); }
  void resize(size_t size) {
    chunks_.assign((size + kAlignment - 1) / kAlignment, Chunk{});
    size_ = size;
  }
  uint8_t* data() { return chunks_.empty() ? nullptr : chunks_[0].bytes; }
  const uint8_t* data() const { return chunks_.empty() ? nullptr : chunks_[0].bytes; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  struct alignas(16) Chunk {
    uint8_t bytes[16];
  };
  std::vector<Chunk> chunks_;
  size_t size_ = 0;
};

// The shared directory, or "" when it does not exist.
const std::string& SharedDir();
inline bool HaveSharedDir() { return !SharedDir().empty(); }
// SharedDir() + "/" + relative ("models/vww_96_int8.tflite", "golden/vww_96_int8/output0.bin").
std::string SharedPath(const std::string& relative);
// The golden folder of a shared model ("vww_96_int8" -> <shared>/golden/vww_96_int8).
inline std::string GoldenDir(const std::string& model) { return SharedPath("golden/" + model); }

// Reads a whole file into *out. On failure returns false and, if error is non-null, says why.
bool ReadFile(const std::string& path, AlignedBuffer* out, std::string* error = nullptr);
bool FileExists(const std::string& path);

// The golden input bytes for input tensor k of `type` (../shared/golden/README.md; see host/golden_inputs.h).
AlignedBuffer GoldenInput(int input_index, TfLiteType type, size_t bytes);

}  // namespace test
}  // namespace mote

// Skips the current test (GTEST_SKIP) when ../shared is absent.
#define MOTE_REQUIRE_SHARED_DIR()                                      \
  do {                                                                 \
    if (!::mote::test::HaveSharedDir()) {                              \
      GTEST_SKIP() << "../shared not found: skipping";                 \
    }                                                                  \
  } while (0)

#endif  // MOTE_TESTS_SUPPORT_GOLDEN_H_
