// CONV_2D int8 Cortex-M variants (DSP: conv_2d_dsp.cc, Helium: conv_2d_mve.cc) against the reference
// (reference::ConvInt8), bit for bit, on the target. Shapes are chosen around the variants' tiles: output pixels
// in pairs, output channels in pairs (DSP) or fours (Helium), K in quads (DSP) or 16-byte vectors with tail
// predication (Helium); odd channel counts, every padding, stride and dilation; the benchmark models' layers;
// the requantization corner cases (zero multipliers, left shifts, right shifts up to 31, huge biases).
#include <cstdint>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "variant_test_support.h"

namespace {

using mote::conv_2d::ConvInt8Problem;
using mote_variants::Rng;

using Variant = mote_variants::Variant<ConvInt8Problem>;
using mote_variants::NoScratch;

#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kDspPointwise{"dsp-1x1", mote::conv_2d::ConvInt8DspPointwise, mote::conv_2d::AppliesDspPointwise,
                            mote::conv_2d::DspScratchBytes};
const Variant kDspIm2col{"dsp-im2col", mote::conv_2d::ConvInt8DspIm2col, mote::conv_2d::AppliesDspIm2col,
                         mote::conv_2d::DspScratchBytes};
#else
const Variant kDspPointwise{"dsp-1x1", nullptr, nullptr, nullptr};
const Variant kDspIm2col{"dsp-im2col", nullptr, nullptr, nullptr};
#endif
#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kMvePointwise{"mve-1x1", mote::conv_2d::ConvInt8MvePointwise, mote::conv_2d::AppliesMvePointwise,
                            NoScratch};
const Variant kMveIm2col{"mve-im2col", mote::conv_2d::ConvInt8MveIm2col, mote::conv_2d::AppliesMveIm2col,
                         mote::conv_2d::MveScratchBytes};
#else
const Variant kMvePointwise{"mve-1x1", nullptr, nullptr, nullptr};
const Variant kMveIm2col{"mve-im2col", nullptr, nullptr, nullptr};
#endif

#if defined(MOTE_HAVE_ARM_V6M) && MOTE_HAVE_ARM_V6M
const Variant kV6mPointwise{"v6m-1x1", mote::conv_2d::ConvInt8V6mPointwise, mote::conv_2d::AppliesV6mPointwise,
                            NoScratch};
const Variant kV6mIm2col{"v6m-im2col", mote::conv_2d::ConvInt8V6mIm2col, mote::conv_2d::AppliesV6mIm2col,
                         NoScratch};
#else
const Variant kV6mPointwise{"v6m-1x1", nullptr, nullptr, nullptr};
const Variant kV6mIm2col{"v6m-im2col", nullptr, nullptr, nullptr};
#endif

using Shape = mote::conv_test::ConvShape;

mote_variants::ConvBench<48 * 1024, 80 * 1024, 48 * 1024, 48 * 1024> g_bench;

bool MakeCase(const Shape& s, Rng& rng, ConvInt8Problem* p) { return g_bench.MakeCase(s, rng, p); }
bool Check(const Variant& v, const ConvInt8Problem& p, mote_test::Message* why) { return g_bench.Check(v, p, why); }

void Describe(mote_test::Message& m, int index, const Shape& s) {
  m << "case " << index << ": ";
  mote::conv_test::Describe(m, s);
}

const int kDepths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 127, 128, 129};
const int kOutDepths[] = {2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 16, 17, 31, 32, 33, 64};

// Case i of the 1x1 tests: pixel counts around the pair first, then random.
Shape PointwiseShape(Rng& rng, int i) {
  Shape s{rng.Int(1, 2), rng.Int(1, 7), rng.Int(1, 12), rng.Pick(kDepths), rng.Pick(kOutDepths), 1, 1,
          rng.Int(1, 3), rng.Int(1, 3), 1, 1, rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid};
  if (i < 24) {  // pixel counts around the pair: 1, 2, 3, 4, 5, 7
    const int counts[] = {1, 2, 3, 4, 5, 7};
    s.batches = 1;
    s.height = 1;
    s.width = counts[i % 6];
    s.stride_h = s.stride_w = 1;
  }
  return s;
}

// Case i of the im2col tests: any filter up to 5x5, stride, dilation and padding, at most 33 input channels.
Shape Im2colShape(Rng& rng, int) {
  Shape s{rng.Int(1, 2), rng.Int(1, 9), rng.Int(1, 9), rng.Pick(kDepths), rng.Pick(kOutDepths), rng.Int(1, 5),
          rng.Int(1, 5), rng.Int(1, 3), rng.Int(1, 3), rng.Chance(70) ? 1 : rng.Int(2, 3),
          rng.Chance(70) ? 1 : rng.Int(2, 3), rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid};
  if (s.in_depth > 33) s.in_depth = rng.Int(1, 33);
  return s;
}

// 160 random cases of `shape`; at least min_ran of them must make a problem that fits the buffers.
void RunRandom(const Variant& v, const char* name, Shape (*shape)(Rng&, int), int min_ran) {
  if (v.run == nullptr) GTEST_SKIP() << "conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("Conv2DArm", name);
  int ran = 0;
  for (int i = 0; i < 160; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const Shape s = shape(rng, i);
    ConvInt8Problem p;
    if (!MakeCase(s, rng, &p)) continue;
    mote_test::Message why;
    Describe(why, i, s);
    why << ": ";
    ASSERT_TRUE(v.applies(p)) << why;
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, min_ran);
}
// Input rows shorter than one vector (1-15 channels), stride 1: mve-1x1's loop-free path (PointwiseGroupShort).
Shape ShortRowShape(Rng& rng, int) {
  return Shape{rng.Int(1, 2), rng.Int(1, 7), rng.Int(1, 12), rng.Int(1, 15), rng.Pick(kOutDepths), 1, 1,
               1, 1, 1, 1, rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid};
}

void RunPointwise(const Variant& v, const char* name) { RunRandom(v, name, PointwiseShape, 120); }
void RunIm2col(const Variant& v, const char* name) { RunRandom(v, name, Im2colShape, 100); }

// The benchmark models' layer kinds (spatially cropped so the reference stays quick under QEMU).
void RunModelShapes(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("Conv2DArm", name);
  const Shape shapes[] = {
      {1, 13, 13, 3, 8, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // vww_96 first layer
      {1, 10, 10, 3, 16, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},   // ResNet first layer
      {1, 8, 8, 16, 16, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // ResNet 3x3
      {1, 8, 8, 16, 32, 3, 3, 2, 2, 1, 1, kTfLitePaddingSame},    // ResNet 3x3 stride 2
      {1, 4, 4, 64, 64, 3, 3, 1, 1, 1, 1, kTfLitePaddingSame},    // ResNet 3x3, 64 channels
      {1, 15, 10, 1, 64, 10, 4, 2, 2, 1, 1, kTfLitePaddingSame},  // KWS first layer
      {1, 12, 12, 8, 16, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid},  // vww_96 first 1x1 (8 input channels)
      {1, 6, 6, 128, 128, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid}, // MobileNet 1x1
      {1, 3, 3, 256, 256, 1, 1, 1, 1, 1, 1, kTfLitePaddingValid}, // MobileNet last 1x1
      {1, 5, 5, 16, 32, 1, 1, 2, 2, 1, 1, kTfLitePaddingValid},   // ResNet 1x1 stride 2 shortcut
  };
  int i = 0;
  for (const Shape& s : shapes) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    ConvInt8Problem p;
    ASSERT_TRUE(MakeCase(s, rng, &p)) << "model shape " << i << " does not fit the test buffers";
    mote_test::Message why;
    Describe(why, i, s);
    why << ": ";
    if (v.applies(p)) {
      ASSERT_TRUE(Check(v, p, &why)) << why;
    }
    ++i;
  }
}

TEST(Conv2DArm, DspPointwiseMatchesReference) { RunPointwise(kDspPointwise, "DspPointwiseMatchesReference"); }
TEST(Conv2DArm, DspIm2colMatchesReference) { RunIm2col(kDspIm2col, "DspIm2colMatchesReference"); }
TEST(Conv2DArm, DspIm2colMatchesReferenceOnPointwiseShapes) {
  RunPointwise(kDspIm2col, "DspIm2colMatchesReferenceOnPointwiseShapes");
}
TEST(Conv2DArm, DspMatchesReferenceOnModelShapes) {
  RunModelShapes(kDspPointwise, "DspPointwiseMatchesReferenceOnModelShapes");
  RunModelShapes(kDspIm2col, "DspIm2colMatchesReferenceOnModelShapes");
}

TEST(Conv2DArm, MvePointwiseMatchesReference) { RunPointwise(kMvePointwise, "MvePointwiseMatchesReference"); }
TEST(Conv2DArm, MvePointwiseMatchesReferenceOnShortRows) {
  RunRandom(kMvePointwise, "MvePointwiseMatchesReferenceOnShortRows", ShortRowShape, 120);
}
TEST(Conv2DArm, MveIm2colMatchesReference) { RunIm2col(kMveIm2col, "MveIm2colMatchesReference"); }
TEST(Conv2DArm, MveIm2colMatchesReferenceOnPointwiseShapes) {
  RunPointwise(kMveIm2col, "MveIm2colMatchesReferenceOnPointwiseShapes");
}
TEST(Conv2DArm, MveMatchesReferenceOnModelShapes) {
  RunModelShapes(kMvePointwise, "MvePointwiseMatchesReferenceOnModelShapes");
  RunModelShapes(kMveIm2col, "MveIm2colMatchesReferenceOnModelShapes");
}

TEST(Conv2DArm, V6mPointwiseMatchesReference) { RunPointwise(kV6mPointwise, "V6mPointwiseMatchesReference"); }
TEST(Conv2DArm, V6mIm2colMatchesReference) { RunIm2col(kV6mIm2col, "V6mIm2colMatchesReference"); }
TEST(Conv2DArm, V6mIm2colMatchesReferenceOnPointwiseShapes) {
  RunPointwise(kV6mIm2col, "V6mIm2colMatchesReferenceOnPointwiseShapes");
}
TEST(Conv2DArm, V6mMatchesReferenceOnModelShapes) {
  RunModelShapes(kV6mPointwise, "V6mPointwiseMatchesReferenceOnModelShapes");
  RunModelShapes(kV6mIm2col, "V6mIm2colMatchesReferenceOnModelShapes");
}
TEST(Conv2DArm, V6mAppliesOnlyWhereItCan) {
  if (kV6mPointwise.run == nullptr) GTEST_SKIP() << "the Armv6-M variants are not compiled into this image";
  ConvInt8Problem p{};
  p.batches = 1;
  p.input_height = p.input_width = 4;
  p.input_depth = p.filter_input_depth = 8;
  p.filter_height = p.filter_width = 1;
  p.output_height = p.output_width = 4;
  p.output_depth = 1;  // any channel count
  p.stride_width = p.stride_height = p.dilation_width = p.dilation_height = 1;
  EXPECT_TRUE(kV6mPointwise.applies(p));
  EXPECT_TRUE(kV6mIm2col.applies(p));
  p.pad_width = 1;  // padded 1x1: im2col only
  EXPECT_FALSE(kV6mPointwise.applies(p));
  EXPECT_TRUE(kV6mIm2col.applies(p));
  p.pad_width = 0;
  p.filter_input_depth = 4;  // grouped convolution
  EXPECT_FALSE(kV6mPointwise.applies(p));
  EXPECT_FALSE(kV6mIm2col.applies(p));
  p.filter_input_depth = p.input_depth = 128;
  p.filter_height = p.filter_width = 3;  // 3x3x128 = kV6mMaxPatch
  EXPECT_FALSE(kV6mPointwise.applies(p));
  EXPECT_TRUE(kV6mIm2col.applies(p));
  p.filter_input_depth = p.input_depth = 129;
  EXPECT_FALSE(kV6mIm2col.applies(p));
  p.filter_input_depth = p.input_depth = 8;
  p.input_offset = 129;  // a zero point outside int8 cannot fill the patch
  EXPECT_FALSE(kV6mIm2col.applies(p));
}

// The variants refuse what they do not handle (the glue then picks the next entry of its table).
TEST(Conv2DArm, DspAppliesOnlyWhereItCan) {
  if (kDspPointwise.run == nullptr) GTEST_SKIP() << "the DSP variants are not compiled into this image";
  ConvInt8Problem p{};
  p.batches = 1;
  p.input_height = p.input_width = 4;
  p.input_depth = p.filter_input_depth = 8;
  p.filter_height = p.filter_width = 1;
  p.output_height = p.output_width = 4;
  p.output_depth = 8;
  p.stride_width = p.stride_height = p.dilation_width = p.dilation_height = 1;
  EXPECT_TRUE(kDspPointwise.applies(p));
  p.output_depth = 1;  // channels go in pairs
  EXPECT_FALSE(kDspPointwise.applies(p));
  EXPECT_FALSE(kDspIm2col.applies(p));
  p.output_depth = 8;
  p.filter_input_depth = 4;  // grouped convolution
  EXPECT_FALSE(kDspPointwise.applies(p));
  EXPECT_FALSE(kDspIm2col.applies(p));
  p.filter_input_depth = 8;
  p.filter_height = 3;  // not 1x1
  EXPECT_FALSE(kDspPointwise.applies(p));
  EXPECT_TRUE(kDspIm2col.applies(p));
}

}  // namespace
