// AVERAGE_POOL_2D and MAX_POOL_2D int8 Cortex-M variants (DSP: pooling_dsp.cc, Helium: pooling_mve.cc) against
// the reference (reference::AveragePoolQuantized / MaxPoolQuantized), bit for bit, on the target: channel counts
// 1-40 around the 4-channel DSP word and the 4/16-lane vectors (plus 64, 65, 256), filters 1x1 to 7x7, strides
// 1-3, SAME/VALID windows clipped at every border, global pools (the benchmark models' last layers), extreme
// inputs (all -128 / all 127: the DSP average's int16 sums at their limit of 256 elements), narrow activation
// ranges. Canaries after every output.
#include <cstdint>

#include "kernels/glue/padding.h"
#include "kernels/pooling/pooling_reference.h"
#include "kernels/pooling/pooling_variants.h"
#include "mote/runtime_shape.h"
#include "variant_test_support.h"

namespace {

using mote::pooling::PoolInt8Problem;
using mote_variants::Rng;

struct Variant {
  const char* name;
  void (*run)(const PoolInt8Problem&, void*);  // nullptr: not compiled into this image
  bool (*applies)(const PoolInt8Problem&);     // nullptr: always
  bool average;
};

#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
const Variant kAverageMve{"average_pool_2d/int8/mve", mote::pooling::AveragePoolInt8Mve, nullptr, true};
const Variant kMaxMve{"max_pool_2d/int8/mve", mote::pooling::MaxPoolInt8Mve, nullptr, false};
#else
const Variant kAverageMve{"average_pool_2d/int8/mve", nullptr, nullptr, true};
const Variant kMaxMve{"max_pool_2d/int8/mve", nullptr, nullptr, false};
#endif
#if defined(MOTE_HAVE_ARM_DSP) && MOTE_HAVE_ARM_DSP
const Variant kAverageDsp{"average_pool_2d/int8/dsp", mote::pooling::AveragePoolInt8Dsp,
                          mote::pooling::AppliesAverageDsp, true};
const Variant kMaxDsp{"max_pool_2d/int8/dsp", mote::pooling::MaxPoolInt8Dsp, nullptr, false};
#else
const Variant kAverageDsp{"average_pool_2d/int8/dsp", nullptr, nullptr, true};
const Variant kMaxDsp{"max_pool_2d/int8/dsp", nullptr, nullptr, false};
#endif

constexpr size_t kMaxBytes = 32 * 1024;
int8_t g_input[kMaxBytes];
int8_t g_expected[kMaxBytes];
mote_variants::Guarded<kMaxBytes> g_output;

void RunReference(const Variant& v, const PoolInt8Problem& p, int8_t* out) {
  mote::reference::PoolParams params{};
  params.stride_height = p.stride_height;
  params.stride_width = p.stride_width;
  params.filter_height = p.filter_height;
  params.filter_width = p.filter_width;
  params.padding_height = p.padding_height;
  params.padding_width = p.padding_width;
  params.quantized_activation_min = p.activation_min;
  params.quantized_activation_max = p.activation_max;
  const int32_t in_dims[4] = {p.batches, p.input_height, p.input_width, p.depth};
  const int32_t out_dims[4] = {p.batches, p.output_height, p.output_width, p.depth};
  if (v.average) {
    mote::reference::AveragePoolQuantized(params, mote::RuntimeShape(4, in_dims), p.input,
                                          mote::RuntimeShape(4, out_dims), out);
  } else {
    mote::reference::MaxPoolQuantized(params, mote::RuntimeShape(4, in_dims), p.input, mote::RuntimeShape(4, out_dims),
                                      out);
  }
}

// The problem for an n x h x w x d input, or false when it does not fit the buffers.
bool MakeProblem(int n, int h, int w, int d, int fh, int fw, int sh, int sw, TfLitePadding padding,
                 PoolInt8Problem* p) {
  int oh = 0, ow = 0;
  const TfLitePaddingValues pad = mote::ComputePaddingHeightWidth(sh, sw, 1, 1, h, w, fh, fw, padding, &oh, &ow);
  const size_t in_size = static_cast<size_t>(n) * h * w * d, out_size = static_cast<size_t>(n) * oh * ow * d;
  if (oh <= 0 || ow <= 0 || in_size > kMaxBytes || out_size > kMaxBytes) return false;
  *p = PoolInt8Problem{n, h, w, d, oh, ow, sh, sw, fh, fw, pad.height, pad.width, -128, 127, g_input, nullptr};
  return true;
}

// Runs the variant and the reference on p (input already in g_input); an empty message when they agree.
bool Check(const Variant& v, PoolInt8Problem p, mote_test::Message* why) {
  const size_t n = static_cast<size_t>(p.batches) * p.output_height * p.output_width * p.depth;
  RunReference(v, p, g_expected);
  p.output = reinterpret_cast<int8_t*>(g_output.Prepare(n));
  v.run(p, nullptr);
  return mote_variants::SameOutput(g_expected, p.output, n, p.depth, g_output, why);
}

void Describe(mote_test::Message& m, int index, const PoolInt8Problem& p) {
  m << "case " << index << ": " << p.batches << "x" << p.input_height << "x" << p.input_width << "x" << p.depth
    << " filter " << p.filter_height << "x" << p.filter_width << " stride " << p.stride_height << ","
    << p.stride_width << " pad " << p.padding_height << "," << p.padding_width << " act [" << p.activation_min
    << ", " << p.activation_max << "]: ";
}

const int kDepths[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 23, 24,
                       25, 27, 28, 29, 31, 32, 33, 35, 36, 37, 39, 40, 47, 48, 49, 64, 65, 256};

void RunRandom(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("PoolingArm", name);
  int ran = 0;
  for (int i = 0; i < 300; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int n = rng.Int(1, 2), h = rng.Int(1, 12), w = rng.Int(1, 12), d = rng.Pick(kDepths);
    int fh = rng.Int(1, 7), fw = rng.Int(1, 7);
    const int sh = rng.Int(1, 3), sw = rng.Int(1, 3);
    TfLitePadding padding = rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid;
    if (i % 5 == 0) {  // global pools
      fh = h;
      fw = w;
      padding = kTfLitePaddingValid;
    }
    PoolInt8Problem p;
    if (!MakeProblem(n, h, w, d, fh, fw, sh, sw, padding, &p)) continue;
    const size_t in_size = static_cast<size_t>(n) * h * w * d;
    rng.Int8s(g_input, in_size);
    if (i % 7 == 3) {  // extreme inputs: every sum at its most negative or positive
      const int8_t value = rng.Chance(50) ? -128 : 127;
      for (size_t k = 0; k < in_size; ++k) g_input[k] = value;
    }
    if (rng.Chance(40)) {
      p.activation_min = rng.Int(-128, 0);
      p.activation_max = rng.Int(p.activation_min, 127);
    }
    mote_test::Message why;
    Describe(why, i, p);
    if (v.applies != nullptr) ASSERT_TRUE(v.applies(p)) << why << "refused";
    ASSERT_TRUE(Check(v, p, &why)) << why;
    ++ran;
  }
  EXPECT_GT(ran, 220);
}

// Global pools at the DSP average's limit and around it (the applies() boundary), with extreme inputs, and the
// benchmark models' pools.
void RunLargeWindows(const Variant& v, const char* name) {
  if (v.run == nullptr) GTEST_SKIP() << v.name << " is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("PoolingArm", name);
  struct Shape {
    int h, w, d;
  };
  const Shape shapes[] = {{16, 16, 4}, {16, 16, 5},  {16, 16, 1}, {8, 32, 8},  {17, 16, 4},  {15, 17, 6},
                          {25, 5, 64}, {8, 8, 64},   {3, 3, 256}, {32, 32, 3}, {1, 257, 4},  {256, 1, 7}};
  for (int i = 0; i < static_cast<int>(sizeof(shapes) / sizeof(shapes[0])); ++i) {
    const Shape& s = shapes[i];
    for (int fill = 0; fill < 3; ++fill) {
      Rng rng(mote_variants::CaseSeed(seed, i * 3 + fill));
      PoolInt8Problem p;
      ASSERT_TRUE(MakeProblem(1, s.h, s.w, s.d, s.h, s.w, s.h, s.w, kTfLitePaddingValid, &p)) << "shape " << i;
      const size_t in_size = static_cast<size_t>(s.h) * s.w * s.d;
      rng.Int8s(g_input, in_size);
      if (fill > 0) {
        for (size_t k = 0; k < in_size; ++k) g_input[k] = fill == 1 ? -128 : 127;
      }
      mote_test::Message why;
      Describe(why, i * 3 + fill, p);
      const bool fits = static_cast<int64_t>(s.h) * s.w <= mote::pooling::kDspAverageMaxTaps;
      if (v.applies != nullptr) {
        ASSERT_EQ(v.applies(p), fits) << why << "applies() disagrees with the 256-element limit";
        if (!fits) continue;
      }
      ASSERT_TRUE(Check(v, p, &why)) << why;
    }
  }
}

TEST(PoolingArm, AverageMveMatchesReference) { RunRandom(kAverageMve, "AverageMveMatchesReference"); }
TEST(PoolingArm, AverageMveMatchesReferenceOnLargeWindows) {
  RunLargeWindows(kAverageMve, "AverageMveMatchesReferenceOnLargeWindows");
}
TEST(PoolingArm, AverageDspMatchesReference) { RunRandom(kAverageDsp, "AverageDspMatchesReference"); }
TEST(PoolingArm, AverageDspMatchesReferenceOnLargeWindows) {
  RunLargeWindows(kAverageDsp, "AverageDspMatchesReferenceOnLargeWindows");
}
TEST(PoolingArm, MaxMveMatchesReference) { RunRandom(kMaxMve, "MaxMveMatchesReference"); }
TEST(PoolingArm, MaxMveMatchesReferenceOnLargeWindows) {
  RunLargeWindows(kMaxMve, "MaxMveMatchesReferenceOnLargeWindows");
}
TEST(PoolingArm, MaxDspMatchesReference) { RunRandom(kMaxDsp, "MaxDspMatchesReference"); }
TEST(PoolingArm, MaxDspMatchesReferenceOnLargeWindows) {
  RunLargeWindows(kMaxDsp, "MaxDspMatchesReferenceOnLargeWindows");
}

}  // namespace
