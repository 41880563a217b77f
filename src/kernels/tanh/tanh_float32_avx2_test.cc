// TANH float32 AVX2 + FMA variant against std::tanh (reference::TanhFloat, TFLM's float kernel): every float
// in [-10, 10] on a dense grid of bit patterns, the range boundaries, special values, every tail length, in
// place; and the dispatch under feature masks.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/tanh/tanh_reference.h"
#include "kernels/tanh/tanh_variants.h"
#include "support/float_unary_variant_test.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// nullptr where the AVX2 files are not compiled in (other architectures, MOTE_X86_SIMD=OFF).
constexpr void (*kAvx2)(const tanh_op::TanhFloatProblem&, void*) = MOTE_X86_SIMD_FN(tanh_op::TanhFloatAvx2);

bool RunnableHere() { return kAvx2 != nullptr && variant_test::CpuHas(isa::kAvx2 | isa::kFma); }

TEST(TanhFloatAvx2, WithinTwoUlpOfStdTanhOnADenseGrid) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  // Around the switch between the two formulas, the clamp, and two points between.
  float_test::ExpectWithinUlp("TANH float32 avx2", kAvx2, reference::TanhFloat,
                              float_test::DenseGrid(10.0f, {0.625f, 9.1f, 8.0f, 1.0f}), tanh_op::kTanhFloatMaxUlp);
}

TEST(TanhFloatAvx2, SpecialValues) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> in = {0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 1e30f, -1e30f,
                                 std::numeric_limits<float>::denorm_min(), 20.0f, -88.0f};
  const std::vector<float> got = float_test::RunUnary(kAvx2, in);
  EXPECT_EQ(got[0], 0.0f);
  EXPECT_FALSE(std::signbit(got[0]));
  EXPECT_EQ(got[1], 0.0f);
  EXPECT_TRUE(std::signbit(got[1]));
  EXPECT_EQ(got[2], 1.0f);
  EXPECT_EQ(got[3], -1.0f);
  EXPECT_TRUE(std::isnan(got[4]));
  EXPECT_EQ(got[5], 1.0f);
  EXPECT_EQ(got[6], -1.0f);
  EXPECT_EQ(got[7], std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(got[8], 1.0f);
  EXPECT_EQ(got[9], -1.0f);
}

TEST(TanhFloatAvx2, EveryTailLengthWritesExactlyItsElementsAndWorksInPlace) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  float_test::ExpectTailsAndInPlace(kAvx2, reference::TanhFloat, 8.0f, tanh_op::kTanhFloatMaxUlp);
}

TEST(TanhFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  float_test::ExpectAvx2FloatDispatch(schema::BuiltinOperator_TANH, "tanh/float32", RunnableHere());
}

}  // namespace
}  // namespace mote
