// DEPTHWISE_CONV_2D int8 AVX2 variants against the reference (DepthwiseConvInt8), bit for bit, on random
// data from a printed, replayable seed, with tables built per call and prepared once; and which variant
// prepare picks, with AVX2 available and masked.
//
// Tile facts the shapes are chosen around (depthwise_conv_2d_avx2.cc): channels in blocks of 16, then one
// block of 8, then a tail of 1..7; filter taps in pairs (odd tap counts pad with a zero-weight tap); every
// border configuration (all paddings, strides 1..3, dilations); multipliers in groups of 8.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/dispatch/variant.h"
#include "support/variant_test_util.h"
#include "support/model_builder.h"

namespace mote {
namespace {

using variant_test::Rng;
using Shape = conv_test::DepthwiseShape;
using Case = variant_test::ConvCase<depthwise_conv_2d::DepthwiseInt8Problem>;
using VariantFn = void (*)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*);
using variant_test::ExpectMatchesReference;
using variant_test::ModelRun;

std::string Describe(const Shape& s) { return variant_test::DescribeShape(s); }
bool MakeCase(const Shape& s, Rng& rng, Case* c) { return variant_test::MakeConvCase(s, rng, c); }

using BytesFn = size_t (*)(const depthwise_conv_2d::DepthwiseInt8Problem&);
using PrepareFn = void (*)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*);
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr VariantFn kDepthwise = depthwise_conv_2d::DepthwiseInt8Avx2;
constexpr VariantFn kMultiplier = depthwise_conv_2d::DepthwiseInt8Avx2Multiplier;
constexpr BytesFn kBytes = depthwise_conv_2d::Avx2PersistentBytes;
constexpr BytesFn kMultiplierBytes = depthwise_conv_2d::Avx2MultiplierPersistentBytes;
constexpr PrepareFn kPrepare = depthwise_conv_2d::PrepareAvx2;
#else
constexpr VariantFn kDepthwise = nullptr;
constexpr VariantFn kMultiplier = nullptr;
constexpr BytesFn kBytes = nullptr;
constexpr BytesFn kMultiplierBytes = nullptr;
constexpr PrepareFn kPrepare = nullptr;
#endif

// Tables built per call and prepared once (prepacked): both must match the reference.
void ExpectBoth(const Case& c, bool multiplier, const std::string& what) {
  ExpectMatchesReference(c, multiplier ? kMultiplier : kDepthwise, what);
  if (::testing::Test::HasFatalFailure()) return;
  variant_test::ExpectPrepackedMatchesReference(c, multiplier ? kMultiplier : kDepthwise,
                                                multiplier ? kMultiplierBytes : kBytes, kPrepare, what);
}

const std::vector<int> kChannels = {1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 23, 24, 25, 31, 32, 33, 40, 48, 63, 64, 65, 128};

TEST(DepthwiseConv2DAvx2, MatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 600; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const bool square3 = rng.Chance(0.5);  // the common 3x3 case, stride 1 or 2
    Shape s{rng.Int(1, 2), rng.Int(1, 13), rng.Int(1, 13), rng.Pick(kChannels), 1,
            square3 ? 3 : rng.Int(1, 5), square3 ? 3 : rng.Int(1, 5), square3 ? rng.Int(1, 2) : rng.Int(1, 3),
            0, rng.Chance(0.8) ? 1 : rng.Int(2, 3), rng.Chance(0.8) ? 1 : rng.Int(2, 3),
            rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    s.stride_w = square3 ? s.stride_h : rng.Int(1, 3);
    Case c;
    if (!MakeCase(s, rng, &c)) continue;
    ASSERT_TRUE(depthwise_conv_2d::AppliesAvx2(c.problem)) << Describe(s);
    ExpectBoth(c, false, "case " + std::to_string(i) + " " + Describe(s));
    if (HasFatalFailure()) return;
    ++ran;
  }
  EXPECT_GT(ran, 400);
}

TEST(DepthwiseConv2DAvx2, MultiplierMatchesReference) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 12), rng.Int(1, 12), rng.Pick(std::vector<int>{1, 1, 2, 3, 5}),
            8 * rng.Int(1, 3), rng.Int(1, 4), rng.Int(1, 4), rng.Int(1, 3), rng.Int(1, 3),
            rng.Chance(0.8) ? 1 : 2, rng.Chance(0.8) ? 1 : 2,
            rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    Case c;
    if (!MakeCase(s, rng, &c)) continue;
    ASSERT_TRUE(depthwise_conv_2d::AppliesAvx2Multiplier(c.problem)) << Describe(s);
    ExpectBoth(c, true, "case " + std::to_string(i) + " " + Describe(s));
    if (HasFatalFailure()) return;
    ++ran;
  }
  EXPECT_GT(ran, 200);
}

// The layer shapes of the benchmark models.
TEST(DepthwiseConv2DAvx2, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_AVX2();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {
      {1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // MobileNet 0.25 at 96x96
      {1, 48, 48, 16, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},
      {1, 6, 6, 128, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 3, 3, 256, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // KWS DS-CNN
      {1, 96, 96, 1, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // person_detect first layer (multiplier 8)
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    ASSERT_TRUE(MakeCase(s, rng, &c));
    const bool multiplier = s.multiplier > 1;
    ASSERT_TRUE(multiplier ? depthwise_conv_2d::AppliesAvx2Multiplier(c.problem)
                           : depthwise_conv_2d::AppliesAvx2(c.problem));
    ExpectBoth(c, multiplier, Describe(s));
    if (HasFatalFailure()) return;
  }
}

TEST(DepthwiseConv2DAvx2, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  ASSERT_TRUE(MakeCase({1, 4, 4, 6, 2, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame}, rng, &c));
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2(c.problem));            // multiplier 2
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2Multiplier(c.problem));  // not a multiple of 8
  c.problem.depth_multiplier = 1;
  c.problem.output_depth = 6;
  EXPECT_TRUE(depthwise_conv_2d::AppliesAvx2(c.problem));
  c.problem.filter_height = c.problem.filter_width = 9;  // 81 taps > kAvx2MaxTaps
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2(c.problem));
  c.problem.filter_height = c.problem.filter_width = 3;
  c.problem.output_depth = c.problem.input_depth = 2048;  // tables: 5 pairs x 2048 channels > 64 KiB
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx2(c.problem));
  c.problem.output_depth = c.problem.input_depth = 1024;
  EXPECT_TRUE(depthwise_conv_2d::AppliesAvx2(c.problem));
}

// ---- Dispatch through the interpreter ------------------------------------------------------------------

std::vector<uint8_t> BuildDepthwiseModel(int in_depth, int multiplier) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_DEPTHWISE_CONV_2D, 3);
  Rng rng(5);
  const int channels = in_depth * multiplier;
  const int in = b.AddTensor(schema::TensorType_INT8, {1, 7, 7, in_depth}, "in", 0, {0.05f}, {-3});
  const int filter = b.AddConstTensor<int8_t>(schema::TensorType_INT8, {1, 3, 3, channels},
                                              rng.Int8s(static_cast<size_t>(9 * channels)), {0.02f}, {0}, 3);
  const int bias = b.AddConstTensor<int32_t>(schema::TensorType_INT32, {channels}, rng.Int32s(channels, -900, 900),
                                             {0.001f}, {0});
  const int out = b.AddTensor(schema::TensorType_INT8, {1, 4, 4, channels}, "out", 0, {0.1f}, {5});
  auto options = schema::CreateDepthwiseConv2DOptions(b.fbb(), schema::Padding_SAME, 2, 2, multiplier,
                                                      schema::ActivationFunctionType_RELU, 1, 1);
  b.AddOperator(code, {in, filter, bias}, {out}, schema::BuiltinOptions_DepthwiseConv2DOptions, options.Union());
  b.SetInputs({in});
  b.SetOutputs({out});
  return b.Finish();
}

// Runs `bytes` with the features in `mask` masked.
ModelRun RunModel(const std::vector<uint8_t>& bytes, uint32_t mask) {
  Rng input_rng(13);
  // The AArch64 variants stay masked: this test is about the x86 ones (depthwise_conv_2d_neon_test.cc).
  return variant_test::RunModelMasked(bytes, 64 * 1024, input_rng, mask | isa::kArmNeon);
}

TEST(DepthwiseConv2DDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool avx2 = variant_test::CpuHas(isa::kAvx2);
  if (kRequireOptimizedVariants && !avx2) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build on a CPU without AVX2";
  struct {
    int in_depth, multiplier;
    const char* id;
  } kinds[] = {{19, 1, "depthwise_conv_2d/int8/avx2"}, {2, 8, "depthwise_conv_2d/int8/avx2-multiplier"}};
  for (const auto& k : kinds) {
    const std::vector<uint8_t> model = BuildDepthwiseModel(k.in_depth, k.multiplier);
    const ModelRun fast = RunModel(model, 0);
    ASSERT_EQ(fast.status, kTfLiteOk);
    const bool compiled = MOTE_X86_SIMD_FN(depthwise_conv_2d::DepthwiseInt8Avx2) != nullptr;
    EXPECT_EQ(fast.variant, (avx2 && compiled) ? std::string(k.id) : std::string("depthwise_conv_2d/int8/reference"));
    const ModelRun masked = RunModel(model, isa::kAvx2);
    if (kRequireOptimizedVariants && MOTE_TARGET_X86_64) {
      EXPECT_NE(masked.status, kTfLiteOk);
    } else {
      ASSERT_EQ(masked.status, kTfLiteOk);
      EXPECT_EQ(masked.variant, "depthwise_conv_2d/int8/reference");
      EXPECT_EQ(masked.output, fast.output) << "the variants disagree on the whole-model path";
    }
  }
}

}  // namespace
}  // namespace mote
