// AVERAGE_POOL_2D int8 Cortex-M variants (Helium: pooling_mve.cc) against the reference
// (reference::AveragePoolQuantized), bit for bit, on the target: channel counts around the 4-lane vector, windows
// clipped at every border, global pools (the benchmark models' last layers), narrow activation ranges.
#include <cstdint>

#include "kernels/internal/padding.h"
#include "kernels/pooling/pooling_reference.h"
#include "kernels/pooling/pooling_variants.h"
#include "mote/runtime_shape.h"
#include "variant_test_support.h"

namespace {

using mote::pooling::AveragePoolInt8Problem;
using mote_variants::Rng;

#if defined(MOTE_HAVE_ARM_MVE) && MOTE_HAVE_ARM_MVE
constexpr bool kHaveMve = true;
void RunMve(const AveragePoolInt8Problem& p) { mote::pooling::AveragePoolInt8Mve(p, nullptr); }
#else
constexpr bool kHaveMve = false;
void RunMve(const AveragePoolInt8Problem&) {}
#endif

constexpr size_t kMaxBytes = 32 * 1024;
int8_t g_input[kMaxBytes];
int8_t g_expected[kMaxBytes];
mote_variants::Guarded<kMaxBytes> g_output;

TEST(AveragePoolArm, MveMatchesReference) {
  if (!kHaveMve) GTEST_SKIP() << "average_pool_2d/int8/mve is not compiled into this image";
  const uint64_t seed = mote_variants::BaseSeed("AveragePoolArm", "MveMatchesReference");
  const int depths[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 64, 65, 256};
  int ran = 0;
  for (int i = 0; i < 200; ++i) {
    Rng rng(mote_variants::CaseSeed(seed, i));
    const int n = rng.Int(1, 2), h = rng.Int(1, 12), w = rng.Int(1, 12), d = rng.Pick(depths);
    int fh = rng.Int(1, 4), fw = rng.Int(1, 4), sh = rng.Int(1, 3), sw = rng.Int(1, 3);
    TfLitePadding padding = rng.Chance(50) ? kTfLitePaddingSame : kTfLitePaddingValid;
    if (i % 5 == 0) {  // global pools
      fh = h;
      fw = w;
      padding = kTfLitePaddingValid;
    }
    int oh = 0, ow = 0;
    const TfLitePaddingValues pad =
        mote::ComputePaddingHeightWidth(sh, sw, 1, 1, h, w, fh, fw, padding, &oh, &ow);
    const size_t in_size = static_cast<size_t>(n) * h * w * d, out_size = static_cast<size_t>(n) * oh * ow * d;
    if (oh <= 0 || ow <= 0 || in_size > kMaxBytes || out_size > kMaxBytes) continue;
    rng.Int8s(g_input, in_size);
    AveragePoolInt8Problem p{n, h, w, d, oh, ow, sh, sw, fh, fw, pad.height, pad.width, -128, 127, g_input, nullptr};
    if (rng.Chance(40)) {
      p.activation_min = rng.Int(-128, 0);
      p.activation_max = rng.Int(p.activation_min, 127);
    }
    mote::reference::PoolParams params{};
    params.stride_height = sh;
    params.stride_width = sw;
    params.filter_height = fh;
    params.filter_width = fw;
    params.padding_height = pad.height;
    params.padding_width = pad.width;
    params.quantized_activation_min = p.activation_min;
    params.quantized_activation_max = p.activation_max;
    const int32_t in_dims[4] = {n, h, w, d}, out_dims[4] = {n, oh, ow, d};
    mote::reference::AveragePoolQuantized(params, mote::RuntimeShape(4, in_dims), g_input,
                                          mote::RuntimeShape(4, out_dims), g_expected);
    p.output = reinterpret_cast<int8_t*>(g_output.Prepare(out_size));
    RunMve(p);
    const long diff = mote_variants::FirstDifference(g_expected, p.output, out_size);
    ASSERT_EQ(diff, -1) << "case " << i << ": " << n << "x" << h << "x" << w << "x" << d << " filter " << fh << "x"
                        << fw << " stride " << sh << "," << sw;
    ASSERT_TRUE(g_output.Intact()) << "case " << i << ": wrote beyond its output";
    ++ran;
  }
  EXPECT_GT(ran, 150);
}

}  // namespace
