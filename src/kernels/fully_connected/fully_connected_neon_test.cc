// FULLY_CONNECTED int8 AArch64 variants (NEON and dot product, fully_connected_neon.cc) against the reference, bit
// for bit, on random data from a printed, replayable seed; and which variant prepare picks under each mask.
// Every case runs on each level this build and CPU can run (qemu-aarch64 -cpu max: both; -cpu cortex-a53: NEON).
//
// Tile facts (gemm_neon_impl.h): depth in steps of 16, one of 8, a scalar tail of up to 7; batch rows four at a
// time; units in groups of 4; the weight sums for the input offset are taken in the same pass.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/fully_connected/fully_connected_variants.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using variant_test::Rng;
using Problem = fully_connected::FullyConnectedInt8Problem;
using Level = variant_test::IsaLevel<Problem>;

constexpr uint32_t kDotIsa = isa::kArmNeon | isa::kArmDotProd;

std::vector<Level> Levels() {
  return variant_test::RunnableLevels<Problem>(
      {{"neon", isa::kArmNeon, MOTE_AARCH64_SIMD_FN(fully_connected::FullyConnectedInt8Neon), fully_connected::AppliesNeon},
       {"dotprod", kDotIsa, MOTE_AARCH64_SIMD_FN(fully_connected::FullyConnectedInt8Dotprod),
        fully_connected::AppliesNeon}});
}

void ExpectLevelsMatch(const std::vector<Level>& levels, const variant_test::FcCase& c, const std::string& what) {
  std::vector<int8_t> expected(static_cast<size_t>(c.problem.batches) * c.problem.output_depth);
  fc_test::RunReference(c.problem, expected.data());
  const std::string shape = std::to_string(c.problem.batches) + " x " + std::to_string(c.problem.accum_depth) +
                            " -> " + std::to_string(c.problem.output_depth);
  for (const Level& level : levels) {
    ASSERT_TRUE(variant_test::SameBytes(expected, variant_test::RunVariant(level.fn, c.problem, expected.size())))
        << level.name << " " << what << " " << shape;
  }
}

TEST(FullyConnectedNeon, MatchesReference) {
  const std::vector<Level> levels = Levels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 FULLY_CONNECTED variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 64, 100, 127, 128, 129, 640};
  const std::vector<int> units = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 31, 33, 128, 130};
  for (int i = 0; i < 500; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const int batches = rng.Chance(0.5) ? 1 : rng.Pick(std::vector<int>{2, 3, 4, 5, 7, 8, 9});
    variant_test::FcCase c;
    variant_test::MakeFcCase(batches, rng.Pick(depths), rng.Pick(units), rng.Chance(0.5), 0, rng, &c);
    ASSERT_TRUE(fully_connected::AppliesNeon(c.problem));
    ExpectLevelsMatch(levels, c, "case " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
}

// ad01_int8's layers (640 -> 128 -> ... -> 8 -> ... -> 640) and classifier heads (KWS, ResNet, person).
TEST(FullyConnectedNeon, MatchesReferenceOnModelShapes) {
  const std::vector<Level> levels = Levels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 FULLY_CONNECTED variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const int shapes[][2] = {{640, 128}, {128, 128}, {128, 8}, {8, 128}, {128, 640}, {256, 2}, {64, 10}, {64, 12},
                           {3, 2048}};
  int i = 0;
  for (const auto& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    variant_test::FcCase c;
    variant_test::MakeFcCase(1, s[0], s[1], false, 0, rng, &c);
    ExpectLevelsMatch(levels, c, "model shape");
    if (HasFatalFailure()) return;
  }
}

TEST(FullyConnectedNeon, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(5);
  variant_test::FcCase c;
  variant_test::MakeFcCase(1, 16, 4, false, 3, rng, &c);
  EXPECT_FALSE(fully_connected::AppliesNeon(c.problem));
  c.problem.filter_offset = 0;
  EXPECT_TRUE(fully_connected::AppliesNeon(c.problem));
  c.problem.output_depth = fully_connected::kNeonMaxUnits + 1;
  EXPECT_FALSE(fully_connected::AppliesNeon(c.problem));
}

// One int8 FULLY_CONNECTED node, 2 x 37 -> 11, run with the features in `mask` masked.
variant_test::ModelRun RunFcModel(uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_FULLY_CONNECTED, 4);
  Rng rng(9);
  const int in = b.AddTensor(schema::TensorType_INT8, {2, 37}, "in", 0, {0.05f}, {4});
  const int w = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {11, 37}, rng.Int8s(11 * 37), {0.02f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {2, 11}, "out", 0, {0.08f}, {-7});
  auto options = schema::CreateFullyConnectedOptions(b.fbb(), schema::ActivationFunctionType_RELU);
  b.AddOperator(code, {in, w, -1}, {out}, schema::BuiltinOptions_FullyConnectedOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return variant_test::RunModelMasked(b.Finish(), 32 * 1024, rng, mask);
}

TEST(FullyConnectedNeonDispatch, EachMaskPicksItsLevel) {
  if (!MOTE_TARGET_AARCH64) GTEST_SKIP() << "not an AArch64 build";
  if (kRequireOptimizedVariants) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED forbids the reference fallback tested here";
  const bool compiled = MOTE_AARCH64_SIMD_FN(fully_connected::FullyConnectedInt8Neon) != nullptr;
  const bool dot = compiled && variant_test::CpuHas(kDotIsa);
  const variant_test::ModelRun best = RunFcModel(0);
  const variant_test::ModelRun neon = RunFcModel(isa::kArmDotProd);
  const variant_test::ModelRun reference = RunFcModel(isa::kArmNeon);
  ASSERT_EQ(best.status, kTfLiteOk);
  ASSERT_EQ(neon.status, kTfLiteOk);
  ASSERT_EQ(reference.status, kTfLiteOk);
  EXPECT_EQ(best.variant, dot ? "fully_connected/int8/dotprod" : compiled ? "fully_connected/int8/neon"
                                                                          : "fully_connected/int8/reference");
  EXPECT_EQ(neon.variant, compiled ? "fully_connected/int8/neon" : "fully_connected/int8/reference");
  EXPECT_EQ(reference.variant, "fully_connected/int8/reference");
  EXPECT_EQ(best.output, reference.output);
  EXPECT_EQ(neon.output, reference.output);
}

}  // namespace
}  // namespace mote
