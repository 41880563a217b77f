// float32 variants that reorder a sum (the AVX2 CONV_2D and FULLY_CONNECTED ones: 8 FMA lanes added at the end)
// against the reference's left-to-right sum. Each computed sum of n products plus a bias is within
// gamma_(n+1) * S of the exact one (S = |bias| + sum |filter * input|, gamma_k = k u / (1 - k u), u = FLT_EPSILON / 2;
// Higham, "Accuracy and Stability of Numerical Algorithms", 3.1), so two orders differ by at most
// 2 gamma_(n+1) S, which ReorderBound rounds up to (n + 2) FLT_EPSILON S; the fused clamps are 1-Lipschitz. S is
// computed by running the reference on |input|, |filter|, |bias| without activation. A bound relative to the
// output alone would fail on legitimate cancellation (large products summing to a small output).
#ifndef MOTE_TESTS_SUPPORT_FLOAT_TOLERANCE_H_
#define MOTE_TESTS_SUPPORT_FLOAT_TOLERANCE_H_

#include <cfloat>
#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace mote {
namespace float_test {

inline double ReorderBound(int terms, float abs_sum) {
  return (terms + 2) * static_cast<double>(FLT_EPSILON) * abs_sum + std::numeric_limits<float>::denorm_min();
}

// Uniform in [-1, 1].
inline std::vector<float> RandomFloats(std::mt19937_64& rng, size_t n) {
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

inline std::vector<float> Abs(const std::vector<float>& v) {
  std::vector<float> a(v.size());
  for (size_t i = 0; i < v.size(); ++i) a[i] = std::fabs(v[i]);
  return a;
}

// The fused activations' ranges (CalculateActivationRange): NONE, RELU, RELU_N1_TO_1, RELU6.
struct ActivationRange {
  float lo, hi;
};
inline ActivationRange RandomActivation(std::mt19937_64& rng) {
  const ActivationRange kRanges[] = {{std::numeric_limits<float>::lowest(), std::numeric_limits<float>::max()},
                                     {0.0f, std::numeric_limits<float>::max()},
                                     {-1.0f, 1.0f},
                                     {0.0f, 6.0f}};
  return kRanges[std::uniform_int_distribution<int>(0, 3)(rng)];
}

// Output size and "before" padding of one spatial dimension (TFLite's SAME/VALID rules); false when VALID leaves
// no output.
inline bool Window(int in, int filter, int stride, int dilation, bool same, int* out, int* pad) {
  const int effective = (filter - 1) * dilation + 1;
  *out = same ? (in + stride - 1) / stride : (in - effective) / stride + 1;
  if (!same && in < effective) return false;
  const int total = (*out - 1) * stride + effective - in;
  *pad = same && total > 0 ? total / 2 : 0;
  return *out > 0;
}

// Every element of `got` within ReorderBound(terms, abs_sum[i]) of `want`.
inline ::testing::AssertionResult WithinReorderBound(const std::vector<float>& want, const std::vector<float>& got,
                                                     const std::vector<float>& abs_sum, int terms) {
  for (size_t i = 0; i < want.size(); ++i) {
    const double bound = ReorderBound(terms, abs_sum[i]);
    if (!(std::fabs(static_cast<double>(got[i]) - want[i]) <= bound)) {
      return ::testing::AssertionFailure()
             << "element " << i << ": got " << got[i] << ", reference " << want[i] << ", bound " << bound << " ("
             << terms << " terms, sum |w x| " << abs_sum[i] << ")";
    }
  }
  return ::testing::AssertionSuccess();
}

}  // namespace float_test
}  // namespace mote

#endif  // MOTE_TESTS_SUPPORT_FLOAT_TOLERANCE_H_
