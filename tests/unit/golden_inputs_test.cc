// The golden-input generator (host/golden_inputs.h) against its definition and, when ../shared is present,
// against the input files TFLM's golden outputs were produced from.
#include "mote/host/golden_inputs.h"

#include <cstring>
#include <string>

#include "gtest/gtest.h"
#include "support/golden.h"

namespace mote {
namespace {

TEST(GoldenInputs, XorShiftSequenceFromSeed) {
  uint32_t s = host::GoldenSeed(0);
  EXPECT_EQ(s, 0x9E3779B9u);
  EXPECT_EQ(host::XorShift32Next(&s), 0x510c4619u);
  EXPECT_EQ(host::XorShift32Next(&s), 0xe02e553eu);
  EXPECT_EQ(host::XorShift32Next(&s), 0x7bb98f3au);
  EXPECT_EQ(host::GoldenSeed(3), 0x9E3779BCu);
}

TEST(GoldenInputs, BytesAndFloats) {
  const std::vector<uint8_t> b = host::GoldenInputBytes(0, kTfLiteInt8, 3);
  ASSERT_EQ(b.size(), 3u);
  EXPECT_EQ(b[0], 0x19);
  EXPECT_EQ(b[1], 0x3e);
  EXPECT_EQ(b[2], 0x3a);
  const std::vector<uint8_t> f = host::GoldenInputBytes(0, kTfLiteFloat32, 4);
  float v;
  std::memcpy(&v, f.data(), 4);
  EXPECT_EQ(v, static_cast<float>((0x510c4619u / 4294967296.0) * 2.0 - 1.0));
  const test::AlignedBuffer a = test::GoldenInput(0, kTfLiteInt8, 3);
  EXPECT_EQ(0, std::memcmp(a.data(), b.data(), 3));
  EXPECT_EQ(reinterpret_cast<uintptr_t>(a.data()) % 16, 0u);
}

void ExpectMatchesSharedFile(const std::string& model, int k, TfLiteType type) {
  test::AlignedBuffer file;
  std::string error;
  const std::string path = test::GoldenDir(model) + "/input" + std::to_string(k) + ".bin";
  ASSERT_TRUE(test::ReadFile(path, &file, &error)) << error;
  const test::AlignedBuffer mine = test::GoldenInput(k, type, file.size());
  EXPECT_EQ(0, std::memcmp(mine.data(), file.data(), file.size())) << path;
}

TEST(GoldenInputs, MatchSharedGoldenFiles) {
  MOTE_REQUIRE_SHARED_DIR();
  ExpectMatchesSharedFile("hello_world_float", 0, kTfLiteFloat32);
  ExpectMatchesSharedFile("simple_add_model", 0, kTfLiteInt8);
  ExpectMatchesSharedFile("simple_add_model", 1, kTfLiteInt8);
  ExpectMatchesSharedFile("vww_96_int8", 0, kTfLiteInt8);
}

}  // namespace
}  // namespace mote
