// FULLY_CONNECTED float32 AVX2 + FMA variant against the reference (reference::FullyConnectedFloat) on random
// shapes from a printed, replayable seed, within the reordered-sum bound of tests/support/float_tolerance.h; and
// the dispatch under feature masks.
//
// Tile facts (fully_connected_float32_avx2.cc): 2 batch rows x 4 weight rows, then single rows; accum_depth in
// 8-lane steps with a masked tail.
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/fully_connected/fully_connected_float_variants.h"
#include "kernels/fully_connected/fully_connected_reference.h"
#include "support/float_tolerance.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

void CheckShape(int batches, int depth, int units, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const float_test::ActivationRange act = float_test::RandomActivation(rng);
  const std::vector<float> input = float_test::RandomFloats(rng, size_t(batches) * depth);
  const std::vector<float> filter = float_test::RandomFloats(rng, size_t(units) * depth);
  const bool has_bias = std::uniform_int_distribution<int>(0, 3)(rng) != 0;
  const std::vector<float> bias = float_test::RandomFloats(rng, size_t(units));
  const reference::FullyConnectedDims dims{batches, depth, units};
  const size_t out_size = size_t(batches) * units;
  std::vector<float> want(out_size), abs_sum(out_size), got(out_size, -7.0f);
  const std::vector<float> abs_bias = float_test::Abs(bias);
  reference::FullyConnectedFloat({std::numeric_limits<float>::lowest(), std::numeric_limits<float>::max()}, dims,
                                 float_test::Abs(input).data(), float_test::Abs(filter).data(),
                                 has_bias ? abs_bias.data() : nullptr, abs_sum.data());
  reference::FullyConnectedFloat({act.lo, act.hi}, dims, input.data(), filter.data(), has_bias ? bias.data() : nullptr,
                                 want.data());
  fully_connected::FullyConnectedFloatProblem p{
      batches, depth, units, act.lo, act.hi, input.data(), filter.data(), has_bias ? bias.data() : nullptr, got.data()};
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  fully_connected::FullyConnectedFloatAvx2(p, nullptr);
#endif
  EXPECT_TRUE(float_test::WithinReorderBound(want, got, abs_sum, depth))
      << batches << "x" << depth << " -> " << units << " (seed " << seed << ")";
}

TEST(FullyConnectedFloatAvx2, MatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  if (!variant_test::CpuHas(isa::kFma)) GTEST_SKIP() << "this CPU lacks FMA";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 31, 32, 33, 64, 100, 257, 1000};
  const std::vector<int> units = {1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 33};
  for (int i = 0; i < 400; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, i));
    CheckShape(rng.Int(1, 5), rng.Pick(depths), rng.Pick(units), variant_test::CaseSeed(seed, i));
    if (HasFailure()) return;
  }
  // Model layers: a 1024 -> 1001 classifier, a 2048 -> 10 head, a batch of 8 through 256 -> 64.
  CheckShape(1, 1024, 1001, seed + 1);
  CheckShape(1, 2048, 10, seed + 2);
  CheckShape(8, 256, 64, seed + 3);
}

// A float FULLY_CONNECTED model (2 x 37 -> 11): the variant prepare reports under `mask`.
std::string FloatFcVariant(uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED, 1);
  std::mt19937_64 rng(5);
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {2, 37}, "in", 0, {}, {});
  const int w =
      b.AddConstTensor<float>(schema::TensorType_FLOAT32, {11, 37}, float_test::RandomFloats(rng, 11 * 37), {}, {});
  const int bias = b.AddConstTensor<float>(schema::TensorType_FLOAT32, {11}, float_test::RandomFloats(rng, 11), {}, {});
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {2, 11}, "out", 0, {}, {});
  auto options = schema::CreateFullyConnectedOptions(b.fbb(), schema::ActivationFunctionType_RELU);
  b.AddOperator(code, {in, w, bias}, {out}, schema::BuiltinOptions_FullyConnectedOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  variant_test::Rng input_rng(9);
  const variant_test::ModelRun r = variant_test::RunModelMasked(b.Finish(), 32 * 1024, input_rng, mask | isa::kArmNeon);
  EXPECT_EQ(r.status, kTfLiteOk);
  return r.variant;
}

TEST(FullyConnectedFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool runs = MOTE_X86_SIMD_FN(fully_connected::FullyConnectedFloatAvx2) != nullptr &&
                    variant_test::CpuHas(isa::kAvx2 | isa::kFma);
  if (kRequireOptimizedVariants && !runs) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build without AVX2 + FMA";
  EXPECT_EQ(FloatFcVariant(0), runs ? "fully_connected/float32/avx2" : "fully_connected/float32/reference");
  if (kRequireOptimizedVariants) return;
  EXPECT_EQ(FloatFcVariant(isa::kAvx2), "fully_connected/float32/reference");
  EXPECT_EQ(FloatFcVariant(isa::kFma), "fully_connected/float32/reference");
}

}  // namespace
}  // namespace mote
