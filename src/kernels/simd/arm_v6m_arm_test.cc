// arm_v6m::MultiplyByQuantizedMultiplierV6m (the Armv6-M variants' requantization, no 64-bit multiply) against
// mote::MultiplyByQuantizedMultiplier, bit for bit: the corner values of both operands (0, +-1, INT32_MIN,
// INT32_MAX, powers of two and their neighbours, negative multipliers) with every shift from -31 to 31, then
// random operands. Portable code: it runs on every core's variant image.
#include <cstdint>

#include "kernels/simd/arm_v6m.h"
#include "mote/integer_arithmetic.h"
#include "variant_test_support.h"

namespace {

using mote_variants::Rng;

bool Same(int32_t x, int32_t m, int shift, mote_test::Message* why) {
  const int32_t expected = mote::MultiplyByQuantizedMultiplier(x, m, shift);
  const int32_t got = mote::arm_v6m::MultiplyByQuantizedMultiplierV6m(x, m, shift);
  if (expected == got) return true;
  *why << "x " << x << " multiplier " << m << " shift " << shift << ": expected " << expected << ", got " << got;
  return false;
}

TEST(ArmV6mRequantize, MatchesReferenceOnCornerValues) {
  int32_t values[64];
  int n = 0;
  const int32_t fixed[] = {0, 1, -1, 2, -2, INT32_MAX, INT32_MIN, INT32_MIN + 1, INT32_MAX - 1, 0xFFFF, -0xFFFF,
                           0x10000, -0x10000, 0x7FFF, -0x8000, 0x3FFFFFFF, 0x40000000, -0x40000000};
  for (int32_t v : fixed) values[n++] = v;
  for (int b = 3; b < 31; b += 3) {
    values[n++] = static_cast<int32_t>(1u << b) + 1;
    values[n++] = -static_cast<int32_t>(1u << b) - 1;
  }
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      for (int shift = -31; shift <= 31; ++shift) {
        mote_test::Message why;
        ASSERT_TRUE(Same(values[i], values[j], shift, &why)) << why;
      }
    }
  }
}

TEST(ArmV6mRequantize, MatchesReferenceOnRandomOperands) {
  Rng rng(mote_variants::CaseSeed(mote_variants::BaseSeed("ArmV6mRequantize", "Random"), 0));
  for (int i = 0; i < 20000; ++i) {
    // Accumulators of every magnitude, multipliers mostly in TFLite's [2^30, 2^31), shifts mostly right.
    const int bits = rng.Int(0, 31);
    const uint32_t r = static_cast<uint32_t>(rng.Next() >> 32), r2 = static_cast<uint32_t>(rng.Next() >> 32);
    int32_t x = static_cast<int32_t>(r >> (32 - (bits == 0 ? 1 : bits)));
    if (rng.Chance(50)) x = -x;
    const int32_t m = rng.Chance(90) ? static_cast<int32_t>((1u << 30) | (r2 >> 2)) : static_cast<int32_t>(r2);
    const int shift = rng.Chance(85) ? rng.Int(-31, 0) : rng.Int(1, 31);
    mote_test::Message why;
    ASSERT_TRUE(Same(x, m, shift, &why)) << "case " << i << ": " << why;
  }
}

}  // namespace
