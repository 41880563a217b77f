// Checks shared by the tests of element-wise float32 variants (TANH, LOGISTIC): a variant run on a problem
// {size, input, output} against the reference function, in units in the last place.
#ifndef MOTE_TESTS_SUPPORT_FLOAT_UNARY_VARIANT_TEST_H_
#define MOTE_TESTS_SUPPORT_FLOAT_UNARY_VARIANT_TEST_H_

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "isa/cpu_features.h"
#include "kernels/dispatch/variant.h"
#include "support/model_builder.h"
#include "support/variant_test_util.h"

namespace mote {
namespace float_test {

// Distance in representable floats between a and b (the bit patterns mapped to one ordered integer line).
inline int64_t UlpDistance(float a, float b) {
  auto ordered = [](float f) {
    int32_t i;
    std::memcpy(&i, &f, sizeof(i));
    return i < 0 ? int64_t{INT32_MIN} - i : int64_t{i};
  };
  const int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

// Every 61st bit pattern of the non-negative floats up to `limit` (every scale down to the denormals) and their
// negatives, then 128 neighbours of each edge value (and of its negative).
inline std::vector<float> DenseGrid(float limit, std::initializer_list<float> edges) {
  std::vector<float> in;
  uint32_t limit_bits;
  std::memcpy(&limit_bits, &limit, sizeof(limit_bits));
  for (uint32_t bits = 0; bits <= limit_bits; bits += 61) {
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    in.push_back(f);
    in.push_back(-f);
  }
  for (float edge : edges) {
    float f = edge;
    for (int i = 0; i < 64; ++i) f = std::nextafter(f, 0.0f);
    for (int i = 0; i < 128; ++i, f = std::nextafter(f, 1e30f)) {
      in.push_back(f);
      in.push_back(-f);
    }
  }
  return in;
}

template <typename Problem>
std::vector<float> RunUnary(void (*variant)(const Problem&, void*), const std::vector<float>& in) {
  std::vector<float> out(in.size(), -7.0f);
  variant(Problem{static_cast<int>(in.size()), in.data(), out.data()}, nullptr);
  return out;
}

// The variant within max_ulp of reference(size, in, out) on every input; prints the largest distance.
template <typename Problem>
void ExpectWithinUlp(const char* what, void (*variant)(const Problem&, void*),
                     void (*reference)(int, const float*, float*), const std::vector<float>& in, int64_t max_ulp) {
  const std::vector<float> got = RunUnary(variant, in);
  std::vector<float> want(in.size());
  reference(static_cast<int>(in.size()), in.data(), want.data());
  int64_t worst = 0;
  size_t worst_at = 0;
  for (size_t i = 0; i < in.size(); ++i) {
    const int64_t d = UlpDistance(got[i], want[i]);
    if (d > worst) worst = d, worst_at = i;
  }
  EXPECT_LE(worst, max_ulp) << what << "(" << in[worst_at] << "): " << got[worst_at] << ", reference "
                            << want[worst_at];
  std::printf("%s: largest difference from the reference %lld ulp over %zu inputs\n", what,
              static_cast<long long>(worst), in.size());
}

// Every size 0..41: exactly `size` elements written (a canary after them), each within max_ulp of the
// reference, and the same results in place (output == input).
template <typename Problem>
void ExpectTailsAndInPlace(void (*variant)(const Problem&, void*), void (*reference)(int, const float*, float*),
                           float range, int64_t max_ulp) {
  variant_test::Rng rng(variant_test::BaseSeed());
  for (int size = 0; size <= 41; ++size) {
    std::vector<float> in(size + 8), out(size + 8, 123.0f), want(size + 8);
    for (float& v : in) v = range * static_cast<float>(rng.Int(-4000, 4000)) / 4000.0f;
    variant(Problem{size, in.data(), out.data()}, nullptr);
    reference(size, in.data(), want.data());
    for (int i = 0; i < size + 8; ++i) {
      if (i < size) {
        EXPECT_LE(UlpDistance(out[i], want[i]), max_ulp) << "size " << size << ", element " << i;
      } else {
        EXPECT_EQ(out[i], 123.0f) << "wrote past " << size << " elements";
      }
    }
    std::vector<float> in_place = in;
    variant(Problem{size, in_place.data(), in_place.data()}, nullptr);
    for (int i = 0; i < size; ++i) EXPECT_EQ(in_place[i], out[i]) << "in place, size " << size << ", element " << i;
  }
}

// The variant prepare reports for a one-node float model of `op` ([1, 37] in and out) under feature mask `mask`.
inline std::string UnaryFloatModelVariant(schema::BuiltinOperator op, uint32_t mask) {
  test::ModelBuilder b;
  const int code = b.AddOperatorCode(op, 1);
  const int in = b.AddTensor(schema::TensorType_FLOAT32, {1, 37}, "in", 0, {}, {});
  const int out = b.AddTensor(schema::TensorType_FLOAT32, {1, 37}, "out", 0, {}, {});
  b.AddOperator(code, {in}, {out});
  b.SetInputs({in});
  b.SetOutputs({out});
  variant_test::Rng input_rng(9);
  const variant_test::ModelRun r = variant_test::RunModelMasked(b.Finish(), 16 * 1024, input_rng, mask | isa::kArmNeon);
  EXPECT_EQ(r.status, kTfLiteOk);
  return r.variant;
}

// `op`'s float32 node reports "<prefix>/avx2" when the variant runs here (`runs`), else "<prefix>/reference", and
// "<prefix>/reference" with AVX2 or FMA masked.
inline void ExpectAvx2FloatDispatch(schema::BuiltinOperator op, const std::string& prefix, bool runs) {
  if (kRequireOptimizedVariants && !runs) GTEST_SKIP() << "MOTE_REQUIRE_OPTIMIZED build without AVX2 + FMA";
  EXPECT_EQ(UnaryFloatModelVariant(op, 0), prefix + (runs ? "/avx2" : "/reference"));
  if (kRequireOptimizedVariants) return;
  EXPECT_EQ(UnaryFloatModelVariant(op, isa::kAvx2), prefix + "/reference");
  EXPECT_EQ(UnaryFloatModelVariant(op, isa::kFma), prefix + "/reference");
}

}  // namespace float_test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_FLOAT_UNARY_VARIANT_TEST_H_
