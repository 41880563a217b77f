// e^x on 8 float lanes for the AVX2 + FMA variants of TANH and LOGISTIC. Include only from *_avx2.cc files
// (built with -mavx2 -mfma): every function here is inline and compiled with those flags, so it must never be
// reached from portable code (kernels/dispatch/variant.h, "ODR").
//
// Range reduction x = n ln2 + r, |r| <= ln2 / 2 (ln2 in two parts, Cody-Waite), e^r by its degree-7 Taylor
// polynomial (truncation below 1e-8 relative), then two multiplies by powers of two (each within the normal
// range, so results down to the smallest denormal come out right). Within 1 ulp of std::exp on normal results
// (measured by the TANH and LOGISTIC tests); x below -104 gives 0, above 88.8 gives +inf; NaN is the callers'
// to handle (its lanes come out as some number).
#ifndef MOTE_KERNELS_SIMD_EXP_F32_AVX2_H_
#define MOTE_KERNELS_SIMD_EXP_F32_AVX2_H_

#include <immintrin.h>

namespace mote {
namespace simd {

// 2^n for integer n in [-126, 127] (as int32 lanes).
inline __m256 PowerOfTwo(__m256i n) {
  return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(n, _mm256_set1_epi32(127)), 23));
}

inline __m256 ExpF32(__m256 x) {
  const __m256 clamped = _mm256_max_ps(_mm256_min_ps(x, _mm256_set1_ps(88.8f)), _mm256_set1_ps(-104.0f));
  const __m256 n = _mm256_round_ps(_mm256_mul_ps(clamped, _mm256_set1_ps(1.44269504088896341f)),
                                   _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256 r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693145751953125f), clamped);
  r = _mm256_fnmadd_ps(n, _mm256_set1_ps(1.42860682030941723e-06f), r);
  __m256 e = _mm256_set1_ps(1.0f / 5040.0f);
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f / 720.0f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f / 120.0f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f / 24.0f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f / 6.0f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(0.5f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f));
  e = _mm256_fmadd_ps(e, r, _mm256_set1_ps(1.0f));
  // n in [-150, 129]: 2^(n/2) * 2^(n - n/2), both halves in [-75, 65].
  const __m256i ni = _mm256_cvtps_epi32(n);
  const __m256i half = _mm256_srai_epi32(ni, 1);
  const __m256 result = _mm256_mul_ps(_mm256_mul_ps(e, PowerOfTwo(half)), PowerOfTwo(_mm256_sub_epi32(ni, half)));
  // Above the clamp: +inf (the product above already overflows to it from 88.8 on).
  return result;
}

}  // namespace simd
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_EXP_F32_AVX2_H_
