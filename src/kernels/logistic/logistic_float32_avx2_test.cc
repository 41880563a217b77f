// LOGISTIC float32 AVX2 + FMA variant against the reference (reference::LogisticFloat, TFLM's formula): every
// float in [-110, 110] on a dense grid of bit patterns, the cut-offs, special values, every tail length, in
// place; and the dispatch under feature masks.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/logistic/logistic_reference.h"
#include "kernels/logistic/logistic_variants.h"
#include "support/float_unary_variant_test.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// nullptr where the AVX2 files are not compiled in (other architectures, MOTE_X86_SIMD=OFF).
constexpr void (*kAvx2)(const logistic::LogisticFloatProblem&, void*) =
    MOTE_X86_SIMD_FN(logistic::LogisticFloatAvx2);

bool RunnableHere() { return kAvx2 != nullptr && variant_test::CpuHas(isa::kAvx2 | isa::kFma); }

TEST(LogisticFloatAvx2, WithinTwoUlpOfTheReferenceOnADenseGrid) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  // The cut-offs, the underflow to denormals and to zero, the overflow of e^-x.
  float_test::ExpectWithinUlp("LOGISTIC float32 avx2", kAvx2, reference::LogisticFloat,
                              float_test::DenseGrid(110.0f, {9.0f, 16.619047164916992188f, 87.3f, 103.9f, 88.7f, 1.0f}),
                              logistic::kLogisticFloatMaxUlp);
}

TEST(LogisticFloatAvx2, SpecialValues) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> in = {0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 1e30f, -1e30f, -200.0f};
  const std::vector<float> got = float_test::RunUnary(kAvx2, in);
  EXPECT_EQ(got[0], 0.5f);
  EXPECT_EQ(got[1], 1.0f);
  EXPECT_EQ(got[2], 0.0f);
  EXPECT_TRUE(std::isnan(got[3]));
  EXPECT_EQ(got[4], 1.0f);
  EXPECT_EQ(got[5], 0.0f);
  EXPECT_EQ(got[6], 0.0f);
}

TEST(LogisticFloatAvx2, EveryTailLengthWritesExactlyItsElementsAndWorksInPlace) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  float_test::ExpectTailsAndInPlace(kAvx2, reference::LogisticFloat, 20.0f, logistic::kLogisticFloatMaxUlp);
}

TEST(LogisticFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  float_test::ExpectAvx2FloatDispatch(schema::BuiltinOperator_LOGISTIC, "logistic/float32", RunnableHere());
}

}  // namespace
}  // namespace mote
