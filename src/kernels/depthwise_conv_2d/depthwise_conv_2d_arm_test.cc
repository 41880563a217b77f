// DEPTHWISE_CONV_2D int8 Cortex-M variants (DSP: depthwise_conv_2d_dsp.cc, Helium: depthwise_conv_2d_mve.cc)
// against the reference (reference::DepthwiseConvInt8), bit for bit, on the target. Shapes around the
// variants' tiles: output pixels in pairs (3x3 loops), channel blocks of 4 (DSP ring) or vectors of 4/8/16
// channels with tail predication (Helium; the general Helium variant's blocks of 8 output channels gathered
// across multipliers), odd channel counts, channel multipliers, every padding, stride and dilation, filters 1x1
// to 7x7 (and 10x8), the benchmark models' layers, and the requantization corner cases.
#include <cstdint>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "variant_test_support.h"

namespace {

using mote::depthwise_conv_2d::DepthwiseInt8Problem;
using mote_variants::Rng;

using Variant = mote_variants::Variant<DepthwiseInt8Problem>;
using mote_variants::NoScratch;

#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kDsp{"dsp", mote::depthwise_conv_2d::DepthwiseInt8Dsp, mote::depthwise_conv_2d::AppliesDsp,
                   mote::depthwise_conv_2d::DspScratchBytes};
const Variant kDspChannels{"dsp-channels", mote::depthwise_conv_2d::DepthwiseInt8DspChannels,
                           mote::depthwise_conv_2d::AppliesDspChannels, NoScratch};
#else
const Variant kDsp{"dsp", nullptr, nullptr, nullptr};
const Variant kDspChannels{"dsp-channels", nullptr, nullptr, nullptr};
#endif
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMve3x3{"mve-3x3", mote::depthwise_conv_2d::DepthwiseInt8Mve3x3, mote::depthwise_conv_2d::AppliesMve3x3,
                      NoScratch};
const Variant kMveGeneral{"mve", mote::depthwise_conv_2d::DepthwiseInt8MveGeneral,
                          mote::depthwise_conv_2d::AppliesMveGeneral, mote::depthwise_conv_2d::MveGeneralScratchBytes};
#else
const Variant kMve3x3{"mve-3x3", nullptr, nullptr, nullptr};
const Variant kMveGeneral{"mve", nullptr, nullptr, nullptr};
#endif

#if defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
const Variant kV6m{"v6m", mote::depthwise_conv_2d::DepthwiseInt8V6m, mote::depthwise_conv_2d::AppliesV6m,
                   NoScratch};
#else
const Variant kV6m{"v6m", nullptr, nullptr, nullptr};
#endif

using Shape = mote::conv_test::DepthwiseShape;

mote_variants::ConvBench<48 * 1024, 8 * 1024, 48 * 1024, 32 * 1024> g_bench;

bool MakeCase(const Shape& s, Rng& rng, DepthwiseInt8Problem* p) { return g_bench.MakeCase(s, rng, p); }
bool Check(const Variant& v, const DepthwiseInt8Problem& p, mote_test::Message* why) {
  return g_bench.Check(v, p, why);
}

void Describe(mote_test::Message& m, int index, const Shape& s) {
  m << "case " << index << ": ";
  mote::conv_test::Describe(m, s);
  m << ": ";
}

const int kDepths[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 48, 64, 65};
const int kMultipliers[] = {1, 1, 1, 1, 2, 3, 8};

// channels_only: multiplier 1 and at least 4 channels (dsp-channels); multiplier_one: multiplier 1 (mve-3x3);
// dilations: some cases dilated (variants that take them).
void RunRandom(const Variant& v, const char* name, bool three_by_three, bool channels_only = false,
               bool multiplier_one = false, bool dilations = false) {
  if (v.run == nullptr) GTEST_SKIP() << "depthwise_conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("DepthwiseConv2DArm", name);
  int ran = 0;
  for (int i = 0; i < 200; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 10), rng.Int(1, 13), rng.Pick(kDepths), rng.Pick(kMultipliers),
            three_by_three ? 3 : rng.Int(1, 7), three_by_three ? 3 : rng.Int(1, 7),
            three_by_three ? rng.Int(1, 2) : rng.Int(1, 3), three_by_three ? rng.Int(1, 2) : rng.Int(1, 3), 1, 1,
            rng.Chance(60) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (i < 20) {  // output widths around the pixel pair: 1, 2, 3, 4, 5
      s.batches = 1;
      s.width = i % 5 + 1 + (s.padding == kTfLitePaddingValid ? s.filter_w - 1 : 0);
      s.stride_w = 1;
    }
    if (channels_only) {  // the channel-parallel variant: multiplier 1, at least 4 channels
      s.multiplier = 1;
      if (s.in_depth < 4) s.in_depth = rng.Int(4, 9);
    }
    if (multiplier_one) s.multiplier = 1;
    if (multiplier_one || dilations) {
      if (rng.Chance(30)) {  // the Helium variants take dilations too
        s.dilation_h = rng.Int(1, 2);
        s.dilation_w = rng.Int(1, 2);
      }
    }
    if (dilations && rng.Chance(25)) {  // more multiples of 4 (the general Helium variant's scalar-load path)
      const int quads[] = {4, 12, 16};
      s.multiplier = rng.Pick(quads);
      if (s.in_depth > 9) s.in_depth = rng.Int(1, 9);
    }
    DepthwiseInt8Problem p;
    if (!MakeCase(s, rng, &p)) continue;
    mote_test::Message why;
    Describe(why, i, s);
    ASSERT_TRUE(v.applies(p)) << why;
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, 150);
}

void RunModelShapes(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "depthwise_conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("DepthwiseConv2DArm", name);
  const Shape shapes[] = {
      {1, 12, 12, 8, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // vww / person_detect, stride 1
      {1, 12, 12, 16, 1, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},   // vww, stride 2
      {1, 6, 6, 128, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // MobileNet late layers
      {1, 3, 3, 256, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // MobileNet last
      {1, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // KWS
      {1, 24, 24, 1, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // person_detect first layer (multiplier 8), cut
      {1, 96, 96, 1, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // person_detect first layer, whole
      {1, 49, 40, 1, 8, 10, 8, 2, 2, 1, 1, kTfLitePaddingSame},   // micro_speech (10x8 filter, multiplier 8)
      {1, 12, 12, 6, 2, 5, 5, 1, 1, 1, 1, kTfLitePaddingSame},    // 5x5, multiplier 2 (straddling blocks of 8)
      {1, 9, 9, 40, 1, 7, 7, 2, 2, 1, 1, kTfLitePaddingValid},    // 7x7, 40 channels
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    DepthwiseInt8Problem p;
    ASSERT_TRUE(MakeCase(s, rng, &p)) << "model shape " << i << " does not fit the test buffers";
    mote_test::Message why;
    Describe(why, i, s);
    if (v.applies(p)) {
      ASSERT_TRUE(Check(v, p, &why)) << why;
    }
    ++i;
  }
}

TEST(DepthwiseConv2DArm, DspMatchesReference3x3) { RunRandom(kDsp, "DspMatchesReference3x3", true); }
TEST(DepthwiseConv2DArm, DspMatchesReferenceAnyFilter) { RunRandom(kDsp, "DspMatchesReferenceAnyFilter", false); }
TEST(DepthwiseConv2DArm, DspMatchesReferenceOnModelShapes) {
  RunModelShapes(kDsp, "DspMatchesReferenceOnModelShapes");
}

TEST(DepthwiseConv2DArm, DspChannelsMatchesReference3x3) {
  RunRandom(kDspChannels, "DspChannelsMatchesReference3x3", true, true);
}
TEST(DepthwiseConv2DArm, DspChannelsMatchesReferenceAnyFilter) {
  RunRandom(kDspChannels, "DspChannelsMatchesReferenceAnyFilter", false, true);
}
TEST(DepthwiseConv2DArm, DspChannelsMatchesReferenceOnModelShapes) {
  RunModelShapes(kDspChannels, "DspChannelsMatchesReferenceOnModelShapes");
}

TEST(DepthwiseConv2DArm, Mve3x3MatchesReference) { RunRandom(kMve3x3, "Mve3x3MatchesReference", true, false, true); }
TEST(DepthwiseConv2DArm, Mve3x3MatchesReferenceOnModelShapes) {
  RunModelShapes(kMve3x3, "Mve3x3MatchesReferenceOnModelShapes");
}

TEST(DepthwiseConv2DArm, MveGeneralMatchesReferenceAnyFilter) {
  RunRandom(kMveGeneral, "MveGeneralMatchesReferenceAnyFilter", false, false, false, true);
}
TEST(DepthwiseConv2DArm, MveGeneralMatchesReference3x3) {
  RunRandom(kMveGeneral, "MveGeneralMatchesReference3x3", true, false, false, true);
}
TEST(DepthwiseConv2DArm, MveGeneralMatchesReferenceOnModelShapes) {
  RunModelShapes(kMveGeneral, "MveGeneralMatchesReferenceOnModelShapes");
}

TEST(DepthwiseConv2DArm, MveGeneralAppliesUpToItsTapLimit) {
  if (kMveGeneral.run == nullptr) GTEST_SKIP() << "the general Helium variant is not compiled into this image";
  DepthwiseInt8Problem p{};
  p.depth_multiplier = 3;
  p.filter_height = 16;
  p.filter_width = mote::depthwise_conv_2d::kMveMaxTaps / 16;
  EXPECT_TRUE(kMveGeneral.applies(p));
  p.filter_width += 1;  // the tap offset tables are on the stack: larger filters take the next variant
  EXPECT_FALSE(kMveGeneral.applies(p));
  p.filter_height = 1;
  p.filter_width = mote::depthwise_conv_2d::kMveMaxTaps + 1;
  EXPECT_FALSE(kMveGeneral.applies(p));
  EXPECT_FALSE(kMve3x3.applies(p));
}

TEST(DepthwiseConv2DArm, V6mMatchesReference3x3) { RunRandom(kV6m, "V6mMatchesReference3x3", true); }
TEST(DepthwiseConv2DArm, V6mMatchesReferenceAnyFilter) {
  RunRandom(kV6m, "V6mMatchesReferenceAnyFilter", false, false, false, /*dilations=*/true);
}
TEST(DepthwiseConv2DArm, V6mMatchesReferenceOnModelShapes) { RunModelShapes(kV6m, "V6mMatchesReferenceOnModelShapes"); }
// More output channels than one pass of the accumulator buffer holds (kV6mAccChannels), multipliers 1 and 3.
TEST(DepthwiseConv2DArm, V6mMatchesReferenceAcrossAccumulatorPasses) {
  if (kV6m.run == nullptr) GTEST_SKIP() << "depthwise_conv_2d/int8/v6m is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("DepthwiseConv2DArm", "V6mMatchesReferenceAcrossAccumulatorPasses");
  const Shape shapes[] = {
      {1, 3, 3, 300, 1, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 3, 4, 100, 3, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},
      {1, 2, 2, 257, 1, 2, 2, 1, 1, 1, 1, kTfLitePaddingValid},
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    DepthwiseInt8Problem p;
    ASSERT_TRUE(MakeCase(s, rng, &p)) << "shape " << i << " does not fit the test buffers";
    mote_test::Message why;
    Describe(why, i, s);
    ASSERT_TRUE(kV6m.applies(p)) << why;
    ASSERT_TRUE(Check(kV6m, p, &why)) << why;
    ++i;
  }
}

TEST(DepthwiseConv2DArm, DspAppliesOnlyWhereItCan) {
  if (kDsp.run == nullptr) GTEST_SKIP() << "the DSP variant is not compiled into this image";
  DepthwiseInt8Problem p{};
  p.batches = 1;
  p.input_height = p.input_width = 8;
  p.input_depth = p.output_depth = 8;
  p.depth_multiplier = 1;
  p.filter_height = p.filter_width = 3;
  p.output_height = p.output_width = 8;
  p.stride_width = p.stride_height = p.dilation_width = p.dilation_height = 1;
  EXPECT_TRUE(kDsp.applies(p));
  p.dilation_width = 2;  // dilated filters take the reference
  EXPECT_FALSE(kDsp.applies(p));
  EXPECT_FALSE(kDspChannels.applies(p));
  p.dilation_width = 1;
  EXPECT_TRUE(kDspChannels.applies(p));
  p.input_depth = 3;  // fewer than 4 channels: the ring variant
  p.output_depth = 3;
  EXPECT_FALSE(kDspChannels.applies(p));
  EXPECT_TRUE(kDsp.applies(p));
  p.input_depth = 8;
  p.output_depth = 16;
  p.depth_multiplier = 2;  // multipliers: the ring variant
  EXPECT_FALSE(kDspChannels.applies(p));
  EXPECT_TRUE(kDsp.applies(p));
  p.filter_height = mote::depthwise_conv_2d::kDspMaxFilterHeight + 1;
  EXPECT_FALSE(kDsp.applies(p));
}

}  // namespace
