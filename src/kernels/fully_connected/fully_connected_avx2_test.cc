// FULLY_CONNECTED int8 AVX2 variant against the reference (reference::FullyConnectedInt8), bit for bit, on
// random data from a printed, replayable seed; and which variant prepare picks, with AVX2 available and masked.
//
// Tile facts the shapes are chosen around (gemm_avx2.h): depth in chunks of 16 with a zeroed tail; one batch
// row runs 8 units at a time, several rows run in pairs x 4 units, in tiles of up to 32 rows.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using variant_test::Rng;

using Case = variant_test::FcCase;
using variant_test::MakeFcCase;

std::vector<int8_t> RunReference(const fully_connected::FullyConnectedInt8Problem& p) {
  std::vector<int8_t> out(static_cast<size_t>(p.batches) * p.output_depth);
  fc_test::RunReference(p, out.data());
  return out;
}

std::string Describe(const fully_connected::FullyConnectedInt8Problem& p) {
  return std::to_string(p.batches) + " x " + std::to_string(p.accum_depth) + " -> " + std::to_string(p.output_depth) +
         (p.per_channel_multiplier != nullptr ? " per-channel" : " per-tensor") +
         " filter_offset " + std::to_string(p.filter_offset);
}

void ExpectMatchesReference(Case& c, const std::string& what) {
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  const std::vector<int8_t> expected = RunReference(c.problem);
  ASSERT_TRUE(variant_test::SameBytes(
      expected, variant_test::RunVariant(fully_connected::FullyConnectedInt8Avx2, c.problem, expected.size())))
      << what << " " << Describe(c.problem);
#else
  (void)c;
  (void)what;
#endif
}

TEST(FullyConnectedAvx2, MatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 7, 8, 15, 16, 17, 31, 32, 33, 64, 100, 127, 128, 129, 255, 256, 640, 1000};
  const std::vector<int> units = {1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 15, 16, 17, 31, 33, 128, 130};
  for (int i = 0; i < 600; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const int batches = rng.Chance(0.5) ? 1 : rng.Pick(std::vector<int>{2, 3, 5, 31, 32, 33, 65});
    const bool per_channel = rng.Chance(0.5);
    const int filter_zero_point = (!per_channel && rng.Chance(0.3)) ? rng.Int(-127, 127) : 0;
    Case c;
    MakeFcCase(batches, rng.Pick(depths), rng.Pick(units), per_channel, filter_zero_point, rng, &c);
    ASSERT_TRUE(fully_connected::AppliesAvx2(c.problem));
    ExpectMatchesReference(c, "case " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
}

// ad01_int8's layers (640 -> 128 -> ... -> 8 -> ... -> 640) and classifier heads.
TEST(FullyConnectedAvx2, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const int shapes[][2] = {{640, 128}, {128, 128}, {128, 8}, {8, 128}, {128, 640}, {256, 2}, {64, 10}, {64, 12}};
  int i = 0;
  for (const auto& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    MakeFcCase(1, s[0], s[1], false, 0, rng, &c);
    ExpectMatchesReference(c, "model shape");
    if (HasFatalFailure()) return;
  }
}

using variant_test::ModelRun;

// Builds and runs the model with the features in `mask` masked.
ModelRun RunFcModel(uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED, 4);
  Rng rng(3);
  const int in = b.AddTensor(schema::TensorType_INT8, {2, 37}, "in", 0, {0.05f}, {4});
  const int w = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {11, 37}, rng.Int8s(11 * 37), {0.02f}, {0});
  const int bias = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {11}, rng.Int32s(11, -700, 700), {0.001f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {2, 11}, "out", 0, {0.08f}, {-7});
  auto options = schema::CreateFullyConnectedOptions(b.fbb(), schema::ActivationFunctionType_NONE);
  b.AddOperator(code, {in, w, bias}, {out}, schema::BuiltinOptions_FullyConnectedOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  // The AArch64 variants stay masked: this test is about the x86 ones (fully_connected_neon_test.cc).
  return variant_test::RunModelMasked(b.Finish(), 32 * 1024, rng, mask | isa::kArmNeon);  // the input continues rng's sequence
}

TEST(FullyConnectedDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool avx2 = variant_test::CpuHas(isa::kAvx2);
  if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
  const ModelRun fast = RunFcModel(0);
  ASSERT_EQ(fast.status, kTfLiteOk);
  const bool compiled = MOTE_X86_SIMD_FN(fully_connected::FullyConnectedInt8Avx2) != nullptr;
  EXPECT_EQ(fast.variant, (avx2 && compiled) ? "fully_connected/int8/avx2" : "fully_connected/int8/reference");
  const ModelRun masked = RunFcModel(isa::kAvx2);
  if (kRequireOptimizedVariants && MOTE_TARGET_X86_64) {
    EXPECT_NE(masked.status, kTfLiteOk);
  } else {
    ASSERT_EQ(masked.status, kTfLiteOk);
    EXPECT_EQ(masked.variant, "fully_connected/int8/reference");
    EXPECT_EQ(masked.output, fast.output);
  }
}

}  // namespace
}  // namespace mote
