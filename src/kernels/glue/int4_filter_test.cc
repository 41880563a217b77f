// UnpackInt4ToInt8 against the packed layout written out by hand: every byte value, even and odd counts.
#include "kernels/glue/int4_filter.h"

#include <cstdint>
#include <vector>

#include "gtest/gtest.h"

namespace mote {
namespace {

int SignExtend4(int nibble) { return nibble >= 8 ? nibble - 16 : nibble; }

TEST(UnpackInt4ToInt8, EveryByteLowNibbleFirst) {
  std::vector<int8_t> packed(256);
  for (int i = 0; i < 256; ++i) packed[i] = static_cast<int8_t>(static_cast<uint8_t>(i));
  std::vector<int8_t> unpacked(512, 99);
  UnpackInt4ToInt8(packed.data(), 512, unpacked.data());
  for (int i = 0; i < 256; ++i) {
    EXPECT_EQ(unpacked[2 * i], SignExtend4(i & 0xF)) << "byte " << i;
    EXPECT_EQ(unpacked[2 * i + 1], SignExtend4(i >> 4)) << "byte " << i;
  }
}

TEST(UnpackInt4ToInt8, OddCountUsesOnlyTheLastLowNibble) {
  const int8_t packed[2] = {static_cast<int8_t>(0x7F), static_cast<int8_t>(0xF8)};  // 0xF: the unused high nibble
  int8_t unpacked[4] = {99, 99, 99, 99};
  UnpackInt4ToInt8(packed, 3, unpacked);
  EXPECT_EQ(unpacked[0], -1);
  EXPECT_EQ(unpacked[1], 7);
  EXPECT_EQ(unpacked[2], -8);
  EXPECT_EQ(unpacked[3], 99);  // nothing written past count
}

}  // namespace
}  // namespace mote
