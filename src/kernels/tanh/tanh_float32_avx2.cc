// TANH float32, AVX2 + FMA (contract in tanh_variants.h).
#include <immintrin.h>

#include <cstdint>

#include "kernels/simd/dot_f32_avx2.h"
#include "kernels/simd/exp_f32_avx2.h"
#include "kernels/tanh/tanh_variants.h"

namespace mote {
namespace tanh_op {
namespace {

// tanh of 8 lanes (see tanh_variants.h for the two ranges).
inline __m256 Tanh8(__m256 x) {
  const __m256 sign_bit = _mm256_set1_ps(-0.0f);
  const __m256 a = _mm256_andnot_ps(sign_bit, x);  // |x|
  // Small |x|: |x| + |x| z Q(z), z = x^2.
  const __m256 z = _mm256_mul_ps(x, x);
  __m256 q = _mm256_set1_ps(0.0021489840000867844f);
  q = _mm256_fmadd_ps(q, z, _mm256_set1_ps(-0.008184662088751793f));
  q = _mm256_fmadd_ps(q, z, _mm256_set1_ps(0.021703999489545822f));
  q = _mm256_fmadd_ps(q, z, _mm256_set1_ps(-0.05394745245575905f));
  q = _mm256_fmadd_ps(q, z, _mm256_set1_ps(0.13333211839199066f));
  q = _mm256_fmadd_ps(q, z, _mm256_set1_ps(-0.3333333134651184f));
  const __m256 small_abs = _mm256_fmadd_ps(_mm256_mul_ps(a, z), q, a);
  // Large |x|: e = exp(2 min(|x|, 9.1)).
  const __m256 clamped = _mm256_min_ps(a, _mm256_set1_ps(9.1f));
  const __m256 e = simd::ExpF32(_mm256_add_ps(clamped, clamped));
  const __m256 one = _mm256_set1_ps(1.0f);
  const __m256 large_abs = _mm256_sub_ps(one, _mm256_div_ps(_mm256_set1_ps(2.0f), _mm256_add_ps(e, one)));
  const __m256 is_small = _mm256_cmp_ps(a, _mm256_set1_ps(0.625f), _CMP_LT_OQ);
  // Both paths on |x|, then the sign of x (so -0 stays -0).
  const __m256 result =
      _mm256_or_ps(_mm256_blendv_ps(large_abs, small_abs, is_small), _mm256_and_ps(x, sign_bit));
  const __m256 is_nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
  return _mm256_blendv_ps(result, x, is_nan);
}

}  // namespace

void TanhFloatAvx2(const TanhFloatProblem& p, void*) {
  int i = 0;
  for (; i + 8 <= p.size; i += 8) _mm256_storeu_ps(p.output + i, Tanh8(_mm256_loadu_ps(p.input + i)));
  if (i < p.size) {
    const __m256i mask = simd::FirstLanesMask(p.size - i);
    _mm256_maskstore_ps(p.output + i, mask, Tanh8(_mm256_maskload_ps(p.input + i, mask)));
  }
}

}  // namespace tanh_op
}  // namespace mote
