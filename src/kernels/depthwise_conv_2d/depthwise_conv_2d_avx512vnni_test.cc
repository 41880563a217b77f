// DEPTHWISE_CONV_2D int8 AVX-512 VNNI variant against the reference (DepthwiseConvInt8), bit for bit, on random
// data from a printed, replayable seed, with its tables built per call and prepared once (prepacked); where
// it applies and where it does not. Skipped, saying so, on a CPU without AVX-512 VNNI.
//
// Step facts the shapes are chosen around (depthwise_conv_2d_avx512vnni.cc): 32 outputs per step; with stride
// width 1 the steps run along the flattened row (C = 1, 2, 4, 8, 16 put several pixels in a step, a row's
// last step is partial), C a multiple of 32 steps per channel block (any stride), C = 16 with another stride
// two pixels per step (an odd last pixel alone); taps in pairs (odd counts pad
// with a zero-weight tap); borders read zero-point-padded row copies.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

using variant_test::Rng;
using Shape = conv_test::DepthwiseShape;
using Case = variant_test::ConvCase<depthwise_conv_2d::DepthwiseInt8Problem>;
using VariantFn = void (*)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*);
using BytesFn = size_t (*)(const depthwise_conv_2d::DepthwiseInt8Problem&);
using PrepareFn = void (*)(const depthwise_conv_2d::DepthwiseInt8Problem&, void*);

#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
constexpr VariantFn kRun = depthwise_conv_2d::DepthwiseInt8Avx512;
constexpr BytesFn kBytes = depthwise_conv_2d::Avx512PersistentBytes;
constexpr PrepareFn kPrepare = depthwise_conv_2d::PrepareAvx512;
#else
constexpr VariantFn kRun = nullptr;
constexpr BytesFn kBytes = nullptr;
constexpr PrepareFn kPrepare = nullptr;
#endif
constexpr uint32_t kVnniIsa =
    isa::kAvx2 | isa::kFma | isa::kAvx512F | isa::kAvx512Bw | isa::kAvx512Vl | isa::kAvx512Vnni;

#define MOTE_SKIP_UNLESS_VNNI()                                                                         \
  do {                                                                                                  \
    if (kRun == nullptr) GTEST_SKIP() << "the x86 SIMD variants are not compiled into this build";      \
    if (!variant_test::CpuHas(kVnniIsa)) GTEST_SKIP() << "this CPU lacks AVX-512 VNNI: variant not run"; \
  } while (0)

std::string Describe(const Shape& s) { return variant_test::DescribeShape(s); }

void ExpectBoth(const Case& c, const std::string& what) {
  variant_test::ExpectMatchesReference(c, kRun, what);
  variant_test::ExpectPrepackedMatchesReference(c, kRun, kBytes, kPrepare, what);
}

TEST(DepthwiseConv2DAvx512, MatchesReference) {
  MOTE_SKIP_UNLESS_VNNI();
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> flat_channels = {1, 2, 4, 8, 16, 32, 64, 96};  // any stride width 1
  const std::vector<int> block_channels = {16, 32, 64, 96, 128, 256};   // any stride (16: pixel pairs)
  int ran = 0;
  for (int i = 0; i < 500; ++i) {
    Rng rng(variant_test::CaseSeed(seed, i));
    const bool flat = rng.Chance(0.6);
    const bool square3 = rng.Chance(0.5);
    Shape s{rng.Int(1, 2), rng.Int(1, 13), rng.Int(1, 19), rng.Pick(flat ? flat_channels : block_channels), 1,
            square3 ? 3 : rng.Int(1, 5), square3 ? 3 : rng.Int(1, 5), rng.Int(1, 3), flat ? 1 : rng.Int(1, 3),
            rng.Chance(0.8) ? 1 : rng.Int(2, 3), rng.Chance(0.8) ? 1 : rng.Int(2, 3),
            rng.Chance(0.5) ? kTfLitePaddingSame : kTfLitePaddingValid};
    Case c;
    if (!variant_test::MakeConvCase(s, rng, &c)) continue;
    ASSERT_TRUE(depthwise_conv_2d::AppliesAvx512(c.problem)) << Describe(s);
    ExpectBoth(c, "case " + std::to_string(i) + " " + Describe(s));
    if (HasFatalFailure()) return;
    ++ran;
  }
  EXPECT_GT(ran, 350);
}

// The layer shapes of the benchmark models it takes.
TEST(DepthwiseConv2DAvx512, MatchesReferenceOnModelShapes) {
  MOTE_SKIP_UNLESS_VNNI();
  const uint64_t seed = variant_test::BaseSeed();
  const Shape shapes[] = {
      {1, 48, 48, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},   // MobileNet 0.25 at 96x96 (vww, person_detect)
      {1, 48, 48, 16, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},  // 16 channels, stride 2: pixel pairs
      {1, 24, 24, 32, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 24, 24, 32, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},
      {1, 6, 6, 128, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 3, 3, 256, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},   // KWS DS-CNN
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(variant_test::CaseSeed(seed, i++));
    Case c;
    ASSERT_TRUE(variant_test::MakeConvCase(s, rng, &c));
    ASSERT_TRUE(depthwise_conv_2d::AppliesAvx512(c.problem)) << Describe(s);
    ExpectBoth(c, Describe(s));
    if (HasFatalFailure()) return;
  }
}

TEST(DepthwiseConv2DAvx512, AppliesOnlyWhereItComputesTheReference) {
  Rng rng(1);
  Case c;
  ASSERT_TRUE(variant_test::MakeConvCase(Shape{1, 6, 6, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame}, rng, &c));
  EXPECT_TRUE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.stride_width = 2;  // 8 channels: pixels are not 32-byte steps with a stride
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.stride_width = 1;
  c.problem.output_depth = c.problem.input_depth = 24;  // neither divides 32 nor a multiple of it
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.output_depth = c.problem.input_depth = 64;
  c.problem.stride_width = 2;
  EXPECT_TRUE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.depth_multiplier = 2;
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.depth_multiplier = 1;
  c.problem.filter_height = c.problem.filter_width = 7;  // 49 taps > kAvx512MaxTaps
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.filter_height = c.problem.filter_width = 3;
  c.problem.input_width = c.problem.output_width = 200;  // 4 padded rows of ~13 KB > kAvx512RowBytes
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
  c.problem.input_width = c.problem.output_width = 6;
  c.problem.output_depth = c.problem.input_depth = 4096;  // tables: 128 patterns > 64 KiB
  EXPECT_FALSE(depthwise_conv_2d::AppliesAvx512(c.problem));
}

}  // namespace
}  // namespace mote
