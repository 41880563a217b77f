// CONV_2D int8 Cortex-M variants (DSP: conv_2d_dsp.cc, Helium: conv_2d_mve.cc) against the reference
// (conv_2d::ConvInt8), bit for bit, on the target. Shapes are chosen around the variants' tiles: output pixels
// in pairs, output channels in pairs (DSP) or fours (Helium), K in quads (DSP) or 16-byte vectors with tail
// predication (Helium); odd channel counts, every padding, stride and dilation; the benchmark models' layers;
// the requantization corner cases (zero multipliers, left shifts, right shifts up to 31, huge biases).
#include <cstdint>

#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/internal/padding.h"
#include "mote/runtime_shape.h"
#include "variant_test_support.h"

namespace {

using mote::conv_2d::ConvInt8Problem;
using mote_variants::Rng;

using VariantFn = void (*)(const ConvInt8Problem&, void*);
using AppliesFn = bool (*)(const ConvInt8Problem&);
using ScratchFn = size_t (*)(const ConvInt8Problem&);

struct Variant {
  const char* name;
  VariantFn run;  // nullptr: not compiled into this image
  AppliesFn applies;
  ScratchFn scratch_bytes;
};

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
size_t NoScratch(const ConvInt8Problem&) { return 0; }
const Variant kMvePointwise{"mve-1x1", mote::conv_2d::ConvInt8MvePointwise, mote::conv_2d::AppliesMvePointwise,
                            NoScratch};
const Variant kMveIm2col{"mve-im2col", mote::conv_2d::ConvInt8MveIm2col, mote::conv_2d::AppliesMveIm2col,
                         mote::conv_2d::MveScratchBytes};
#else
const Variant kMvePointwise{"mve-1x1", nullptr, nullptr, nullptr};
const Variant kMveIm2col{"mve-im2col", nullptr, nullptr, nullptr};
#endif

struct Shape {
  int batches, height, width, in_depth, out_depth, filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w;
  TfLitePadding padding;
};

constexpr size_t kMaxInput = 48 * 1024;
constexpr size_t kMaxFilter = 80 * 1024;
constexpr size_t kMaxOutput = 48 * 1024;
constexpr size_t kMaxScratch = 48 * 1024;

int8_t g_input[kMaxInput];
int8_t g_filter[kMaxFilter];
int8_t g_expected[kMaxOutput];
mote_variants::Guarded<kMaxOutput> g_output;
mote_variants::Guarded<kMaxScratch> g_scratch;
mote_variants::RandomQuant g_quant;

// The problem for shape s with random data; false when the output is empty or the buffers are too small.
bool MakeCase(const Shape& s, Rng& rng, ConvInt8Problem* p) {
  int out_h = 0, out_w = 0;
  const TfLitePaddingValues pad = mote::ComputePaddingHeightWidth(
      s.stride_h, s.stride_w, s.dilation_h, s.dilation_w, s.height, s.width, s.filter_h, s.filter_w, s.padding,
      &out_h, &out_w);
  if (out_h <= 0 || out_w <= 0) return false;
  const size_t in_size = static_cast<size_t>(s.batches) * s.height * s.width * s.in_depth;
  const size_t filter_size = static_cast<size_t>(s.out_depth) * s.filter_h * s.filter_w * s.in_depth;
  const size_t out_size = static_cast<size_t>(s.batches) * out_h * out_w * s.out_depth;
  if (in_size > kMaxInput || filter_size > kMaxFilter || out_size > kMaxOutput ||
      s.out_depth > mote_variants::kMaxChannels) {
    return false;
  }
  mote_variants::MakeRandomQuant(rng, s.out_depth, &g_quant, s.filter_h * s.filter_w * s.in_depth);
  rng.Int8s(g_input, in_size);
  rng.Int8s(g_filter, filter_size);
  *p = ConvInt8Problem{};
  p->batches = s.batches;
  p->input_height = s.height;
  p->input_width = s.width;
  p->input_depth = s.in_depth;
  p->filter_height = s.filter_h;
  p->filter_width = s.filter_w;
  p->filter_input_depth = s.in_depth;
  p->output_height = out_h;
  p->output_width = out_w;
  p->output_depth = s.out_depth;
  p->stride_width = s.stride_w;
  p->stride_height = s.stride_h;
  p->dilation_width = s.dilation_w;
  p->dilation_height = s.dilation_h;
  p->pad_width = pad.width;
  p->pad_height = pad.height;
  p->input_offset = g_quant.input_offset;
  p->output_offset = g_quant.output_offset;
  p->output_activation_min = g_quant.act_min;
  p->output_activation_max = g_quant.act_max;
  p->output_multiplier = g_quant.multiplier;
  p->output_shift = g_quant.shift;
  p->input = g_input;
  p->filter = g_filter;
  p->bias = rng.Chance(80) ? g_quant.bias : nullptr;
  return true;
}

size_t OutputSize(const ConvInt8Problem& p) {
  return static_cast<size_t>(p.batches) * p.output_height * p.output_width * p.output_depth;
}

void RunReference(const ConvInt8Problem& p, int8_t* out) {
  mote::conv_2d::ConvParams params{};
  params.stride_width = p.stride_width;
  params.stride_height = p.stride_height;
  params.dilation_width = p.dilation_width;
  params.dilation_height = p.dilation_height;
  params.pad_width = p.pad_width;
  params.pad_height = p.pad_height;
  params.input_offset = p.input_offset;
  params.output_offset = p.output_offset;
  params.output_activation_min = p.output_activation_min;
  params.output_activation_max = p.output_activation_max;
  params.output_multiplier = p.output_multiplier;
  params.output_shift = p.output_shift;
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.input_depth};
  const int32_t f_dims[4] = {p.output_depth, p.filter_height, p.filter_width, p.filter_input_depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.output_depth};
  mote::conv_2d::ConvInt8(params, mote::RuntimeShape(4, in_dims), p.input, mote::RuntimeShape(4, f_dims), p.filter,
                          p.bias, mote::RuntimeShape(4, out_dims), out);
}

void Describe(mote_test::Message& m, int index, const Shape& s) {
  m << "case " << index << ": N" << s.batches << " " << s.height << "x" << s.width << "x" << s.in_depth
    << " filter " << s.out_depth << "x" << s.filter_h << "x" << s.filter_w << " stride " << s.stride_h << ","
    << s.stride_w << " dilation " << s.dilation_h << "," << s.dilation_w
    << (s.padding == kTfLitePaddingSame ? " SAME" : " VALID");
}

// Runs `v` on problem p with exactly the scratch its record declares; true when bit-exact and nothing beyond
// the output or the scratch was written.
bool Check(const Variant& v, ConvInt8Problem p, mote_test::Message* why) {
  const size_t n = OutputSize(p);
  RunReference(p, g_expected);
  const size_t scratch_bytes = v.scratch_bytes(p);
  if (scratch_bytes > kMaxScratch) {
    *why << "scratch of " << scratch_bytes << " bytes exceeds the test's buffer";
    return false;
  }
  void* scratch = g_scratch.Prepare(scratch_bytes, 0xC3);
  p.output = reinterpret_cast<int8_t*>(g_output.Prepare(n));
  v.run(p, scratch_bytes > 0 ? scratch : nullptr);
  const long diff = mote_variants::FirstDifference(g_expected, p.output, n);
  if (diff >= 0) {
    *why << "first difference at output byte " << diff << " (channel " << diff % p.output_depth << "): expected "
         << int{g_expected[diff]} << ", got " << int{p.output[diff]} << "; multiplier "
         << p.output_multiplier[diff % p.output_depth] << " shift " << p.output_shift[diff % p.output_depth];
    return false;
  }
  if (!g_output.Intact()) {
    *why << "wrote beyond its output";
    return false;
  }
  if (!g_scratch.Intact()) {
    *why << "wrote beyond the " << scratch_bytes << " scratch bytes its record declares";
    return false;
  }
  return true;
}

const int kDepths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 127, 128, 129};
const int kOutDepths[] = {2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 15, 16, 17, 31, 32, 33, 64};

void RunPointwise(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("Conv2DArm", name);
  int ran = 0;
  for (int i = 0; i < 160; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 7), rng.Int(1, 12), rng.Pick(kDepths), rng.Pick(kOutDepths), 1, 1,
            rng.Int(1, 3), rng.Int(1, 3), 1, 1, rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (i < 24) {  // pixel counts around the pair: 1, 2, 3, 4, 5, 7
      const int counts[] = {1, 2, 3, 4, 5, 7};
      s.batches = 1;
      s.height = 1;
      s.width = counts[i % 6];
      s.stride_h = s.stride_w = 1;
    }
    ConvInt8Problem p;
    if (!MakeCase(s, rng, &p)) continue;
    mote_test::Message why;
    Describe(why, i, s);
    why << ": ";
    ASSERT_TRUE(v.applies(p)) << why;
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, 120);
}

void RunIm2col(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << "conv_2d/int8/" << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("Conv2DArm", name);
  int ran = 0;
  for (int i = 0; i < 160; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 9), rng.Int(1, 9), rng.Pick(kDepths), rng.Pick(kOutDepths), rng.Int(1, 5),
            rng.Int(1, 5), rng.Int(1, 3), rng.Int(1, 3), rng.Chance(70) ? 1 : rng.Int(2, 3),
            rng.Chance(70) ? 1 : rng.Int(2, 3), rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid};
    if (s.in_depth > 33) s.in_depth = rng.Int(1, 33);
    ConvInt8Problem p;
    if (!MakeCase(s, rng, &p)) continue;
    mote_test::Message why;
    Describe(why, i, s);
    why << ": ";
    ASSERT_TRUE(v.applies(p)) << why;
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, 100);
}

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
TEST(Conv2DArm, MveIm2colMatchesReference) { RunIm2col(kMveIm2col, "MveIm2colMatchesReference"); }
TEST(Conv2DArm, MveIm2colMatchesReferenceOnPointwiseShapes) {
  RunPointwise(kMveIm2col, "MveIm2colMatchesReferenceOnPointwiseShapes");
}
TEST(Conv2DArm, MveMatchesReferenceOnModelShapes) {
  RunModelShapes(kMvePointwise, "MvePointwiseMatchesReferenceOnModelShapes");
  RunModelShapes(kMveIm2col, "MveIm2colMatchesReferenceOnModelShapes");
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
