// AVX2 building blocks shared by the *_avx2.cc kernel variants: TFLite's per-channel requantization on 8
// int32 lanes, bit-exact with MultiplyByQuantizedMultiplier (kernels/quantization/integer_arithmetic.h), and int32 -> int8
// packing. INCLUDE ONLY FROM *_avx2.cc FILES (compiled with -mavx2 -mfma): every function here has internal
// linkage, so no copy compiled for AVX2 can ever be linked into portable code.
//
// The exact requantization, rewritten for SIMD. With x the accumulator shifted left by max(shift, 0),
// m the Q31 multiplier (m >= 0) and e = max(-shift, 0), TFLite computes
//   q1 = SaturatingRoundingDoublingHighMul(x, m)   = round-half-up(x * m / 2^31)      (m >= 0: never saturates)
//   q2 = RoundingDivideByPOT(q1, e)               = round-half-away-from-zero(q1 / 2^e)
// Both roundings are symmetric in sign (half-up on x*m equals half-toward-zero on |x*m| for negative x), so
// q2 = sign(x) * f(|x|) with f(a) = floor((floor((a*m + 2^30 - [x<0]) / 2^31) + h) / 2^e), h = 2^e / 2
// (0 for e = 0). Nested floors of non-negative divisions compose, so
//   f(a) = (a*m + 2^30 - [x<0] + h * 2^31) >> (31 + e)
// in unsigned 64-bit lanes (a <= 2^31, m < 2^31: the sum stays below 2^63, the result below 2^31).
#ifndef MOTE_KERNELS_SIMD_REQUANTIZE_AVX2_H_
#define MOTE_KERNELS_SIMD_REQUANTIZE_AVX2_H_

#include <immintrin.h>

#include <cstdint>
#include <cstring>

namespace mote {
namespace avx2 {

// Requantization constants for 8 output channels, hoisted out of the pixel loops.
struct Requant8 {
  __m256i mult;        // Q31 multipliers, 32-bit lanes (mul_epu32 reads the even ones)
  __m256i mult_odd;    // multipliers of the odd lanes, moved to the even positions
  __m256i left_shift;  // max(shift, 0)
  __m256i round_even;  // 64-bit: 2^30 + h * 2^31 for lanes 0, 2, 4, 6
  __m256i round_odd;   // ... for lanes 1, 3, 5, 7
  __m256i shift_even;  // 64-bit: 31 + e
  __m256i shift_odd;
};

// Builds constants from 8 multipliers and 8 shifts (TFLite convention: shift > 0 is a left shift).
static inline Requant8 MakeRequant8(__m256i multiplier, __m256i shift) {
  const __m256i zero = _mm256_setzero_si256();
  const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFF);
  const __m256i e = _mm256_max_epi32(_mm256_sub_epi32(zero, shift), zero);
  const __m256i e_even = _mm256_and_si256(e, low32);
  const __m256i e_odd = _mm256_srli_epi64(e, 32);
  const __m256i one = _mm256_set1_epi64x(1);
  const __m256i base = _mm256_set1_epi64x(int64_t{1} << 30);
  // h * 2^31 = ((1 << e) >> 1) << 31
  const __m256i h_even = _mm256_slli_epi64(_mm256_srli_epi64(_mm256_sllv_epi64(one, e_even), 1), 31);
  const __m256i h_odd = _mm256_slli_epi64(_mm256_srli_epi64(_mm256_sllv_epi64(one, e_odd), 1), 31);
  const __m256i k31 = _mm256_set1_epi64x(31);
  Requant8 r;
  r.mult = multiplier;
  r.mult_odd = _mm256_srli_epi64(multiplier, 32);
  r.left_shift = _mm256_max_epi32(shift, zero);
  r.round_even = _mm256_add_epi64(base, h_even);
  r.round_odd = _mm256_add_epi64(base, h_odd);
  r.shift_even = _mm256_add_epi64(e_even, k31);
  r.shift_odd = _mm256_add_epi64(e_odd, k31);
  return r;
}

// Per-tensor constants: every lane the same.
static inline Requant8 MakeRequant8(int32_t multiplier, int32_t shift) {
  return MakeRequant8(_mm256_set1_epi32(multiplier), _mm256_set1_epi32(shift));
}

// MultiplyByQuantizedMultiplier(acc, multiplier, shift) on 8 lanes, bit-exact (see the file comment). The
// reference multiplies by 1 << left_shift in int32; overflow there wraps here as it does in practice.
static inline __m256i MultiplyByQuantizedMultiplier8(__m256i acc, const Requant8& q) {
  const __m256i x = _mm256_sllv_epi32(acc, q.left_shift);
  const __m256i a = _mm256_abs_epi32(x);  // INT32_MIN gives 0x80000000 = 2^31 read as unsigned: correct
  const __m256i neg = _mm256_srli_epi32(x, 31);
  __m256i even = _mm256_mul_epu32(a, q.mult);
  __m256i odd = _mm256_mul_epu32(_mm256_srli_epi64(a, 32), q.mult_odd);
  even = _mm256_sub_epi64(_mm256_add_epi64(even, q.round_even), _mm256_and_si256(neg, _mm256_set1_epi64x(1)));
  odd = _mm256_sub_epi64(_mm256_add_epi64(odd, q.round_odd), _mm256_srli_epi64(neg, 32));
  even = _mm256_srlv_epi64(even, q.shift_even);
  odd = _mm256_srlv_epi64(odd, q.shift_odd);
  const __m256i magnitude = _mm256_blend_epi32(even, _mm256_slli_epi64(odd, 32), 0xAA);
  return _mm256_sign_epi32(magnitude, x);  // x == 0 gives 0, which is also the magnitude then
}

// Output stage of an int8 kernel: requantize, add the output zero point, clamp to the activation range.
struct OutputStage8 {
  __m256i offset;
  __m256i act_min;
  __m256i act_max;
};
static inline OutputStage8 MakeOutputStage8(int32_t offset, int32_t act_min, int32_t act_max) {
  return OutputStage8{_mm256_set1_epi32(offset), _mm256_set1_epi32(act_min), _mm256_set1_epi32(act_max)};
}
static inline __m256i Requantize8(__m256i acc, const Requant8& q, const OutputStage8& o) {
  __m256i v = _mm256_add_epi32(MultiplyByQuantizedMultiplier8(acc, q), o.offset);
  v = _mm256_max_epi32(v, o.act_min);
  return _mm256_min_epi32(v, o.act_max);
}

// 8 int32 lanes already in [-128, 127] -> 8 bytes in lane order (as a 64-bit value in the low half).
static inline __m128i PackInt32ToInt8(__m256i v) {
  const __m256i p16 = _mm256_packs_epi32(v, v);        // [0..3 0..3 | 4..7 4..7]
  const __m256i p8 = _mm256_packs_epi16(p16, p16);     // bytes [0..3 x4 | 4..7 x4]
  const __m256i joined = _mm256_permutevar8x32_epi32(p8, _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4));
  return _mm256_castsi256_si128(joined);
}
// Two vectors of 8 int32 lanes (a = channels 0..7, b = 8..15) -> 16 bytes in order.
static inline __m128i PackInt32ToInt8x16(__m256i a, __m256i b) {
  const __m256i p16 = _mm256_packs_epi32(a, b);        // [a0..3 b0..3 | a4..7 b4..7]
  const __m256i p8 = _mm256_packs_epi16(p16, p16);     // [a0..3 b0..3 x2 | a4..7 b4..7 x2]
  const __m256i ordered = _mm256_permutevar8x32_epi32(p8, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5));
  return _mm256_castsi256_si128(ordered);
}

static inline void StoreInt8x8(int8_t* dst, __m128i v) { _mm_storel_epi64(reinterpret_cast<__m128i*>(dst), v); }
static inline void StoreInt8x4(int8_t* dst, int32_t v) { std::memcpy(dst, &v, 4); }
// The first n (< 8) bytes of v.
static inline void StoreInt8Partial(int8_t* dst, __m128i v, int n) {
  alignas(16) int8_t tmp[16];
  _mm_store_si128(reinterpret_cast<__m128i*>(tmp), v);
  for (int i = 0; i < n; ++i) dst[i] = tmp[i];
}

// Loads n <= 8 int32 values into lanes [0, n), `fill` elsewhere.
static inline __m256i LoadInt32Partial(const int32_t* p, int n, int32_t fill) {
  alignas(32) int32_t tmp[8];
  for (int i = 0; i < 8; ++i) tmp[i] = i < n ? p[i] : fill;
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(tmp));
}

static inline __m256i LoadInt32x8(const int32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }

// 8 int8 -> 8 int32 (per-channel shifts are stored as int8).
static inline __m256i LoadInt8x8AsInt32(const int8_t* p) {
  return _mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
}
static inline __m256i LoadInt8PartialAsInt32(const int8_t* p, int n, int32_t fill) {
  alignas(32) int32_t tmp[8];
  for (int i = 0; i < 8; ++i) tmp[i] = i < n ? p[i] : fill;
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(tmp));
}

// 16 int8 -> 16 int16.
static inline __m256i LoadInt8x16AsInt16(const int8_t* p) {
  return _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

}  // namespace avx2
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_REQUANTIZE_AVX2_H_
