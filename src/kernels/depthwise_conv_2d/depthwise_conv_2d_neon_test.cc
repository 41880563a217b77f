// DEPTHWISE_CONV_2D int8 AArch64 NEON variant (depthwise_conv_2d_neon.cc) against the reference, bit for bit, on
// random data from a printed, replayable seed; and which variant prepare picks under each feature mask. Runs on
// AArch64 builds (qemu-aarch64 -cpu max and -cpu cortex-a53 alike: the variant is Armv8.0); skips elsewhere.
//
// Tile facts (depthwise_conv_2d_neon.cc): channels in blocks of 16, one of 8, then a scalar tail of 1..7; only
// the taps inside the image are summed (every padding, stride 1..3, dilation); multipliers in blocks of 8.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using conv_test::DepthwiseShape;
using variant_test::Rng;
using Problem = depthwise_conv_2d::DepthwiseInt8Problem;
using Case = variant_test::ConvCase<Problem>;
using Level = variant_test::IsaLevel<Problem>;

std::vector<Level> Levels() {
  return variant_test::RunnableLevels<Problem>(
      {{"neon", isa::kArmNeon, MOTE_AARCH64_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Neon), depthwise_conv_2d::AppliesNeon}});
}

// The 3x3 specialization alone (it applies to fewer shapes than the general variant).
std::vector<Level> Levels3x3() {
  return variant_test::RunnableLevels<Problem>({{"neon-3x3", isa::kArmNeon,
                                                 MOTE_AARCH64_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Neon3x3),
                                                 depthwise_conv_2d::AppliesNeon3x3}});
}

bool RunShape(const DepthwiseShape& s, uint64_t seed, const std::vector<Level>& levels, const std::string& what) {
  return variant_test::RunShapeOnLevels(s, seed, levels, what);
}

TEST(DepthwiseConv2DNeon, MatchesReference) {
  const std::vector<Level> levels = Levels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 DEPTHWISE_CONV_2D variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> channels = {1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 64, 65};
  int ran = 0;
  for (int i = 0; i < 400; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const bool multiplier = rng.Chance(0.25);
    DepthwiseShape s{rng.Int(1, 2), rng.Int(1, 12), rng.Int(1, 12),
                     multiplier ? rng.Int(1, 4) : rng.Pick(channels), multiplier ? 8 * rng.Int(1, 2) : 1,
                     rng.Int(1, 5), rng.Int(1, 5), rng.Int(1, 3), rng.Int(1, 3), rng.Chance(0.8) ? 1 : rng.Int(2, 3),
                     rng.Chance(0.8) ? 1 : rng.Int(2, 3), rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    ran += RunShape(s, variant_test::CaseSeed(seed, 1000 + i), levels, "case " + std::to_string(i)) ? 1 : 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(ran, 300);
}

// The layer shapes of the benchmark models.
TEST(DepthwiseConv2DNeon, MatchesReferenceOnModelShapes) {
  const std::vector<Level> levels = Levels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 DEPTHWISE_CONV_2D variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const DepthwiseShape shapes[] = {
      {1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // MobileNet 0.25 at 96x96
      {1, 48, 48, 16, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},
      {1, 6, 6, 128, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 3, 3, 256, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // KWS DS-CNN
      {1, 96, 96, 1, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // person_detect first layer (multiplier 8)
      {1, 4, 4, 3640, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},   // 32760 weights: the stack table's edge
  };
  int i = 0;
  for (const DepthwiseShape& s : shapes) {
    ASSERT_TRUE(RunShape(s, variant_test::CaseSeed(seed, i++), levels, variant_test::DescribeShape(s)));
    if (HasFatalFailure()) return;
  }
}

// neon-3x3 tile facts: blocks of 8 channels, the last overlapping the previous when channels % 8 != 0;
// interior windows take the direct path, windows crossing any edge the zero-point path; strides 1..3.
TEST(DepthwiseConv2DNeon, ThreeByThreeMatchesReference) {
  const std::vector<Level> levels = Levels3x3();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 DEPTHWISE_CONV_2D variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> channels = {8, 9, 12, 15, 16, 17, 23, 24, 25, 31, 32, 33, 64, 65};
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(variant_test::CaseSeed(seed, 2000 + i));
    const int stride = rng.Int(1, 3);
    DepthwiseShape s{rng.Int(1, 2), rng.Int(1, 11), rng.Int(1, 11), rng.Pick(channels), 1, 3, 3,
                     rng.Chance(0.8) ? stride : rng.Int(1, 3), stride, 1, 1,
                     rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    ran += RunShape(s, variant_test::CaseSeed(seed, 3000 + i), levels, "3x3 case " + std::to_string(i)) ? 1 : 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(ran, 200);
}

TEST(DepthwiseConv2DNeon, ThreeByThreeMatchesReferenceOnModelShapes) {
  const std::vector<Level> levels = Levels3x3();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 DEPTHWISE_CONV_2D variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const DepthwiseShape shapes[] = {
      {1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},  // MobileNet 0.25 at 96x96
      {1, 48, 48, 16, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},
      {1, 24, 24, 32, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 6, 6, 128, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 6, 6, 128, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},
      {1, 3, 3, 256, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},  // KWS DS-CNN
      {1, 2, 2, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // every window crosses two edges
  };
  int i = 0;
  for (const DepthwiseShape& s : shapes) {
    ASSERT_TRUE(RunShape(s, variant_test::CaseSeed(seed, 100 + i++), levels, variant_test::DescribeShape(s)));
    if (HasFatalFailure()) return;
  }
}

TEST(DepthwiseConv2DNeon, ThreeByThreeAppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  ASSERT_TRUE(variant_test::MakeConvCase(DepthwiseShape{1, 4, 4, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame}, rng, &c));
  EXPECT_TRUE(depthwise_conv_2d::AppliesNeon3x3(c.problem));
  Problem q = c.problem;
  q.output_depth = q.input_depth = 7;  // fewer than one block
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon3x3(q));
  q = c.problem;
  q.dilation_width = 2;
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon3x3(q));
  q = c.problem;
  q.filter_width = 5;
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon3x3(q));
  q = c.problem;
  q.depth_multiplier = 2;
  q.output_depth = 16;
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon3x3(q));
}

TEST(DepthwiseConv2DNeon, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  ASSERT_TRUE(variant_test::MakeConvCase(DepthwiseShape{1, 4, 4, 6, 2, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame}, rng, &c));
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon(c.problem));  // multiplier 2
  c.problem.depth_multiplier = 1;
  c.problem.output_depth = 6;
  EXPECT_TRUE(depthwise_conv_2d::AppliesNeon(c.problem));
  c.problem.filter_height = c.problem.filter_width = 9;  // 81 taps > kNeonMaxTaps
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon(c.problem));
  c.problem.filter_height = c.problem.filter_width = 3;
  c.problem.output_depth = c.problem.input_depth = 3641;  // 32769 weights > kNeonMaxWeights
  EXPECT_FALSE(depthwise_conv_2d::AppliesNeon(c.problem));
}

// A multiplier-1 node (ConvNodeSpec with DEPTHWISE_CONV_2D) picks the NEON variant unless "neon" is masked.
TEST(DepthwiseConv2DNeonDispatch, EachMaskPicksItsLevel) {
  if (!MOTE_TARGET_AARCH64) GTEST_SKIP() << "not an AArch64 build";
  if (kRequireOptimizedVariants) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED forbids the reference fallback tested here";
  const bool compiled = MOTE_AARCH64_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Neon) != nullptr;
  variant_test::ConvNodeSpec spec;
  spec.op = schema::BuiltinOperator_DEPTHWISE_CONV_2D;
  spec.input = {1, 5, 5, 4};
  spec.filter = {1, 3, 3, 4};
  spec.output = {1, 5, 5, 4};
  spec.filter_quantized_dimension = 3;
  for (uint32_t mask : {0u, static_cast<uint32_t>(isa::kArmDotProd)}) {
    variant_test::ScopedFeatureMask scoped(mask);
    variant_test::ExpectReportsVariant(spec, compiled ? "depthwise_conv_2d/int8/neon" : "depthwise_conv_2d/int8/reference");
  }
  {
    variant_test::ScopedFeatureMask scoped(isa::kArmNeon);
    variant_test::ExpectReportsVariant(spec, "depthwise_conv_2d/int8/reference");
  }
  // Eight channels: the 3x3 specialization.
  spec.input = {1, 5, 5, 8};
  spec.filter = {1, 3, 3, 8};
  spec.output = {1, 5, 5, 8};
  for (uint32_t mask : {0u, static_cast<uint32_t>(isa::kArmDotProd)}) {
    variant_test::ScopedFeatureMask scoped(mask);
    variant_test::ExpectReportsVariant(spec, compiled ? "depthwise_conv_2d/int8/neon-3x3" : "depthwise_conv_2d/int8/reference");
  }
  variant_test::ScopedFeatureMask scoped(isa::kArmNeon);
  variant_test::ExpectReportsVariant(spec, "depthwise_conv_2d/int8/reference");
}

}  // namespace
}  // namespace mote
