// TANH float32 AVX2 + FMA variant against std::tanh (reference::TanhFloat, TFLM's float kernel): every float
// in [-10, 10] on a dense grid of bit patterns, the range boundaries, special values, every tail length, in
// place; and the dispatch under feature masks.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "kernels/tanh/tanh_reference.h"
#include "kernels/tanh/tanh_variants.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace {

// Distance in representable floats between a and b (same sign assumed away by the ordered-int mapping).
int64_t UlpDistance(float a, float b) {
  auto ordered = [](float f) {
    int32_t i;
    std::memcpy(&i, &f, sizeof(i));
    return i < 0 ? int64_t{INT32_MIN} - i : int64_t{i};
  };
  const int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

std::vector<float> RunAvx2(const std::vector<float>& in) {
  std::vector<float> out(in.size(), -7.0f);
#if defined(MOTE_HAVE_X86_SIMD) && MOTE_HAVE_X86_SIMD
  tanh_op::TanhFloatAvx2({static_cast<int>(in.size()), in.data(), out.data()}, nullptr);
#endif
  return out;
}

bool RunnableHere() {
  return MOTE_X86_SIMD_FN(tanh_op::TanhFloatAvx2) != nullptr && variant_test::CpuHas(isa::kAvx2 | isa::kFma);
}

TEST(TanhFloatAvx2, WithinTwoUlpOfStdTanhOnADenseGrid) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  std::vector<float> in;
  // Every 61st bit pattern of the positive floats up to 10 (all scales down to denormals), and their negatives.
  const float limit = 10.0f;
  uint32_t limit_bits;
  std::memcpy(&limit_bits, &limit, sizeof(limit_bits));
  for (uint32_t bits = 0; bits <= limit_bits; bits += 61) {
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    in.push_back(f);
    in.push_back(-f);
  }
  // Around the switch between the two formulas and the clamp.
  for (float edge : {0.625f, 9.1f, 8.0f, 1.0f}) {
    float f = edge;
    for (int i = 0; i < 64; ++i) f = std::nextafter(f, 0.0f);
    for (int i = 0; i < 128; ++i, f = std::nextafter(f, 100.0f)) {
      in.push_back(f);
      in.push_back(-f);
    }
  }
  const std::vector<float> got = RunAvx2(in);
  int64_t worst = 0;
  size_t worst_at = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const int64_t d = UlpDistance(got[i], std::tanh(in[i]));
    if (d > worst) worst = d, worst_at = i;
  }
  EXPECT_LE(worst, tanh_op::kTanhFloatMaxUlp)
      << "tanh(" << in[worst_at] << "): " << got[worst_at] << ", std::tanh " << std::tanh(in[worst_at]);
  std::printf("TANH float32 avx2: largest difference from std::tanh %lld ulp over %zu inputs\n",
              static_cast<long long>(worst), in.size());
}

TEST(TanhFloatAvx2, SpecialValues) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> in = {0.0f, -0.0f, inf, -inf, std::numeric_limits<float>::quiet_NaN(), 1e30f, -1e30f,
                                 std::numeric_limits<float>::denorm_min(), 20.0f, -88.0f};
  const std::vector<float> got = RunAvx2(in);
  EXPECT_EQ(got[0], 0.0f);
  EXPECT_FALSE(std::signbit(got[0]));
  EXPECT_EQ(got[1], 0.0f);
  EXPECT_TRUE(std::signbit(got[1]));
  EXPECT_EQ(got[2], 1.0f);
  EXPECT_EQ(got[3], -1.0f);
  EXPECT_TRUE(std::isnan(got[4]));
  EXPECT_EQ(got[5], 1.0f);
  EXPECT_EQ(got[6], -1.0f);
  EXPECT_EQ(got[7], std::numeric_limits<float>::denorm_min());
  EXPECT_EQ(got[8], 1.0f);
  EXPECT_EQ(got[9], -1.0f);
}

TEST(TanhFloatAvx2, EveryTailLengthWritesExactlyItsElementsAndWorksInPlace) {
  if (!RunnableHere()) GTEST_SKIP() << "AVX2 + FMA variant not compiled in or not on this CPU";
  variant_test::Rng rng(variant_test::BaseSeed());
  for (int size = 0; size <= 41; ++size) {
    std::vector<float> in(size + 8), out(size + 8, 123.0f);
    for (float& v : in) v = static_cast<float>(rng.Int(-4000, 4000)) / 500.0f;
    tanh_op::TanhFloatAvx2({size, in.data(), out.data()}, nullptr);
    for (int i = 0; i < size + 8; ++i) {
      if (i < size) {
        EXPECT_LE(UlpDistance(out[i], std::tanh(in[i])), tanh_op::kTanhFloatMaxUlp) << size << " " << i;
      } else {
        EXPECT_EQ(out[i], 123.0f) << "wrote past " << size << " elements";
      }
    }
    std::vector<float> in_place = in;
    tanh_op::TanhFloatAvx2({size, in_place.data(), in_place.data()}, nullptr);
    for (int i = 0; i < size; ++i) EXPECT_EQ(in_place[i], out[i]) << size << " " << i;
  }
}

// A float TANH model of 37 elements: the variant prepare reports under `mask`.
std::string FloatTanhVariant(uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(schema::BuiltinOperator_TANH, 1);
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {1, 37}, "in", 0, {}, {});
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 37}, "out", 0, {}, {});
  b.AddOperator(code, {in}, {out}, schema::BuiltinOptions_NONE, 0);
  b.SetInputs({in});
  b.SetOutputs({out});
  variant_test::Rng input_rng(9);
  const variant_test::ModelRun r = variant_test::RunModelMasked(b.Finish(), 16 * 1024, input_rng, mask | isa::kArmNeon);
  EXPECT_EQ(r.status, kTfLiteOk);
  return r.variant;
}

TEST(TanhFloatDispatch, PicksAvx2WhenAvailableAndReferenceWhenMasked) {
  const bool runs = RunnableHere();
  if (kRequireOptimizedVariants && !runs) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build without AVX2 + FMA";
  EXPECT_EQ(FloatTanhVariant(0), runs ? "tanh/float32/avx2" : "tanh/float32/reference");
  if (kRequireOptimizedVariants) return;
  EXPECT_EQ(FloatTanhVariant(isa::kAvx2), "tanh/float32/reference");
  EXPECT_EQ(FloatTanhVariant(isa::kFma), "tanh/float32/reference");
}

}  // namespace
}  // namespace mote
