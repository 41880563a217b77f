// AVERAGE_POOL_2D and MAX_POOL_2D int8 AVX2 variants against the references (pooling_reference.h), bit for bit:
// random NHWC shapes (channel counts around the 8 / 16 / 32-channel steps), filters, strides, SAME and VALID
// padding, activation clamps, from a printed, replayable seed; the benchmark models' global pools; the largest
// window the average accepts with all -128 and all 127 inputs; a canary after every output; the applies() limit.
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/pooling/pooling_reference.h"
#include "kernels/pooling/pooling_variants.h"
#include "mote/runtime_shape.h"
#include "support/float_tolerance.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// nullptr where the AVX2 files are not compiled in (other architectures, MOTE_X86_SIMD=OFF).
using PoolFn = void (*)(const pooling::PoolInt8Problem&, void*);
constexpr PoolFn kAverageAvx2 = MOTE_X86_SIMD_FN(pooling::AveragePoolInt8Avx2);
constexpr PoolFn kMaxAvx2 = MOTE_X86_SIMD_FN(pooling::MaxPoolInt8Avx2);

bool RunnableHere() { return kAverageAvx2 != nullptr && variant_test::CpuHas(isa::kAvx2); }

struct Shape {
  int batches, height, width, depth, filter_height, filter_width, stride_height, stride_width;
  bool same;
  int32_t act_min, act_max;
};

std::string Describe(const Shape& s) {
  return std::to_string(s.batches) + "x" + std::to_string(s.height) + "x" + std::to_string(s.width) + "x" +
         std::to_string(s.depth) + " filter " + std::to_string(s.filter_height) + "x" + std::to_string(s.filter_width) +
         " stride " + std::to_string(s.stride_height) + "x" + std::to_string(s.stride_width) +
         (s.same ? " SAME" : " VALID") + " act [" + std::to_string(s.act_min) + ", " + std::to_string(s.act_max) + "]";
}

// Both ops on one shape and input: the variants' bytes equal the references'. False when VALID leaves no output.
bool CheckShape(const Shape& s, const std::vector<int8_t>& input) {
  int out_h, out_w, pad_h, pad_w;
  if (!float_test::Window(s.height, s.filter_height, s.stride_height, 1, s.same, &out_h, &pad_h) ||
      !float_test::Window(s.width, s.filter_width, s.stride_width, 1, s.same, &out_w, &pad_w)) {
    return false;
  }
  const reference::PoolParams params{s.stride_height, s.stride_width, s.filter_height, s.filter_width, pad_h, pad_w,
                                     s.act_min, s.act_max, 0.f, 0.f};
  const int32_t in_dims[4] = {s.batches, s.height, s.width, s.depth};
  const int32_t out_dims[4] = {s.batches, out_h, out_w, s.depth};
  const size_t out_size = size_t(s.batches) * out_h * out_w * s.depth;
  pooling::PoolInt8Problem p{s.batches, s.height, s.width, s.depth, out_h, out_w, s.stride_height, s.stride_width,
                             s.filter_height, s.filter_width, pad_h, pad_w, s.act_min, s.act_max, input.data(), nullptr};
  for (int op = 0; op < 2; ++op) {
    std::vector<int8_t> want(out_size), got(out_size + 32, 0x5A);
    if (op == 0) {
      reference::AveragePoolQuantized<int8_t>(params, RuntimeShape(4, in_dims), input.data(), RuntimeShape(4, out_dims),
                                              want.data());
    } else {
      reference::MaxPoolQuantized<int8_t>(params, RuntimeShape(4, in_dims), input.data(), RuntimeShape(4, out_dims),
                                          want.data());
    }
    p.output = got.data();
    (op == 0 ? kAverageAvx2 : kMaxAvx2)(p, nullptr);
    for (size_t i = out_size; i < got.size(); ++i) {
      EXPECT_EQ(got[i], 0x5A) << (op == 0 ? "average" : "max") << " wrote past the output: " << Describe(s);
    }
    got.resize(out_size);
    EXPECT_TRUE(variant_test::SameBytes(want, got)) << (op == 0 ? "average " : "max ") << Describe(s);
  }
  return true;
}

std::vector<int8_t> RandomInput(variant_test::Rng& rng, const Shape& s) {
  std::vector<int8_t> v(size_t(s.batches) * s.height * s.width * s.depth);
  for (auto& x : v) x = static_cast<int8_t>(rng.Int(-128, 127));
  return v;
}

TEST(PoolingInt8Avx2, MatchesReferenceOnRandomShapes) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 variants not compiled in or not on this CPU";
  const uint64_t seed = variant_test::BaseSeed();
  const std::vector<int> depths = {1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 47, 48, 63, 64, 65, 96};
  int checked = 0;
  for (int i = 0; i < 600; ++i) {
    variant_test::Rng rng(variant_test::CaseSeed(seed, i));
    Shape s{rng.Int(1, 2), rng.Int(1, 12), rng.Int(1, 12), rng.Pick(depths), rng.Int(1, 6), rng.Int(1, 6),
            rng.Int(1, 3), rng.Int(1, 3), rng.Int(0, 1) == 1, -128, 127};
    if (rng.Int(0, 2) == 0) {  // a fused activation's clamp
      s.act_min = rng.Int(-128, 0);
      s.act_max = rng.Int(s.act_min, 127);
    }
    if (CheckShape(s, RandomInput(rng, s))) ++checked;
    if (HasFailure()) {
      ADD_FAILURE() << "case " << i << " (seed " << seed << ")";
      return;
    }
  }
  EXPECT_GT(checked, 400);
}

TEST(PoolingInt8Avx2, MatchesReferenceOnModelPoolsAndExtremeWindows) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 variants not compiled in or not on this CPU";
  variant_test::Rng rng(variant_test::BaseSeed());
  // kws_ref_model's 25x5x64 global average, vww / person_detect's 3x3x256, ResNet's 8x8x64.
  for (const Shape& s : {Shape{1, 25, 5, 64, 25, 5, 1, 1, false, -128, 127}, Shape{1, 3, 3, 256, 3, 3, 1, 1, false, -128, 127},
                         Shape{1, 8, 8, 64, 8, 8, 1, 1, false, -128, 127}}) {
    CheckShape(s, RandomInput(rng, s));
  }
  // The largest window the AVX2 average takes (kAvx2AverageMaxTaps), all -128 and all 127: the sums +-2^23.
  const Shape big{1, 256, 256, 1, 256, 256, 1, 1, false, -128, 127};
  for (int8_t v : {int8_t{-128}, int8_t{127}}) CheckShape(big, std::vector<int8_t>(256 * 256, v));
  // Half-way averages: sums of +-(k + 1/2) * count round away from zero.
  const Shape two{1, 1, 2, 40, 1, 2, 1, 1, false, -128, 127};
  std::vector<int8_t> halves(80);
  for (int c = 0; c < 40; ++c) {
    halves[c] = static_cast<int8_t>(c - 20);
    halves[40 + c] = static_cast<int8_t>(c - 19);
  }
  CheckShape(two, halves);
}

TEST(PoolingInt8Avx2, AverageTakesWindowsUpToItsTapLimit) {
  pooling::PoolInt8Problem p{};
  p.filter_height = 256;
  p.filter_width = 256;
  EXPECT_TRUE(pooling::AppliesAverageAvx2(p));
  p.filter_width = 257;
  EXPECT_FALSE(pooling::AppliesAverageAvx2(p));
}

}  // namespace
}  // namespace mote
