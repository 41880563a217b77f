// ADD int8, AVX2 variant (compiled with -mavx2 -mfma; runs only when the CPU has AVX2). Contract in
// add_variants.h. Per element, as the reference (kernels/quantization/quantized_add_sub.h):
//   s_k = MultiplyByQuantizedMultiplierSmallerThanOneExp((x_k + offset_k) << left_shift, m_k, shift_k)
//   out = clamp(MultiplyByQuantizedMultiplierSmallerThanOneExp(s_1 + s_2, m_out, shift_out) + offset_out)
// with the exact 8-lane requantization of requantize_avx2.h (shifts <= 0 here, so no left shift inside it).
#include <immintrin.h>

#include <cstdint>

#include "kernels/add/add_variants.h"
#include "kernels/simd/requantize_avx2.h"

namespace mote {
namespace add {
namespace {

struct Constants {
  __m256i offset1, offset2;
  __m128i left_shift;
  avx2::Requant8 q1, q2, out;
  avx2::OutputStage8 stage;
};

inline __m256i Add8(__m128i x1, __m128i x2, const Constants& k) {
  __m256i a = _mm256_add_epi32(_mm256_cvtepi8_epi32(x1), k.offset1);
  __m256i b = _mm256_add_epi32(_mm256_cvtepi8_epi32(x2), k.offset2);
  a = _mm256_sll_epi32(a, k.left_shift);
  b = _mm256_sll_epi32(b, k.left_shift);
  const __m256i sum = _mm256_add_epi32(avx2::MultiplyByQuantizedMultiplier8(a, k.q1),
                                       avx2::MultiplyByQuantizedMultiplier8(b, k.q2));
  return avx2::Requantize8(sum, k.out, k.stage);
}

}  // namespace

void AddInt8Avx2(const AddInt8Problem& p, void*) {
  const AddInt8Problem& q = p;
  Constants k;
  k.offset1 = _mm256_set1_epi32(q.input1_offset);
  k.offset2 = _mm256_set1_epi32(q.input2_offset);
  k.left_shift = _mm_cvtsi32_si128(q.left_shift);
  k.q1 = avx2::MakeRequant8(q.input1_multiplier, q.input1_shift);
  k.q2 = avx2::MakeRequant8(q.input2_multiplier, q.input2_shift);
  k.out = avx2::MakeRequant8(q.output_multiplier, q.output_shift);
  k.stage = avx2::MakeOutputStage8(q.output_offset, q.activation_min, q.activation_max);
  const int n = p.elements;
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i x1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input1 + i));
    const __m128i x2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p.input2 + i));
    const __m256i lo = Add8(x1, x2, k);
    const __m256i hi = Add8(_mm_unpackhi_epi64(x1, x1), _mm_unpackhi_epi64(x2, x2), k);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p.output + i), avx2::PackInt32ToInt8x16(lo, hi));
  }
  for (; i < n; i += 8) {
    const int m = n - i < 8 ? n - i : 8;
    alignas(16) int8_t b1[16] = {0};
    alignas(16) int8_t b2[16] = {0};
    for (int j = 0; j < m; ++j) {
      b1[j] = p.input1[i + j];
      b2[j] = p.input2[i + j];
    }
    const __m256i v = Add8(_mm_load_si128(reinterpret_cast<const __m128i*>(b1)),
                           _mm_load_si128(reinterpret_cast<const __m128i*>(b2)), k);
    avx2::StoreInt8Partial(p.output + i, avx2::PackInt32ToInt8(v), m);
  }
}

}  // namespace add
}  // namespace mote
