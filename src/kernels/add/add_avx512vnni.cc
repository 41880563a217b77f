// ADD int8, AVX-512 variant (compiled with the *_avx512vnni.cc flags, -mavx512f -mavx512bw -mavx512vl
// -mavx512vnni, and run only on CPUs with all of them, as the other AVX-512 variants). Contract in
// add_variants.h. The arithmetic of add_avx2.cc on 16 lanes, with the exact 16-lane requantization of
// requantize_avx512.h; the tail with masked loads and stores.
#include <immintrin.h>

#include <cstdint>

#include "kernels/add/add_variants.h"
#include "kernels/simd/requantize_avx512.h"

namespace mote {
namespace add {
namespace {

struct Constants {
  __m512i offset1, offset2;
  __m128i left_shift;
  avx512::Requant16 q1, q2, out;
  avx512::OutputStage16 stage;
};

inline __m128i Add16(__m128i x1, __m128i x2, const Constants& k) {
  __m512i a = _mm512_add_epi32(_mm512_cvtepi8_epi32(x1), k.offset1);
  __m512i b = _mm512_add_epi32(_mm512_cvtepi8_epi32(x2), k.offset2);
  a = _mm512_sll_epi32(a, k.left_shift);
  b = _mm512_sll_epi32(b, k.left_shift);
  const __m512i sum = _mm512_add_epi32(avx512::MultiplyByQuantizedMultiplier16(a, k.q1),
                                       avx512::MultiplyByQuantizedMultiplier16(b, k.q2));
  return _mm512_cvtsepi32_epi8(avx512::Requantize16(sum, k.out, k.stage));  // in [-128, 127] already
}

avx512::Requant16 PerTensor(int32_t multiplier, int32_t shift) {
  return avx512::MakeRequant16(_mm512_set1_epi32(multiplier), _mm512_set1_epi32(shift));
}

}  // namespace

void AddInt8Avx512(const AddInt8Problem& p, void*) {
  Constants k;
  k.offset1 = _mm512_set1_epi32(p.input1_offset);
  k.offset2 = _mm512_set1_epi32(p.input2_offset);
  k.left_shift = _mm_cvtsi32_si128(p.left_shift);
  k.q1 = PerTensor(p.input1_multiplier, p.input1_shift);
  k.q2 = PerTensor(p.input2_multiplier, p.input2_shift);
  k.out = PerTensor(p.output_multiplier, p.output_shift);
  k.stage = avx512::MakeOutputStage16(p.output_offset, p.activation_min, p.activation_max);
  const int n = p.elements;
  int i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input1 + i));
    const __m128i b0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input2 + i));
    const __m128i a1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input1 + i + 16));
    const __m128i b1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input2 + i + 16));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p.output + i), Add16(a0, b0, k));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p.output + i + 16), Add16(a1, b1, k));
  }
  for (; i < n; i += 16) {
    const int m = n - i < 16 ? n - i : 16;
    const __mmask16 mask = static_cast<__mmask16>((1u << m) - 1);
    const __m128i a = _mm_maskz_loadu_epi8(mask, p.input1 + i);
    const __m128i b = _mm_maskz_loadu_epi8(mask, p.input2 + i);
    _mm_mask_storeu_epi8(p.output + i, mask, Add16(a, b, k));
  }
}

}  // namespace add
}  // namespace mote
