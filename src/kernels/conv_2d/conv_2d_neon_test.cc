// CONV_2D int8 AArch64 variants (NEON and dot product, conv_2d_neon.cc) against the reference, bit for bit, on
// random data from a printed, replayable seed; and which variant prepare picks under each feature mask.
// Each case runs on every level this build and CPU can run (qemu-aarch64 -cpu max: both; -cpu cortex-a53:
// NEON only); elsewhere the tests skip, saying why.
//
// Tile facts the shapes are chosen around (gemm_neon_impl.h): k in steps of 16, then one of 8, then a scalar
// tail of up to 7; output pixels in tiles of 4 (1..3 at the end); channels in groups of 4 (the last group
// reuses the last weight row); the im2col patch buffer holds up to kNeonMaxPatch values.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "kernels/simd/gemm_neon.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using conv_test::ConvShape;
using variant_test::Rng;
using Case = variant_test::ConvCase<conv_2d::ConvInt8Problem>;
using Level = variant_test::IsaLevel<conv_2d::ConvInt8Problem>;

constexpr uint32_t kDotIsa = isa::kArmNeon | isa::kArmDotProd;

std::vector<Level> PointwiseLevels() {
  return variant_test::RunnableLevels<conv_2d::ConvInt8Problem>(
      {{"neon-1x1", isa::kArmNeon, MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonPointwise), conv_2d::AppliesNeonPointwise},
       {"dotprod-1x1", kDotIsa, MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8DotprodPointwise),
        conv_2d::AppliesNeonPointwise}});
}

std::vector<Level> Im2colLevels() {
  return variant_test::RunnableLevels<conv_2d::ConvInt8Problem>(
      {{"neon-im2col", isa::kArmNeon, MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonIm2col), conv_2d::AppliesNeonIm2col},
       {"dotprod-im2col", kDotIsa, MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8DotprodIm2col), conv_2d::AppliesNeonIm2col}});
}

bool RunShape(const ConvShape& s, uint64_t seed, const std::vector<Level>& levels, const std::string& what) {
  return variant_test::RunShapeOnLevels(s, seed, levels, what);
}

const std::vector<int> kDepths = {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 48, 63, 64, 65, 129};
const std::vector<int> kOutDepths = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 16, 17, 31, 32, 33, 64};

TEST(Conv2DNeon, PointwiseMatchesReference) {
  const std::vector<Level> levels = PointwiseLevels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 CONV_2D 1x1 variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    ConvShape s{rng.Int(1, 2), rng.Int(1, 7), rng.Int(1, 13), rng.Pick(kDepths), rng.Pick(kOutDepths), 1, 1,
                rng.Int(1, 3), rng.Int(1, 3), 1, 1, kTfLitePaddingValid};
    if (i < 16) {  // pixel counts around the 4-pixel tile
      s.batches = s.height = 1;
      s.width = i % 8 + 1;
      s.stride_h = s.stride_w = 1;
    }
    ran += RunShape(s, variant_test::CaseSeed(seed, 1000 + i), levels, "case " + std::to_string(i)) ? 1 : 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(ran, 250);
}

// The dot-product channel-lane tiles (gemm_int8_dotprod.cc): k % 4 == 0 up to kGemmChannelLanesMaxK, 2..4
// rows, 8 channels per tile (a last tile of 1..7 reuses the last weight row), k chunks of 16 then 4, 8 or 12.
TEST(Conv2DNeon, PointwiseChannelLanesMatchesReference) {
  const std::vector<Level> levels = PointwiseLevels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 CONV_2D 1x1 variant can run here";
#if defined(MOTE_HAVE_AARCH64_SIMD) && MOTE_HAVE_AARCH64_SIMD
  neon::GemmInt8Args g{};
  for (int k : {4, 28, 128}) {
    g.k = k;
    EXPECT_TRUE(neon::UsesChannelLanes(g, 2)) << k;
    EXPECT_FALSE(neon::UsesChannelLanes(g, 1)) << k;
  }
  for (int k : {3, 27, 132}) {
    g.k = k;
    EXPECT_FALSE(neon::UsesChannelLanes(g, 4)) << k;
  }
#endif
  const std::vector<int> depths = {4, 8, 12, 16, 20, 24, 28, 32, 44, 64, 124, 128};
  const std::vector<int> out_depths = {1, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 23, 24, 25, 32, 33, 64};
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 200; ++i) {
    Rng rng(variant_test::CaseSeed(seed, 5000 + i));
    ConvShape s{rng.Int(1, 2), rng.Int(1, 5), rng.Int(1, 9), rng.Pick(depths), rng.Pick(out_depths), 1, 1,
                1, 1, 1, 1, kTfLitePaddingValid};
    ran += RunShape(s, variant_test::CaseSeed(seed, 6000 + i), levels, "lanes case " + std::to_string(i)) ? 1 : 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(ran, 150);
}

TEST(Conv2DNeon, Im2colMatchesReference) {
  const std::vector<Level> levels = Im2colLevels();
  if (levels.empty()) GTEST_SKIP() << "no AArch64 CONV_2D im2col variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    ConvShape s{rng.Int(1, 2), rng.Int(1, 10), rng.Int(1, 11), rng.Pick(kDepths), rng.Pick(kOutDepths), rng.Int(1, 5),
                rng.Int(1, 5), rng.Int(1, 3), rng.Int(1, 3), rng.Chance(0.7) ? 1 : rng.Int(2, 3),
                rng.Chance(0.7) ? 1 : rng.Int(2, 3), rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (s.in_depth > 64) s.in_depth = rng.Int(1, 64);
    ran += RunShape(s, variant_test::CaseSeed(seed, 1000 + i), levels, "case " + std::to_string(i)) ? 1 : 0;
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(ran, 200);
}

// The layer shapes of the benchmark models and the edges of the stack buffers.
TEST(Conv2DNeon, MatchesReferenceOnModelShapes) {
  const std::vector<Level> pointwise = PointwiseLevels();
  const std::vector<Level> im2col = Im2colLevels();
  if (pointwise.empty() && im2col.empty()) GTEST_SKIP() << "no AArch64 CONV_2D variant can run here";
  const uint64_t seed = variant_test::BaseSeed();
  const ConvShape shapes[] = {
      {1, 96, 96, 3, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},      // vww_96 / person_detect first layer
      {1, 48, 48, 8, 16, 1, 1, 1, 1, 1, 1, kTfLitePaddingSame},     // MobileNet 1x1
      {1, 3, 3, 256, 256, 1, 1, 1, 1, 1, 1, kTfLitePaddingSame},    // MobileNet last 1x1
      {1, 32, 32, 3, 16, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},     // ResNet first layer
      {1, 16, 16, 32, 32, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // ResNet 3x3
      {1, 32, 32, 16, 32, 1, 1, 2, 2, 1, 1, kTfLitePaddingSame},    // ResNet 1x1 stride 2 shortcut
      {1, 49, 10, 1, 64, 10, 4, 2, 2, 1, 1, kTfLitePaddingSame},    // KWS first layer
      {1, 5, 5, 100, 75, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},     // 900-long patches
      {1, 3, 3, 455, 5, 3, 3, 1, 1, 1, 1, kTfLitePaddingValid},     // patch 4095: the buffer's edge
      {1, 2, 3, 2, conv_2d::kNeonMaxChannels, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid},  // the bias buffer's edge
  };
  int i = 0;
  for (const ConvShape& s : shapes) {
    const bool is_pointwise = s.filter_h == 1 && s.filter_w == 1;
    ASSERT_TRUE(RunShape(s, variant_test::CaseSeed(seed, i++), is_pointwise ? pointwise : im2col,
                         variant_test::DescribeShape(s)));
    if (HasFatalFailure()) return;
  }
}

TEST(Conv2DNeon, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  ASSERT_TRUE(variant_test::MakeConvCase(ConvShape{1, 4, 4, 8, 8, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid}, rng, &c));
  EXPECT_TRUE(conv_2d::AppliesNeonPointwise(c.problem));
  c.problem.filter_input_depth = 4;  // grouped
  EXPECT_FALSE(conv_2d::AppliesNeonPointwise(c.problem));
  EXPECT_FALSE(conv_2d::AppliesNeonIm2col(c.problem));
  c.problem.filter_input_depth = 8;
  c.problem.pad_width = 1;
  EXPECT_FALSE(conv_2d::AppliesNeonPointwise(c.problem));
  EXPECT_TRUE(conv_2d::AppliesNeonIm2col(c.problem));
  c.problem.output_depth = conv_2d::kNeonMaxChannels + 1;
  EXPECT_FALSE(conv_2d::AppliesNeonIm2col(c.problem));
  c.problem.output_depth = 8;
  c.problem.filter_height = 3;
  c.problem.filter_width = 2;
  c.problem.input_depth = c.problem.filter_input_depth = 683;  // 4098 > kNeonMaxPatch
  EXPECT_FALSE(conv_2d::AppliesNeonIm2col(c.problem));
}

// Prepare picks the dot-product variant where the CPU has SDOT, NEON with "dotprod" masked, the reference with
// "neon" masked; on other targets nothing AArch64 is in the table.
TEST(Conv2DNeonDispatch, EachMaskPicksItsLevel) {
  if (!MOTE_TARGET_AARCH64) GTEST_SKIP() << "not an AArch64 build";
  if (kRequireOptimizedVariants) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED forbids the reference fallback tested here";
  const bool compiled = MOTE_AARCH64_SIMD_FN(conv_2d::ConvInt8NeonPointwise) != nullptr;
  const bool dot = compiled && variant_test::CpuHas(kDotIsa);
  for (bool is_pointwise : {true, false}) {
    variant_test::ConvNodeSpec spec;
    if (is_pointwise) spec.filter = {4, 1, 1, 3};
    const std::string shape = is_pointwise ? "-1x1" : "-im2col";
    const std::string best = dot ? "conv_2d/int8/dotprod" + shape : compiled ? "conv_2d/int8/neon" + shape
                                                                            : "conv_2d/int8/reference";
    {
      variant_test::ScopedFeatureMask mask(0);
      variant_test::ExpectReportsVariant(spec, best.c_str());
    }
    {
      variant_test::ScopedFeatureMask mask(isa::kArmDotProd);
      const std::string neon = compiled ? "conv_2d/int8/neon" + shape : "conv_2d/int8/reference";
      variant_test::ExpectReportsVariant(spec, neon.c_str());
    }
    {
      variant_test::ScopedFeatureMask mask(isa::kArmNeon);
      variant_test::ExpectReportsVariant(spec, "conv_2d/int8/reference");
    }
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace mote
