// AVX-512 building blocks for the *_avx512vnni.cc kernel variants: TFLite's per-channel requantization on 16
// int32 lanes, bit-exact with MultiplyByQuantizedMultiplier, by the same derivation as the 8-lane AVX2 version
// (requantize_avx2.h, whose file comment has it): q = sign(x) * ((|x| * m + 2^30 - [x < 0] + h * 2^31) >> (31 + e))
// in unsigned 64-bit lanes, with x the accumulator shifted left by max(shift, 0), e = max(-shift, 0) and
// h = 2^e / 2. INCLUDE ONLY FROM *_avx512vnni.cc FILES (compiled with -mavx512f -mavx512bw -mavx512vl
// -mavx512vnni): internal linkage, so no AVX-512 code can be linked into portable code.
#ifndef MOTE_KERNELS_SIMD_REQUANTIZE_AVX512_H_
#define MOTE_KERNELS_SIMD_REQUANTIZE_AVX512_H_

#include <immintrin.h>

#include <cstdint>

// GCC 12's avx512fintrin.h builds several intrinsics from _mm512_undefined_epi32() and then warns that the
// undefined value "may be used uninitialized" where they are inlined (GCC bug 105593). Only AVX-512 files
// include this header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

namespace mote {
namespace avx512 {

// Requantization constants for 16 output lanes (each lane its own channel's multiplier and shift).
struct Requant16 {
  __m512i mult;        // Q31 multipliers (mul_epu32 reads the even lanes)
  __m512i mult_odd;    // the odd lanes' multipliers, moved to the even positions
  __m512i left_shift;  // max(shift, 0)
  __m512i round_even;  // 64-bit: 2^30 + h * 2^31 for lanes 0, 2, ...
  __m512i round_odd;   // ... for lanes 1, 3, ...
  __m512i shift_even;  // 64-bit: 31 + e
  __m512i shift_odd;
};

// From 16 multipliers and 16 shifts (TFLite convention: shift > 0 is a left shift).
static inline Requant16 MakeRequant16(__m512i multiplier, __m512i shift) {
  const __m512i zero = _mm512_setzero_si512();
  const __m512i low32 = _mm512_set1_epi64(0xFFFFFFFF);
  const __m512i e = _mm512_max_epi32(_mm512_sub_epi32(zero, shift), zero);
  const __m512i e_even = _mm512_and_si512(e, low32);
  const __m512i e_odd = _mm512_srli_epi64(e, 32);
  const __m512i one = _mm512_set1_epi64(1);
  const __m512i base = _mm512_set1_epi64(int64_t{1} << 30);
  const __m512i h_even = _mm512_slli_epi64(_mm512_srli_epi64(_mm512_sllv_epi64(one, e_even), 1), 31);
  const __m512i h_odd = _mm512_slli_epi64(_mm512_srli_epi64(_mm512_sllv_epi64(one, e_odd), 1), 31);
  const __m512i k31 = _mm512_set1_epi64(31);
  Requant16 r;
  r.mult = multiplier;
  r.mult_odd = _mm512_srli_epi64(multiplier, 32);
  r.left_shift = _mm512_max_epi32(shift, zero);
  r.round_even = _mm512_add_epi64(base, h_even);
  r.round_odd = _mm512_add_epi64(base, h_odd);
  r.shift_even = _mm512_add_epi64(e_even, k31);
  r.shift_odd = _mm512_add_epi64(e_odd, k31);
  return r;
}

// MultiplyByQuantizedMultiplier(acc, multiplier, shift) on 16 lanes, bit-exact.
static inline __m512i MultiplyByQuantizedMultiplier16(__m512i acc, const Requant16& q) {
  const __m512i x = _mm512_sllv_epi32(acc, q.left_shift);
  const __m512i a = _mm512_abs_epi32(x);  // INT32_MIN gives 2^31 read as unsigned: correct
  const __m512i neg = _mm512_srli_epi32(x, 31);
  __m512i even = _mm512_mul_epu32(a, q.mult);
  __m512i odd = _mm512_mul_epu32(_mm512_srli_epi64(a, 32), q.mult_odd);
  even = _mm512_sub_epi64(_mm512_add_epi64(even, q.round_even), _mm512_and_si512(neg, _mm512_set1_epi64(1)));
  odd = _mm512_sub_epi64(_mm512_add_epi64(odd, q.round_odd), _mm512_srli_epi64(neg, 32));
  even = _mm512_srlv_epi64(even, q.shift_even);
  odd = _mm512_srlv_epi64(odd, q.shift_odd);
  const __m512i magnitude = _mm512_mask_blend_epi32(0xAAAA, even, _mm512_slli_epi64(odd, 32));
  const __mmask16 negative = _mm512_cmplt_epi32_mask(x, _mm512_setzero_si512());
  return _mm512_mask_sub_epi32(magnitude, negative, _mm512_setzero_si512(), magnitude);
}

// Output stage of an int8 kernel: requantize, add the output zero point, clamp to the activation range.
struct OutputStage16 {
  __m512i offset;
  __m512i act_min;
  __m512i act_max;
};
static inline OutputStage16 MakeOutputStage16(int32_t offset, int32_t act_min, int32_t act_max) {
  return OutputStage16{_mm512_set1_epi32(offset), _mm512_set1_epi32(act_min), _mm512_set1_epi32(act_max)};
}
static inline __m512i Requantize16(__m512i acc, const Requant16& q, const OutputStage16& o) {
  const __m512i v = _mm512_add_epi32(MultiplyByQuantizedMultiplier16(acc, q), o.offset);
  return _mm512_min_epi32(_mm512_max_epi32(v, o.act_min), o.act_max);
}

}  // namespace avx512
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_REQUANTIZE_AVX512_H_
