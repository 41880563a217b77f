// AVX2 int8 "dot-product" GEMM shared by CONV_2D (1x1 and im2col) and FULLY_CONNECTED. INCLUDE ONLY FROM
// *_avx2.cc FILES (internal linkage, see requantize_avx2.h).
//
//   out[r * out_stride + c] = clamp(requantize_c(bias[c] + row_bias[r] + sum_k a[r][k] * w[c][k]) + offset)
//
// Weights are read in the model's own layout (row c = output channel c, k contiguous: OHWI filters and
// FULLY_CONNECTED [units, depth]), so nothing is repacked and no arena memory is spent on them. The rows of
// `a` are int16 values that already include the input offset (x - input zero point, in [-255, 255]), so
// every product fits in int16 x int16 -> int32 and vpmaddwd sums pairs exactly; the int32 total is the same
// integer as the reference's (integer addition is associative, and both wrap identically on overflow).
//
// Layout contract for `a`: `rows` rows of stride `a_stride` (a multiple of 16 elements, >= k rounded up to
// 16), 32-byte aligned, with elements [k, round16(k)) ZERO. Weight rows are read 16 bytes at a time, so the
// bytes after a row's end (the next row) are read and multiplied by those zeros; rows whose over-read would
// leave the weight buffer are copied into a padded stack buffer first (WeightRows).
#ifndef MOTE_KERNELS_INTERNAL_GEMM_AVX2_H_
#define MOTE_KERNELS_INTERNAL_GEMM_AVX2_H_

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernels/internal/requantize_avx2.h"

namespace mote {
namespace avx2 {

constexpr int kGemmMaxTailBytes = 8192;  // padded copies of the last weight rows (see WeightRows)

static inline int RoundUp16(int n) { return (n + 15) & ~15; }

// Row pointers into a [cols, k] int8 weight matrix, safe to read round16(k) bytes from each.
struct WeightRows {
  const int8_t* w;
  int k;
  int cols;
  int first_padded;  // rows >= this come from `padded`
  alignas(32) int8_t padded[kGemmMaxTailBytes];
};

// Prepares `rows` for weights w[cols][k] (k16 = round16(k) <= kGemmMaxTailBytes / 2 is required: at most 16
// rows, each k16 bytes, are copied when k < 16; one row otherwise).
static inline void InitWeightRows(const int8_t* w, int k, int cols, WeightRows* rows) {
  const int k16 = RoundUp16(k);
  rows->w = w;
  rows->k = k;
  rows->cols = cols;
  // Row c is safe when c * k + k16 <= cols * k.
  int first = cols;
  while (first > 0 && static_cast<int64_t>(first - 1) * k + k16 > static_cast<int64_t>(cols) * k) --first;
  rows->first_padded = first;
  const int copies = cols - first;
  std::memset(rows->padded, 0, static_cast<size_t>(copies) * k16);
  for (int c = first; c < cols; ++c) std::memcpy(rows->padded + (c - first) * k16, w + static_cast<int64_t>(c) * k, k);
}

static inline const int8_t* WeightRow(const WeightRows& rows, int c) {
  if (c >= rows.cols) c = rows.cols - 1;  // column tail: duplicate the last row, results are discarded
  if (c < rows.first_padded) return rows.w + static_cast<int64_t>(c) * rows.k;
  return rows.padded + (c - rows.first_padded) * RoundUp16(rows.k);
}

static inline __m256i MaddInt16(const int16_t* a, __m256i w) {
  return _mm256_madd_epi16(_mm256_load_si256(reinterpret_cast<const __m256i*>(a)), w);
}

// Horizontal sums: h = [s0 s1 s2 s3] per 128-bit half (low half from elements 0..7, high from 8..15).
static inline __m256i HorizontalSum4(__m256i s0, __m256i s1, __m256i s2, __m256i s3) {
  return _mm256_hadd_epi32(_mm256_hadd_epi32(s0, s1), _mm256_hadd_epi32(s2, s3));
}

// 2 rows x 4 columns: returns [r0c0 r0c1 r0c2 r0c3 | r1c0 r1c1 r1c2 r1c3].
static inline __m256i Dot2x4(const int16_t* a0, const int16_t* a1, const int8_t* w0, const int8_t* w1,
                             const int8_t* w2, const int8_t* w3, int chunks) {
  __m256i s00 = _mm256_setzero_si256(), s01 = s00, s02 = s00, s03 = s00;
  __m256i s10 = s00, s11 = s00, s12 = s00, s13 = s00;
  for (int i = 0; i < chunks; ++i) {
    const int off = i * 16;
    __m256i w = LoadInt8x16AsInt16(w0 + off);
    s00 = _mm256_add_epi32(s00, MaddInt16(a0 + off, w));
    s10 = _mm256_add_epi32(s10, MaddInt16(a1 + off, w));
    w = LoadInt8x16AsInt16(w1 + off);
    s01 = _mm256_add_epi32(s01, MaddInt16(a0 + off, w));
    s11 = _mm256_add_epi32(s11, MaddInt16(a1 + off, w));
    w = LoadInt8x16AsInt16(w2 + off);
    s02 = _mm256_add_epi32(s02, MaddInt16(a0 + off, w));
    s12 = _mm256_add_epi32(s12, MaddInt16(a1 + off, w));
    w = LoadInt8x16AsInt16(w3 + off);
    s03 = _mm256_add_epi32(s03, MaddInt16(a0 + off, w));
    s13 = _mm256_add_epi32(s13, MaddInt16(a1 + off, w));
  }
  const __m256i h0 = HorizontalSum4(s00, s01, s02, s03);
  const __m256i h1 = HorizontalSum4(s10, s11, s12, s13);
  return _mm256_add_epi32(_mm256_permute2x128_si256(h0, h1, 0x20), _mm256_permute2x128_si256(h0, h1, 0x31));
}

// 1 row x 8 columns: returns [c0 .. c7].
static inline __m256i Dot1x8(const int16_t* a, const int8_t* const* w, int chunks) {
  __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0, s3 = s0, s4 = s0, s5 = s0, s6 = s0, s7 = s0;
  const int8_t* w0 = w[0];
  const int8_t* w1 = w[1];
  const int8_t* w2 = w[2];
  const int8_t* w3 = w[3];
  const int8_t* w4 = w[4];
  const int8_t* w5 = w[5];
  const int8_t* w6 = w[6];
  const int8_t* w7 = w[7];
  for (int i = 0; i < chunks; ++i) {
    const int off = i * 16;
    const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(a + off));
    s0 = _mm256_add_epi32(s0, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w0 + off)));
    s1 = _mm256_add_epi32(s1, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w1 + off)));
    s2 = _mm256_add_epi32(s2, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w2 + off)));
    s3 = _mm256_add_epi32(s3, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w3 + off)));
    s4 = _mm256_add_epi32(s4, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w4 + off)));
    s5 = _mm256_add_epi32(s5, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w5 + off)));
    s6 = _mm256_add_epi32(s6, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w6 + off)));
    s7 = _mm256_add_epi32(s7, _mm256_madd_epi16(x, LoadInt8x16AsInt16(w7 + off)));
  }
  const __m256i lo = HorizontalSum4(s0, s1, s2, s3);
  const __m256i hi = HorizontalSum4(s4, s5, s6, s7);
  return _mm256_add_epi32(_mm256_permute2x128_si256(lo, hi, 0x20), _mm256_permute2x128_si256(lo, hi, 0x31));
}

// Requantization parameters of a GEMM call.
struct GemmQuant {
  const int32_t* bias;        // [cols] or nullptr
  const int32_t* multiplier;  // [cols] when per_channel, else multiplier[0] for all
  const int32_t* shift;
  bool per_channel;
  int32_t output_offset;
  int32_t act_min;
  int32_t act_max;
};

// Bias, multiplier and shift of columns [c, c + n), n <= 8, into 8 lanes (missing lanes: column c).
static inline void LoadColumnParams(const GemmQuant& q, int c, int n, __m256i* bias, __m256i* mult, __m256i* shift) {
  if (n == 8) {
    *bias = q.bias != nullptr ? LoadInt32x8(q.bias + c) : _mm256_setzero_si256();
    if (q.per_channel) {
      *mult = LoadInt32x8(q.multiplier + c);
      *shift = LoadInt32x8(q.shift + c);
    }
  } else {
    *bias = q.bias != nullptr ? LoadInt32Partial(q.bias + c, n, 0) : _mm256_setzero_si256();
    if (q.per_channel) {
      *mult = LoadInt32Partial(q.multiplier + c, n, q.multiplier[c]);
      *shift = LoadInt32Partial(q.shift + c, n, q.shift[c]);
    }
  }
  if (!q.per_channel) {
    *mult = _mm256_set1_epi32(q.multiplier[0]);
    *shift = _mm256_set1_epi32(q.shift[0]);
  }
}

// The GEMM over `rows` rows of `a` (layout contract above) and all columns of `weights`.
// row_bias: per-row int32 added to every output of the row (FULLY_CONNECTED's filter-offset term), or nullptr.
static inline void GemmInt8(const int16_t* a, int a_stride, int rows, const int32_t* row_bias,
                            const WeightRows& weights, const GemmQuant& q, int8_t* out, int out_stride) {
  const int chunks = RoundUp16(weights.k) / 16;
  const int cols = weights.cols;
  const OutputStage8 stage = MakeOutputStage8(q.output_offset, q.act_min, q.act_max);
  if (rows == 1) {
    // GEMV: 8 columns per step.
    for (int c = 0; c < cols; c += 8) {
      const int n = cols - c < 8 ? cols - c : 8;
      const int8_t* w[8];
      for (int j = 0; j < 8; ++j) w[j] = WeightRow(weights, c + j);
      __m256i bias, mult, shift;
      LoadColumnParams(q, c, n, &bias, &mult, &shift);
      const Requant8 rq = MakeRequant8(mult, shift);
      __m256i acc = _mm256_add_epi32(Dot1x8(a, w, chunks), bias);
      if (row_bias != nullptr) acc = _mm256_add_epi32(acc, _mm256_set1_epi32(row_bias[0]));
      const __m128i bytes = PackInt32ToInt8(Requantize8(acc, rq, stage));
      if (n == 8) {
        StoreInt8x8(out + c, bytes);
      } else {
        StoreInt8Partial(out + c, bytes, n);
      }
    }
    return;
  }
  // 2 rows x 4 columns per step; the 4 columns' constants are duplicated into both 128-bit halves.
  for (int c = 0; c < cols; c += 4) {
    const int n = cols - c < 4 ? cols - c : 4;
    __m256i bias, mult, shift;
    LoadColumnParams(q, c, n, &bias, &mult, &shift);
    const __m256i dup = _mm256_setr_epi32(0, 1, 2, 3, 0, 1, 2, 3);
    bias = _mm256_permutevar8x32_epi32(bias, dup);
    const Requant8 rq = MakeRequant8(_mm256_permutevar8x32_epi32(mult, dup), _mm256_permutevar8x32_epi32(shift, dup));
    const int8_t* w0 = WeightRow(weights, c);
    const int8_t* w1 = WeightRow(weights, c + 1);
    const int8_t* w2 = WeightRow(weights, c + 2);
    const int8_t* w3 = WeightRow(weights, c + 3);
    for (int r = 0; r < rows; r += 2) {
      const int r1 = r + 1 < rows ? r + 1 : r;
      const int16_t* a0 = a + static_cast<int64_t>(r) * a_stride;
      const int16_t* a1 = a + static_cast<int64_t>(r1) * a_stride;
      __m256i acc = _mm256_add_epi32(Dot2x4(a0, a1, w0, w1, w2, w3, chunks), bias);
      if (row_bias != nullptr) {
        acc = _mm256_add_epi32(acc, _mm256_setr_epi32(row_bias[r], row_bias[r], row_bias[r], row_bias[r],
                                                      row_bias[r1], row_bias[r1], row_bias[r1], row_bias[r1]));
      }
      const __m256i v = Requantize8(acc, rq, stage);
      const __m256i p16 = _mm256_packs_epi32(v, v);
      const __m256i p8 = _mm256_packs_epi16(p16, p16);
      const int32_t row0 = _mm256_extract_epi32(p8, 0);
      const int32_t row1 = _mm256_extract_epi32(p8, 4);
      int8_t* o0 = out + static_cast<int64_t>(r) * out_stride + c;
      if (n == 4) {
        StoreInt8x4(o0, row0);
        if (r1 != r) StoreInt8x4(o0 + out_stride, row1);
      } else {
        std::memcpy(o0, &row0, n);
        if (r1 != r) std::memcpy(o0 + out_stride, &row1, n);
      }
    }
  }
}

// Converts n int8 values to int16 (value + offset) into dst, 16 at a time. May write up to 15 elements past
// dst + n (callers write segments in increasing order and zero the tail last); reads past src + n only while
// the 16-byte load stays below src_limit.
static inline void ConvertSegment(const int8_t* src, int n, int32_t offset, const int8_t* src_limit, int16_t* dst) {
  const __m256i off = _mm256_set1_epi16(static_cast<int16_t>(offset));
  int j = 0;
  for (; j < n; j += 16) {
    if (src + j + 16 > src_limit) break;
    const __m256i v = _mm256_add_epi16(LoadInt8x16AsInt16(src + j), off);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j), v);
  }
  for (; j < n; ++j) dst[j] = static_cast<int16_t>(src[j] + offset);
}

static inline void ZeroSegment(int n, int16_t* dst) {
  const __m256i z = _mm256_setzero_si256();
  for (int j = 0; j < n; j += 16) _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j), z);
}

}  // namespace avx2
}  // namespace mote

#endif  // MOTE_KERNELS_INTERNAL_GEMM_AVX2_H_
