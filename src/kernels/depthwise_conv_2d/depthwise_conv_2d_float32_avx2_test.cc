// DEPTHWISE_CONV_2D float32 AVX2 variant against the reference (reference::DepthwiseConvFloat), bit for bit, on
// random shapes from a printed, replayable seed; and the dispatch under feature masks.
//
// Tile facts (depthwise_conv_2d_float32_avx2.cc): output channels in blocks of 32, then vectors of 8 with a
// masked last one; multiplier 1 loads input channels, other multipliers gather them; only in-image taps.
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_float_variants.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_reference.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_common.h"
#include "support/float_tolerance.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

struct Shape {
  int batches, height, width, in_depth, multiplier, fh, fw, stride_h, stride_w, dil_h, dil_w;
  bool same;
};

std::string Describe(const Shape& s) {
  char buf[200];
  std::snprintf(buf, sizeof(buf), "n%d %dx%dx%d x%d, filter %dx%d, stride %dx%d, dilation %dx%d, %s", s.batches,
                s.height, s.width, s.in_depth, s.multiplier, s.fh, s.fw, s.stride_h, s.stride_w, s.dil_h, s.dil_w,
                s.same ? "SAME" : "VALID");
  return buf;
}

using VariantFn = void (*)(const depthwise_conv_2d::DepthwiseFloatProblem&, void*);
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr VariantFn kGeneral = depthwise_conv_2d::DepthwiseFloatAvx2;
constexpr VariantFn k3x3 = depthwise_conv_2d::DepthwiseFloatAvx2_3x3;
#else
constexpr VariantFn kGeneral = nullptr;
constexpr VariantFn k3x3 = nullptr;
#endif

// False when VALID leaves no output.
bool CheckShape(const Shape& s, uint64_t seed, VariantFn fn = kGeneral, bool check_applies = true) {
  std::mt19937_64 rng(seed);
  reference::DepthwiseParams params{};
  int out_h, out_w;
  if (!float_test::Window(s.height, s.fh, s.stride_h, s.dil_h, s.same, &out_h, &params.pad_height)) return false;
  if (!float_test::Window(s.width, s.fw, s.stride_w, s.dil_w, s.same, &out_w, &params.pad_width)) return false;
  const int out_depth = s.in_depth * s.multiplier;
  params.stride_height = s.stride_h;
  params.stride_width = s.stride_w;
  params.dilation_height = s.dil_h;
  params.dilation_width = s.dil_w;
  params.depth_multiplier = s.multiplier;
  const float_test::ActivationRange act = float_test::RandomActivation(rng);
  params.float_activation_min = act.lo;
  params.float_activation_max = act.hi;
  const std::vector<float> input = float_test::RandomFloats(rng, size_t(s.batches) * s.height * s.width * s.in_depth);
  const std::vector<float> filter = float_test::RandomFloats(rng, size_t(s.fh) * s.fw * out_depth);
  const bool has_bias = std::uniform_int_distribution<int>(0, 3)(rng) != 0;
  const std::vector<float> bias = float_test::RandomFloats(rng, size_t(out_depth));
  const size_t out_size = size_t(s.batches) * out_h * out_w * out_depth;
  const int32_t in_dims[4] = {s.batches, s.height, s.width, s.in_depth};
  const int32_t f_dims[4] = {1, s.fh, s.fw, out_depth};
  const int32_t out_dims[4] = {s.batches, out_h, out_w, out_depth};
  std::vector<float> want(out_size), got(out_size, -7.0f);
  reference::DepthwiseConvFloat(params, RuntimeShape(4, in_dims), input.data(), RuntimeShape(4, f_dims), filter.data(),
                                has_bias ? bias.data() : nullptr, RuntimeShape(4, out_dims), want.data());

  depthwise_conv_2d::DepthwiseFloatProblem p{};
  conv_common::FillFloatProblem(params, RuntimeShape(4, in_dims), RuntimeShape(4, f_dims), RuntimeShape(4, out_dims),
                                &p);
  p.depth_multiplier = s.multiplier;
  p.input = input.data();
  p.filter = filter.data();
  p.bias = has_bias ? bias.data() : nullptr;
  p.output = got.data();
  if (fn == k3x3 && check_applies) {
    EXPECT_TRUE(depthwise_conv_2d::AppliesAvx2Float3x3(p)) << Describe(s);
  }
  if (fn != nullptr) fn(p, nullptr);
  EXPECT_EQ(got, want) << Describe(s) << " (seed " << seed << ")";
  return true;
}

TEST(DepthwiseConv2DFloatAvx2, MatchesReferenceBitForBit) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65, 97};
  const std::vector<int> multipliers = {1, 1, 1, 2, 3, 4, 8};
  int ran = 0;
  for (int i = 0; i < 500; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 3), rng.Int(1, 12), rng.Int(1, 16), rng.Pick(depths), rng.Pick(multipliers), rng.Int(1, 5),
            rng.Int(1, 5), rng.Int(1, 3),  rng.Int(1, 3),  rng.Int(1, 3),    rng.Int(1, 3),         rng.Chance(0.5)};
    if (CheckShape(s, variant_test::CaseSeed(seed, i))) ++ran;
    if (HasFailure()) return;
  }
  EXPECT_GT(ran, 300);
}

// The 3x3 variant: rows at the top and bottom edges, border columns, channel tails of 1..7 lanes, strides 1..3,
// SAME and VALID; bit for bit like the general variant.
TEST(DepthwiseConv2DFloatAvx2, ThreeByThreeMatchesReferenceBitForBit) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 96};
  int ran = 0;
  for (int i = 0; i < 400; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, 2000 + i));
    Shape s{rng.Int(1, 2), rng.Int(1, 14), rng.Int(1, 40), rng.Pick(depths), 1, 3, 3, rng.Int(1, 3), rng.Int(1, 3),
            1,             1,              rng.Chance(0.5)};
    // The variant runs any such shape correctly; its applies() also wants rows of 12 outputs and more.
    if (CheckShape(s, variant_test::CaseSeed(seed, 2000 + i), k3x3, /*check_applies=*/false)) ++ran;
    if (HasFailure()) return;
  }
  EXPECT_GT(ran, 250);
  depthwise_conv_2d::DepthwiseFloatProblem p{};
  p.filter_height = p.filter_width = 3;
  p.dilation_height = p.dilation_width = 1;
  p.depth_multiplier = 1;
  p.output_width = depthwise_conv_2d::kAvx2Float3x3MinRow - 1;
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2Float3x3(p));
  p.output_width = depthwise_conv_2d::kAvx2Float3x3MinRow;
  EXPECT_TRUE(depthwise_conv_2d::AppliesAvx2Float3x3(p));
  p.depth_multiplier = 2;
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2Float3x3(p));
  p.depth_multiplier = 1;
  p.dilation_width = 2;
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2Float3x3(p));
}

// MobileNet-style 3x3 layers, stride 1 and 2.
TEST(DepthwiseConv2DFloatAvx2, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {{1, 48, 48, 16, 1, 3, 3, 1, 1, 1, 1, true},
                          {1, 48, 48, 32, 1, 3, 3, 2, 2, 1, 1, true},
                          {1, 6, 6, 512, 1, 3, 3, 1, 1, 1, 1, true},
                          {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, true}};
  int i = 0;
  for (const Shape& s : shapes) {
    CheckShape(s, variant_test::CaseSeed(seed, 5000 + i), kGeneral);
    CheckShape(s, variant_test::CaseSeed(seed, 5000 + i++), k3x3, /*check_applies=*/false);
  }
}

TEST(DepthwiseConv2DFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool runs =
      MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseFloatAvx2) != nullptr && variant_test::CpuHas(isa::kAvx2);
  if (kRequireOptimizedVariants && !runs) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build without AVX2";
  variant_test::ConvNodeSpec s;
  s.op = schema::BuiltinOperator_DEPTHWISE_CONV_2D;
  s.type = s.filter_type = s.bias_type = schema::TensorType_FLOAT32;
  s.filter = {1, 3, 3, 6};
  s.output = {1, 5, 5, 6};
  s.depth_multiplier = 2;
  s.filter_quantized_dimension = 3;
  {
    variant_test::ScopedFeatureMask scoped(isa::kArmNeon);
    variant_test::ExpectReportsVariant(s,
                                       runs ? "depthwise_conv_2d/float32/avx2" : "depthwise_conv_2d/float32/reference");
  }
  {
    variant_test::ConvNodeSpec one = s;  // multiplier 1: the 3x3 variant
    one.input = {1, 5, 12, 3};
    one.filter = {1, 3, 3, 3};
    one.output = {1, 5, 12, 3};
    one.depth_multiplier = 1;
    variant_test::ScopedFeatureMask scoped(isa::kArmNeon);
    variant_test::ExpectReportsVariant(
        one, runs ? "depthwise_conv_2d/float32/avx2-3x3" : "depthwise_conv_2d/float32/reference");
  }
  if (kRequireOptimizedVariants) return;
  {
    variant_test::ScopedFeatureMask scoped(isa::kAvx2 | isa::kArmNeon);
    variant_test::ExpectReportsVariant(s, "depthwise_conv_2d/float32/reference");
  }
}

}  // namespace
}  // namespace mote
