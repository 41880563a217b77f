// LOGISTIC float32, AVX2 + FMA (contract in logistic_variants.h).
#include <immintrin.h>

#include "kernels/logistic/logistic_variants.h"
#include "kernels/simd/dot_f32_avx2.h"
#include "kernels/simd/exp_f32_avx2.h"

namespace mote {
namespace logistic {
namespace {

inline __m256 Logistic8(__m256 x) {
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 below = _mm256_cmp_ps(x, _mm256_set1_ps(-9.0f), _CMP_LT_OQ);
  const __m256 above = _mm256_cmp_ps(x, _mm256_set1_ps(16.619047164916992188f), _CMP_GT_OQ);
  // e^x below the lower cut-off, else e^-x: one exponential per lane.
  const __m256 e = simd::ExpF32(_mm256_blendv_ps(_mm256_sub_ps(_mm256_setzero_ps(), x), x, below));
  const __m256 middle = _mm256_div_ps(one, _mm256_add_ps(one, e));
  __m256 result = _mm256_blendv_ps(middle, e, below);
  result = _mm256_blendv_ps(result, one, above);
  const __m256 is_nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
  return _mm256_blendv_ps(result, x, is_nan);
}

}  // namespace

void LogisticFloatAvx2(const LogisticFloatProblem& p, void*) {
  int i = 0;
  for (; i + 8 <= p.size; i += 8) _mm256_storeu_ps(p.output + i, Logistic8(_mm256_loadu_ps(p.input + i)));
  if (i < p.size) {
    const __m256i mask = simd::FirstLanesMask(p.size - i);
    _mm256_maskstore_ps(p.output + i, mask, Logistic8(_mm256_maskload_ps(p.input + i, mask)));
  }
}

}  // namespace logistic
}  // namespace mote
