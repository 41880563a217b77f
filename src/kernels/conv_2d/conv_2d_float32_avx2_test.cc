// CONV_2D float32 AVX2 + FMA variants against the reference (reference::ConvFloat) on random shapes from a printed,
// replayable seed, within the reordered-sum bound of tests/support/float_tolerance.h; and the dispatch: which
// variant prepare picks, with AVX2 + FMA available and masked.
//
// Tile facts the shapes are chosen around (conv_2d_float32_avx2.cc): 4 output pixels (within a row for the
// general variant, across rows and batches for 1x1) x 2 output channels, single pixels at borders, a last odd
// channel alone; runs of filter_width * input_depth floats (input_depth per tap when dilated) in 8-lane steps
// with a masked tail.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/conv_2d/conv_2d_float_variants.h"
#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/dispatch/variant.h"
#include "kernels/glue/conv_common.h"
#include "support/float_tolerance.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using VariantFn = void (*)(const conv_2d::ConvFloatProblem&, void*);

struct Shape {
  int batches, height, width, in_depth, out_depth, fh, fw, stride_h, stride_w, dil_h, dil_w;
  bool same;
};

std::string Describe(const Shape& s) {
  char buf[200];
  std::snprintf(buf, sizeof(buf), "n%d %dx%dx%d -> %d, filter %dx%d, stride %dx%d, dilation %dx%d, %s", s.batches,
                s.height, s.width, s.in_depth, s.out_depth, s.fh, s.fw, s.stride_h, s.stride_w, s.dil_h, s.dil_w,
                s.same ? "SAME" : "VALID");
  return buf;
}

// The weights a variant prepares once (its persistent_bytes / prepare_persistent), for CheckShape.
struct Prepack {
  size_t (*bytes)(const conv_2d::ConvFloatProblem&);
  void (*pack)(const conv_2d::ConvFloatProblem&, void*);
};

// Runs `fn` on shape `s` with random data and checks it against the reference; false when VALID leaves no output.
// With `prepack`, also runs it on the weights packed once and requires the same bytes out.
bool CheckShape(const Shape& s, uint64_t seed, VariantFn fn, bool (*applies)(const conv_2d::ConvFloatProblem&),
                const Prepack* prepack = nullptr) {
  std::mt19937_64 rng(seed);
  reference::ConvParams params{};
  int out_h, out_w;
  if (!float_test::Window(s.height, s.fh, s.stride_h, s.dil_h, s.same, &out_h, &params.pad_height)) return false;
  if (!float_test::Window(s.width, s.fw, s.stride_w, s.dil_w, s.same, &out_w, &params.pad_width)) return false;
  params.stride_height = s.stride_h;
  params.stride_width = s.stride_w;
  params.dilation_height = s.dil_h;
  params.dilation_width = s.dil_w;
  const float_test::ActivationRange act = float_test::RandomActivation(rng);
  const std::vector<float> input = float_test::RandomFloats(rng, size_t(s.batches) * s.height * s.width * s.in_depth);
  const std::vector<float> filter = float_test::RandomFloats(rng, size_t(s.out_depth) * s.fh * s.fw * s.in_depth);
  const bool has_bias = std::uniform_int_distribution<int>(0, 3)(rng) != 0;
  const std::vector<float> bias = float_test::RandomFloats(rng, size_t(s.out_depth));
  const size_t out_size = size_t(s.batches) * out_h * out_w * s.out_depth;
  const int32_t in_dims[4] = {s.batches, s.height, s.width, s.in_depth};
  const int32_t f_dims[4] = {s.out_depth, s.fh, s.fw, s.in_depth};
  const int32_t out_dims[4] = {s.batches, out_h, out_w, s.out_depth};
  const RuntimeShape in_shape(4, in_dims), f_shape(4, f_dims), out_shape(4, out_dims);

  std::vector<float> want(out_size), abs_sum(out_size), got(out_size, -7.0f);
  reference::ConvParams abs_params = params;
  abs_params.float_activation_min = std::numeric_limits<float>::lowest();
  abs_params.float_activation_max = std::numeric_limits<float>::max();
  const std::vector<float> abs_bias = float_test::Abs(bias);
  reference::ConvFloat(abs_params, in_shape, float_test::Abs(input).data(), f_shape, float_test::Abs(filter).data(),
                       has_bias ? abs_bias.data() : nullptr, out_shape, abs_sum.data());
  params.float_activation_min = act.lo;
  params.float_activation_max = act.hi;
  reference::ConvFloat(params, in_shape, input.data(), f_shape, filter.data(), has_bias ? bias.data() : nullptr,
                       out_shape, want.data());

  conv_2d::ConvFloatProblem p{};
  conv_common::FillFloatProblem(params, in_shape, f_shape, out_shape, &p);
  p.filter_input_depth = s.in_depth;
  p.input = input.data();
  p.filter = filter.data();
  p.bias = has_bias ? bias.data() : nullptr;
  p.output = got.data();
  EXPECT_TRUE(applies(p)) << Describe(s);
  fn(p, nullptr);
  EXPECT_TRUE(float_test::WithinReorderBound(want, got, abs_sum, s.fh * s.fw * s.in_depth))
      << Describe(s) << " (seed " << seed << ")";
  if (prepack != nullptr) {
    std::vector<float> packed(prepack->bytes(p) / sizeof(float) + 1, -3.0f);
    prepack->pack(p, packed.data());
    std::vector<float> got_packed(out_size, -5.0f);
    p.prepacked = packed.data();
    p.output = got_packed.data();
    fn(p, nullptr);
    EXPECT_EQ(0, std::memcmp(got.data(), got_packed.data(), out_size * sizeof(float)))
        << Describe(s) << ": prepacked weights change the output (seed " << seed << ")";
  }
  return true;
}

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr VariantFn kPointwise = conv_2d::ConvFloatAvx2Pointwise;
constexpr VariantFn kPanels = conv_2d::ConvFloatAvx2Panels;
constexpr VariantFn kGeneral = conv_2d::ConvFloatAvx2General;
const Prepack kPanelPrepack = {conv_2d::Avx2FloatPanelBytes, conv_2d::PackAvx2FloatPanels};
#else
constexpr VariantFn kPointwise = nullptr;
constexpr VariantFn kPanels = nullptr;
constexpr VariantFn kGeneral = nullptr;
const Prepack kPanelPrepack = {nullptr, nullptr};
#endif

const std::vector<int> kDepths = {1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 65, 129};
const std::vector<int> kOutDepths = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33};

#define MOTE_SKIP_UNLESS_AVX2_FMA() \
  MOTE_SKIP_UNLESS_AVX2();          \
  if (!variant_test::CpuHas(isa::kFma)) GTEST_SKIP() << "this CPU lacks FMA"

TEST(Conv2DFloatAvx2, PointwiseMatchesReference) {
  MOTE_SKIP_UNLESS_AVX2_FMA();
  const uint64_t seed = variant_test::BaseSeed();
  for (int i = 0; i < 300; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 3), rng.Int(1, 9), rng.Int(1, 23), rng.Pick(kDepths), rng.Pick(kOutDepths), 1, 1,
            rng.Int(1, 3), rng.Int(1, 3), rng.Int(1, 2),  rng.Int(1, 2),     rng.Chance(0.5)};
    CheckShape(s, variant_test::CaseSeed(seed, i), kPointwise, conv_2d::AppliesAvx2FloatPointwise);
    if (HasFailure()) return;
  }
}

// Panels of 16 channels (tails of 1..15), pixel tiles of 6 (tails of 1..5), depths to the 1024 limit.
TEST(Conv2DFloatAvx2, PanelsMatchReferenceWithAndWithoutPrepacking) {
  MOTE_SKIP_UNLESS_AVX2_FMA();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> out_depths = {1, 2, 7, 8, 15, 16, 17, 24, 31, 32, 33, 48, 96};
  for (int i = 0; i < 300; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, 3000 + i));
    Shape s{rng.Int(1, 3), rng.Int(1, 9), rng.Int(1, 23), rng.Pick(kDepths), rng.Pick(out_depths), 1, 1,
            rng.Int(1, 3), rng.Int(1, 3), rng.Int(1, 2),  rng.Int(1, 2),     rng.Chance(0.5)};
    if (i % 50 == 0) s.in_depth = i % 100 == 0 ? 1024 : 1000;
    CheckShape(s, variant_test::CaseSeed(seed, 3000 + i), kPanels, conv_2d::AppliesAvx2FloatPanels, &kPanelPrepack);
    if (HasFailure()) return;
  }
}

TEST(Conv2DFloatAvx2, PanelsStopAtTheirDepthLimit) {
  conv_2d::ConvFloatProblem p{};
  p.input_depth = p.filter_input_depth = conv_2d::kAvx2FloatPanelMaxDepth;
  p.filter_height = p.filter_width = 1;
  EXPECT_TRUE(conv_2d::AppliesAvx2FloatPanels(p));
  p.input_depth = p.filter_input_depth = conv_2d::kAvx2FloatPanelMaxDepth + 1;
  EXPECT_FALSE(conv_2d::AppliesAvx2FloatPanels(p));
  EXPECT_TRUE(conv_2d::AppliesAvx2FloatPointwise(p));  // the dot-product 1x1 takes it
}

TEST(Conv2DFloatAvx2, GeneralMatchesReference) {
  MOTE_SKIP_UNLESS_AVX2_FMA();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 500; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, 1000 + i));
    Shape s{rng.Int(1, 2), rng.Int(1, 12), rng.Int(1, 20), rng.Pick(kDepths), rng.Pick(kOutDepths), rng.Int(1, 5),
            rng.Int(1, 5), rng.Int(1, 3),  rng.Int(1, 3),  rng.Int(1, 3),     rng.Int(1, 3),        rng.Chance(0.5)};
    if (s.in_depth > 33) s.in_depth = 33;  // keeps 500 general cases fast
    if (CheckShape(s, variant_test::CaseSeed(seed, 1000 + i), kGeneral, conv_2d::AppliesAvx2FloatGeneral)) ++ran;
    if (HasFailure()) return;
  }
  EXPECT_GT(ran, 300);
}

// Float models' layers: MobileNet-style 3x3 stride 2 first layer, 1x1 expansions, a 5x5 on a small map.
TEST(Conv2DFloatAvx2, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2_FMA();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {{1, 48, 48, 3, 16, 3, 3, 2, 2, 1, 1, true},    {1, 24, 24, 16, 32, 1, 1, 1, 1, 1, 1, false},
                          {1, 12, 12, 64, 128, 1, 1, 1, 1, 1, 1, false}, {1, 10, 10, 32, 32, 5, 5, 1, 1, 1, 1, true},
                          {1, 49, 10, 1, 64, 10, 4, 2, 2, 1, 1, true},   {1, 6, 6, 512, 8, 3, 3, 1, 1, 1, 1, true}};
  int i = 0;
  for (const Shape& s : shapes) {
    const bool pointwise = s.fh == 1 && s.fw == 1;
    CheckShape(s, variant_test::CaseSeed(seed, 5000 + i++), pointwise ? kPointwise : kGeneral,
               pointwise ? conv_2d::AppliesAvx2FloatPointwise : conv_2d::AppliesAvx2FloatGeneral);
  }
}

TEST(Conv2DFloatAvx2, RefusesGroupedAndPadded1x1) {
  conv_2d::ConvFloatProblem p{};
  p.input_depth = 8;
  p.filter_input_depth = 4;  // 2 groups
  p.filter_height = p.filter_width = 1;
  EXPECT_FALSE(conv_2d::AppliesAvx2FloatGeneral(p));
  EXPECT_FALSE(conv_2d::AppliesAvx2FloatPointwise(p));
  p.filter_input_depth = 8;
  EXPECT_TRUE(conv_2d::AppliesAvx2FloatPointwise(p));
  p.pad_width = 1;
  EXPECT_FALSE(conv_2d::AppliesAvx2FloatPointwise(p));
  EXPECT_TRUE(conv_2d::AppliesAvx2FloatGeneral(p));
}

// ---- Dispatch through the interpreter: the variant a float32 node reports under each feature mask ----------

void ExpectFloatNodeVariant(int filter_size, uint32_t mask, const char* variant) {
  variant_test::ConvNodeSpec s;
  s.type = s.filter_type = s.bias_type = schema::TensorType_FLOAT32;
  s.filter = {4, filter_size, filter_size, 3};
  s.padding = filter_size == 1 ? schema::Padding_VALID : schema::Padding_SAME;
  s.activation = schema::ActivationFunctionType_RELU6;
  variant_test::ScopedFeatureMask scoped(mask | isa::kArmNeon);
  variant_test::ExpectReportsVariant(s, variant);
}

TEST(Conv2DFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool runs = kPointwise != nullptr && variant_test::CpuHas(isa::kAvx2 | isa::kFma);
  if (kRequireOptimizedVariants && !runs) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build without AVX2 + FMA";
  ExpectFloatNodeVariant(1, 0, runs ? "conv_2d/float32/avx2-1x1-panels" : "conv_2d/float32/reference");
  ExpectFloatNodeVariant(3, 0, runs ? "conv_2d/float32/avx2" : "conv_2d/float32/reference");
  if (kRequireOptimizedVariants) return;  // falling back is an error there (variant.h)
  for (uint32_t mask : {isa::kAvx2, isa::kFma}) {
    ExpectFloatNodeVariant(1, mask, "conv_2d/float32/reference");
    ExpectFloatNodeVariant(3, mask, "conv_2d/float32/reference");
  }
}

}  // namespace
}  // namespace mote
