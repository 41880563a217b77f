// float32 dot-product tiles for the AVX2 + FMA variants of CONV_2D and FULLY_CONNECTED. Include only from
// *_avx2.cc files (built with -mavx2 -mfma): every function here is inline and compiled with those flags, so it
// must never be reached from portable code (kernels/dispatch/variant.h, "ODR").
//
// A tile is kRows input rows against kCols filter rows over the same `len` contiguous floats: kRows * kCols
// 8-lane accumulators, each step one load per row and per filter row and kRows * kCols FMAs; a tail of
// len % 8 is read with masked loads (nothing past `len` is touched). The lanes are summed at the end
// (HorizontalSum), so the summation order differs from the references' left-to-right sum: results agree with
// them within the bound of tests/support/float_tolerance.h, not bit for bit.
#ifndef MOTE_KERNELS_SIMD_DOT_F32_AVX2_H_
#define MOTE_KERNELS_SIMD_DOT_F32_AVX2_H_

#include <immintrin.h>

namespace mote {
namespace simd {

// Lanes [0, n) set, n in [0, 8].
inline __m256i FirstLanesMask(int n) {
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), lane);
}

inline float HorizontalSum(__m256 v) {
  const __m128 quad = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  const __m128 pair = _mm_add_ps(quad, _mm_movehl_ps(quad, quad));
  return _mm_cvtss_f32(_mm_add_ss(pair, _mm_shuffle_ps(pair, pair, 1)));
}

// sums[i] = the sum of acc[i]'s 8 lanes, for the kCount accumulators of a tile (8 at once with a tree of hadds).
template <int kCount>
inline void SumTile(const __m256* acc, float* sums) {
  if constexpr (kCount == 8) {
    const __m256 t0 = _mm256_hadd_ps(acc[0], acc[1]);
    const __m256 t1 = _mm256_hadd_ps(acc[2], acc[3]);
    const __m256 t2 = _mm256_hadd_ps(acc[4], acc[5]);
    const __m256 t3 = _mm256_hadd_ps(acc[6], acc[7]);
    const __m256 u0 = _mm256_hadd_ps(t0, t1);  // lanes 0-3: acc[0..3]'s low halves, 4-7: their high halves
    const __m256 u1 = _mm256_hadd_ps(t2, t3);
    _mm256_storeu_ps(sums, _mm256_add_ps(_mm256_permute2f128_ps(u0, u1, 0x20), _mm256_permute2f128_ps(u0, u1, 0x31)));
  } else {
    for (int i = 0; i < kCount; ++i) sums[i] = HorizontalSum(acc[i]);
  }
}

// acc[r * kCols + c] += rows[r][0, len) * cols[c][0, len), lane-wise.
template <int kRows, int kCols>
inline void DotTileF32(const float* const* rows, const float* const* cols, int len, __m256* acc) {
  int k = 0;
  for (; k + 8 <= len; k += 8) {
    __m256 x[kRows];
    for (int r = 0; r < kRows; ++r) x[r] = _mm256_loadu_ps(rows[r] + k);
    for (int c = 0; c < kCols; ++c) {
      const __m256 w = _mm256_loadu_ps(cols[c] + k);
      for (int r = 0; r < kRows; ++r) acc[r * kCols + c] = _mm256_fmadd_ps(x[r], w, acc[r * kCols + c]);
    }
  }
  if (k < len) {
    const __m256i mask = FirstLanesMask(len - k);
    __m256 x[kRows];
    for (int r = 0; r < kRows; ++r) x[r] = _mm256_maskload_ps(rows[r] + k, mask);
    for (int c = 0; c < kCols; ++c) {
      const __m256 w = _mm256_maskload_ps(cols[c] + k, mask);
      for (int r = 0; r < kRows; ++r) acc[r * kCols + c] = _mm256_fmadd_ps(x[r], w, acc[r * kCols + c]);
    }
  }
}

// The references' output stage: sum + bias (0.0f without one, as TFLM), then the fused activation's clamp.
inline float FinishF32(float sum, const float* bias, int channel, float lo, float hi) {
  const float v = sum + (bias != nullptr ? bias[channel] : 0.0f);
  return v < lo ? lo : (v > hi ? hi : v);
}

}  // namespace simd
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_DOT_F32_AVX2_H_
