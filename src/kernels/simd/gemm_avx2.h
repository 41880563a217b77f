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
#ifndef MOTE_KERNELS_SIMD_GEMM_AVX2_H_
#define MOTE_KERNELS_SIMD_GEMM_AVX2_H_

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernels/simd/requantize_avx2.h"

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

// Prepares `rows` for weights w[cols][k] (k16 = round16(k) <= kGemmMaxTailBytes is required: at most 16
// rows of 16 bytes are copied when k < 16, one row otherwise).
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
__attribute__((noinline, unused)) static __m256i Dot2x4(const int16_t* a0, const int16_t* a1, const int8_t* w0, const int8_t* w1,
                             const int8_t* w2, const int8_t* w3, int chunks) {
  __m256i s00 = _mm256_setzero_si256(), s01 = s00, s02 = s00, s03 = s00;
  __m256i s10 = s00, s11 = s00, s12 = s00, s13 = s00;
  for (int i = 0; i < chunks; ++i) {
    const int off = i * 16;
    __m256i w = LoadInt8x16AsInt16(w0 + off);
    s00 = _mm256_add_epi32(MaddInt16(a0 + off, w), s00);
    s10 = _mm256_add_epi32(MaddInt16(a1 + off, w), s10);
    w = LoadInt8x16AsInt16(w1 + off);
    s01 = _mm256_add_epi32(MaddInt16(a0 + off, w), s01);
    s11 = _mm256_add_epi32(MaddInt16(a1 + off, w), s11);
    w = LoadInt8x16AsInt16(w2 + off);
    s02 = _mm256_add_epi32(MaddInt16(a0 + off, w), s02);
    s12 = _mm256_add_epi32(MaddInt16(a1 + off, w), s12);
    w = LoadInt8x16AsInt16(w3 + off);
    s03 = _mm256_add_epi32(MaddInt16(a0 + off, w), s03);
    s13 = _mm256_add_epi32(MaddInt16(a1 + off, w), s13);
  }
  const __m256i h0 = HorizontalSum4(s00, s01, s02, s03);
  const __m256i h1 = HorizontalSum4(s10, s11, s12, s13);
  return _mm256_add_epi32(_mm256_permute2x128_si256(h0, h1, 0x20), _mm256_permute2x128_si256(h0, h1, 0x31));
}

// 1 row x 8 columns: returns [c0 .. c7].
__attribute__((noinline, unused)) static __m256i Dot1x8(const int16_t* a, const int8_t* const* w, int chunks) {
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
    s0 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w0 + off)), s0);
    s1 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w1 + off)), s1);
    s2 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w2 + off)), s2);
    s3 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w3 + off)), s3);
    s4 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w4 + off)), s4);
    s5 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w5 + off)), s5);
    s6 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w6 + off)), s6);
    s7 = _mm256_add_epi32(_mm256_madd_epi16(x, LoadInt8x16AsInt16(w7 + off)), s7);
  }
  const __m256i lo = HorizontalSum4(s0, s1, s2, s3);
  const __m256i hi = HorizontalSum4(s4, s5, s6, s7);
  return _mm256_add_epi32(_mm256_permute2x128_si256(lo, hi, 0x20), _mm256_permute2x128_si256(lo, hi, 0x31));
}

// Requantization parameters of a GEMM call.
struct GemmQuant {
  const int32_t* bias;        // [cols] or nullptr
  const int32_t* multiplier;  // [cols] when per_channel, else multiplier[0] for all
  const int8_t* shift;        // [cols] when per_channel
  bool per_channel;
  int32_t output_offset;
  int32_t act_min;
  int32_t act_max;
  int32_t tensor_shift = 0;   // every column's shift when !per_channel
};

// Bias, multiplier and shift of columns [c, c + n), n <= 8, into 8 lanes (missing lanes: column c).
static inline void LoadColumnParams(const GemmQuant& q, int c, int n, __m256i* bias, __m256i* mult, __m256i* shift) {
  if (n == 8) {
    *bias = q.bias != nullptr ? LoadInt32x8(q.bias + c) : _mm256_setzero_si256();
    if (q.per_channel) {
      *mult = LoadInt32x8(q.multiplier + c);
      *shift = LoadInt8x8AsInt32(q.shift + c);
    }
  } else {
    *bias = q.bias != nullptr ? LoadInt32Partial(q.bias + c, n, 0) : _mm256_setzero_si256();
    if (q.per_channel) {
      *mult = LoadInt32Partial(q.multiplier + c, n, q.multiplier[c]);
      *shift = LoadInt8PartialAsInt32(q.shift + c, n, q.shift[c]);
    }
  }
  if (!q.per_channel) {
    *mult = _mm256_set1_epi32(q.multiplier[0]);
    *shift = _mm256_set1_epi32(q.tensor_shift);
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
    // GEMV in two passes over blocks of columns, so that neither loop carries the other's registers: the raw
    // dot products of 8 columns at a time into `sums`, then bias and requantization 8 lanes at a time.
    constexpr int kBlock = 256;
    alignas(32) int32_t sums[kBlock];
    const Requant8 per_tensor = MakeRequant8(q.multiplier[0], q.tensor_shift);
    const __m256i extra = _mm256_set1_epi32(row_bias != nullptr ? row_bias[0] : 0);
    for (int c0 = 0; c0 < cols; c0 += kBlock) {
      const int block = cols - c0 < kBlock ? cols - c0 : kBlock;
      for (int c = 0; c < block; c += 8) {
        const int8_t* w[8];
        if (c0 + c + 8 <= weights.first_padded) {
          const int8_t* row = weights.w + static_cast<int64_t>(c0 + c) * weights.k;
          for (int j = 0; j < 8; ++j) w[j] = row + static_cast<int64_t>(j) * weights.k;
        } else {
          for (int j = 0; j < 8; ++j) w[j] = WeightRow(weights, c0 + c + j);
        }
        _mm256_store_si256(reinterpret_cast<__m256i*>(sums + c), Dot1x8(a, w, chunks));
      }
      for (int c = 0; c < block; c += 8) {
        const int n = block - c < 8 ? block - c : 8;
        __m256i bias, mult, shift;
        LoadColumnParams(q, c0 + c, n, &bias, &mult, &shift);
        const __m256i acc = _mm256_add_epi32(
            _mm256_add_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(sums + c)), bias), extra);
        const Requant8 rq = q.per_channel ? MakeRequant8(mult, shift) : per_tensor;
        const __m128i bytes = PackInt32ToInt8(Requantize8(acc, rq, stage));
        if (n == 8) {
          StoreInt8x8(out + c0 + c, bytes);
        } else {
          StoreInt8Partial(out + c0 + c, bytes, n);
        }
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

// ---- Packed-weight ("outer product") GEMM ----------------------------------------------------------------
//
// Same result as GemmInt8, organised the other way round: output channels in 8-lane vectors, so no
// horizontal sums and the requantization constants are per-channel vectors loaded once per layer. For each
// pair of k, a row's int16 pair (a[2j], a[2j+1]) is broadcast to all lanes and vpmaddwd'ed with the weights of
// 8 channels interleaved as int16 pairs (w[c][2j], w[c][2j+1]). The weights are repacked once per invoke into
// a stack buffer of kPackedMaxBytes, int8 (widened on load):
//   packed[block][j][8][2] = w[8 * block + c][2j + i]   (zero for k >= depth or channel >= cols)
// Rows of `a` follow the layout contract above, with k rounded up to even and element k zero when k is odd.

constexpr int kPackedMaxBytes = 65536;

static inline int PackedPairs(int k) { return (k + 1) / 2; }
static inline int PackedBlocks(int cols) { return (cols + 7) / 8; }
static inline int64_t PackedBytes(int k, int cols) {
  return static_cast<int64_t>(PackedPairs(k)) * PackedBlocks(cols) * 16;
}

// 8 rows of 8 int16 elements (here: pairs of int8 weights) -> 8 columns, in registers.
static inline void Transpose8x8Epi16(__m128i r[8]) {
  const __m128i t0 = _mm_unpacklo_epi16(r[0], r[1]), t1 = _mm_unpackhi_epi16(r[0], r[1]);
  const __m128i t2 = _mm_unpacklo_epi16(r[2], r[3]), t3 = _mm_unpackhi_epi16(r[2], r[3]);
  const __m128i t4 = _mm_unpacklo_epi16(r[4], r[5]), t5 = _mm_unpackhi_epi16(r[4], r[5]);
  const __m128i t6 = _mm_unpacklo_epi16(r[6], r[7]), t7 = _mm_unpackhi_epi16(r[6], r[7]);
  const __m128i u0 = _mm_unpacklo_epi32(t0, t2), u1 = _mm_unpackhi_epi32(t0, t2);
  const __m128i u2 = _mm_unpacklo_epi32(t1, t3), u3 = _mm_unpackhi_epi32(t1, t3);
  const __m128i u4 = _mm_unpacklo_epi32(t4, t6), u5 = _mm_unpackhi_epi32(t4, t6);
  const __m128i u6 = _mm_unpacklo_epi32(t5, t7), u7 = _mm_unpackhi_epi32(t5, t7);
  r[0] = _mm_unpacklo_epi64(u0, u4);
  r[1] = _mm_unpackhi_epi64(u0, u4);
  r[2] = _mm_unpacklo_epi64(u1, u5);
  r[3] = _mm_unpackhi_epi64(u1, u5);
  r[4] = _mm_unpacklo_epi64(u2, u6);
  r[5] = _mm_unpackhi_epi64(u2, u6);
  r[6] = _mm_unpacklo_epi64(u3, u7);
  r[7] = _mm_unpackhi_epi64(u3, u7);
}

// Repacks w[cols][k] into packed[PackedBytes(k, cols)] (layout above): 8x8 transposes of weight pairs where
// a block has 8 columns and 8 whole pairs remain, element by element elsewhere.
static inline void PackWeights(const int8_t* w, int k, int cols, int8_t* packed) {
  const int pairs = PackedPairs(k);
  const int blocks = PackedBlocks(cols);
  for (int b = 0; b < blocks; ++b) {
    int8_t* dst = packed + static_cast<int64_t>(b) * pairs * 16;
    const int8_t* rows = w + static_cast<int64_t>(b) * 8 * k;
    int j = 0;
    if (b * 8 + 8 <= cols) {
      for (; 2 * (j + 8) <= k; j += 8) {
        __m128i r[8];
        for (int c = 0; c < 8; ++c) {
          r[c] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows + static_cast<int64_t>(c) * k + 2 * j));
        }
        Transpose8x8Epi16(r);
        for (int t = 0; t < 8; ++t) _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + (j + t) * 16), r[t]);
      }
    }
    for (; j < pairs; ++j) {
      for (int c = 0; c < 8; ++c) {
        const int col = b * 8 + c;
        const int8_t* row = rows + static_cast<int64_t>(c) * k;
        const bool valid = col < cols;
        dst[j * 16 + 2 * c] = valid ? row[2 * j] : 0;
        dst[j * 16 + 2 * c + 1] = (valid && 2 * j + 1 < k) ? row[2 * j + 1] : 0;
      }
    }
  }
}

// Per-block requantization constants and bias (bias + row-independent terms), built once per invoke.
struct PackedOutput {
  const Requant8* requant;  // [blocks]
  const int32_t* bias;      // [blocks * 8]
  OutputStage8 stage;
};

// Fills requant[blocks] and bias[blocks * 8] from per-channel (or per-tensor) constants.
static inline void MakePackedOutput(const GemmQuant& q, int cols, Requant8* requant, int32_t* bias) {
  const int blocks = PackedBlocks(cols);
  for (int b = 0; b < blocks; ++b) {
    const int c = b * 8;
    const int n = cols - c < 8 ? cols - c : 8;
    __m256i bv, mult, shift;
    LoadColumnParams(q, c, n, &bv, &mult, &shift);
    requant[b] = MakeRequant8(mult, shift);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(bias + c), bv);
  }
}

// Packed weights with their output constants, prepared once (in prepare, into persistent memory: kernels/
// dispatch/variant.h) or per invoke on the stack. Layout from the 32-byte aligned base: requant[blocks],
// bias[blocks * 8], packed[packed_bytes rounded up to 32].
struct PreparedPacked {
  Requant8* requant;
  int32_t* bias;
  int8_t* packed;
};

// Bytes a PreparedPacked needs from a 16-byte aligned buffer (the alignment of persistent arena memory).
static inline size_t PreparedPackedBytes(int cols, int64_t packed_bytes) {
  const size_t blocks = static_cast<size_t>(PackedBlocks(cols));
  return 16 + blocks * sizeof(Requant8) + blocks * 8 * sizeof(int32_t) + (static_cast<size_t>(packed_bytes) + 31) / 32 * 32;
}

static inline PreparedPacked PreparedPackedAt(void* buffer, int cols) {
  const uintptr_t base = (reinterpret_cast<uintptr_t>(buffer) + 31) & ~static_cast<uintptr_t>(31);
  const size_t blocks = static_cast<size_t>(PackedBlocks(cols));
  PreparedPacked p;
  p.requant = reinterpret_cast<Requant8*>(base);
  p.bias = reinterpret_cast<int32_t*>(base + blocks * sizeof(Requant8));
  p.packed = reinterpret_cast<int8_t*>(base + blocks * sizeof(Requant8) + blocks * 8 * sizeof(int32_t));
  return p;
}

static inline __m256i Broadcast32(const int16_t* p) {
  return _mm256_castps_si256(_mm256_broadcast_ss(reinterpret_cast<const float*>(p)));
}

// Stores the first n (1..16) bytes of two requantized 8-lane vectors.
static inline void StoreColumns16(int8_t* dst, __m256i lo, __m256i hi, int n) {
  const __m128i bytes = PackInt32ToInt8x16(lo, hi);
  if (n == 16) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), bytes);
  } else {
    alignas(16) int8_t tmp[16];
    _mm_store_si128(reinterpret_cast<__m128i*>(tmp), bytes);
    std::memcpy(dst, tmp, static_cast<size_t>(n));
  }
}

#define MOTE_AVX2_MADD_ACC(acc, v, x) acc = _mm256_add_epi32(_mm256_madd_epi16(v, x), acc)

// 4 rows x 16 channels (two 8-channel blocks w0, w1). Accumulators are named variables on purpose: an
// array indexed by a run-time row count later makes GCC keep it in memory.
__attribute__((noinline, unused)) static void PackedTile4x16(const int16_t* a0, const int16_t* a1, const int16_t* a2, const int16_t* a3,
                                  const int8_t* w0, const int8_t* w1, int pairs, __m256i bias0, __m256i bias1,
                                  __m256i out[8]) {
  __m256i c00 = bias0, c01 = bias1, c10 = bias0, c11 = bias1;
  __m256i c20 = bias0, c21 = bias1, c30 = bias0, c31 = bias1;
  for (int j = 0; j < pairs; ++j) {
    const __m256i x0 = LoadInt8x16AsInt16(w0 + j * 16);
    const __m256i x1 = LoadInt8x16AsInt16(w1 + j * 16);
    __m256i v = Broadcast32(a0 + 2 * j);
    MOTE_AVX2_MADD_ACC(c00, v, x0);
    MOTE_AVX2_MADD_ACC(c01, v, x1);
    v = Broadcast32(a1 + 2 * j);
    MOTE_AVX2_MADD_ACC(c10, v, x0);
    MOTE_AVX2_MADD_ACC(c11, v, x1);
    v = Broadcast32(a2 + 2 * j);
    MOTE_AVX2_MADD_ACC(c20, v, x0);
    MOTE_AVX2_MADD_ACC(c21, v, x1);
    v = Broadcast32(a3 + 2 * j);
    MOTE_AVX2_MADD_ACC(c30, v, x0);
    MOTE_AVX2_MADD_ACC(c31, v, x1);
  }
  out[0] = c00, out[1] = c01, out[2] = c10, out[3] = c11, out[4] = c20, out[5] = c21, out[6] = c30, out[7] = c31;
}

// 8 rows x 8 channels (one block w0).
__attribute__((noinline, unused)) static void PackedTile8x8(const int16_t* const* a, const int8_t* w0, int pairs, __m256i bias, __m256i out[8]) {
  const int16_t *a0 = a[0], *a1 = a[1], *a2 = a[2], *a3 = a[3], *a4 = a[4], *a5 = a[5], *a6 = a[6], *a7 = a[7];
  __m256i c0 = bias, c1 = bias, c2 = bias, c3 = bias, c4 = bias, c5 = bias, c6 = bias, c7 = bias;
  for (int j = 0; j < pairs; ++j) {
    const __m256i x = LoadInt8x16AsInt16(w0 + j * 16);
    MOTE_AVX2_MADD_ACC(c0, Broadcast32(a0 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c1, Broadcast32(a1 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c2, Broadcast32(a2 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c3, Broadcast32(a3 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c4, Broadcast32(a4 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c5, Broadcast32(a5 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c6, Broadcast32(a6 + 2 * j), x);
    MOTE_AVX2_MADD_ACC(c7, Broadcast32(a7 + 2 * j), x);
  }
  out[0] = c0, out[1] = c1, out[2] = c2, out[3] = c3, out[4] = c4, out[5] = c5, out[6] = c6, out[7] = c7;
}

#undef MOTE_AVX2_MADD_ACC

// rows x cols outputs from packed weights: 4 rows x 16 channels per step, 8 rows x 8 channels for a last odd
// block of channels.
static inline void GemmInt8Packed(const int16_t* a, int a_stride, int rows, const int8_t* packed, int k, int cols,
                                  const PackedOutput& po, int8_t* out, int out_stride) {
  const int pairs = PackedPairs(k);
  const int blocks = PackedBlocks(cols);
  const int64_t block_bytes = static_cast<int64_t>(pairs) * 16;
  int b = 0;
  for (; b + 2 <= blocks; b += 2) {
    const int c = b * 8;
    const int n = cols - c < 16 ? cols - c : 16;
    const int8_t* w0 = packed + b * block_bytes;
    const int8_t* w1 = w0 + block_bytes;
    const __m256i bias0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    const __m256i bias1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c + 8));
    const Requant8& q0 = po.requant[b];
    const Requant8& q1 = po.requant[b + 1];
    for (int r = 0; r < rows; r += 4) {
      const int16_t* rp[4];
      for (int i = 0; i < 4; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m256i acc[8];
      PackedTile4x16(rp[0], rp[1], rp[2], rp[3], w0, w1, pairs, bias0, bias1, acc);
      const int valid = rows - r < 4 ? rows - r : 4;
      int8_t* o = out + static_cast<int64_t>(r) * out_stride + c;
      for (int i = 0; i < valid; ++i) {
        StoreColumns16(o + static_cast<int64_t>(i) * out_stride, Requantize8(acc[2 * i], q0, po.stage),
                       Requantize8(acc[2 * i + 1], q1, po.stage), n);
      }
    }
  }
  if (b < blocks) {
    const int c = b * 8;
    const int n = cols - c;
    const int8_t* w0 = packed + b * block_bytes;
    const __m256i bias = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    const Requant8& q = po.requant[b];
    for (int r = 0; r < rows; r += 8) {
      const int16_t* rp[8];
      for (int i = 0; i < 8; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m256i acc[8];
      PackedTile8x8(rp, w0, pairs, bias, acc);
      const int valid = rows - r < 8 ? rows - r : 8;
      int8_t* o = out + static_cast<int64_t>(r) * out_stride + c;
      for (int i = 0; i < valid; ++i) {
        const __m128i bytes = PackInt32ToInt8(Requantize8(acc[i], q, po.stage));
        if (n == 8) {
          StoreInt8x8(o + static_cast<int64_t>(i) * out_stride, bytes);
        } else {
          StoreInt8Partial(o + static_cast<int64_t>(i) * out_stride, bytes, n);
        }
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

// ---- im2col rows ------------------------------------------------------------------------------------------

// The window of a convolution-like op over an NHWC int8 input (plain data).
struct PatchGeometry {
  const int8_t* input;
  const int8_t* input_end;  // input + batches * height * width * depth
  int height, width, depth;
  int filter_height, filter_width;
  int stride_height, stride_width;
  int dilation_height, dilation_width;
  int pad_height, pad_width;
  int32_t input_offset;
};

// Writes the receptive field of output pixel (b, oy, ox) as filter_height * filter_width * depth int16 values
// x + input_offset in (fy, fx, c) order, 0 for taps outside the image (exactly the terms the reference
// skips). May write up to 15 elements past the row (callers build rows in order and leave slack after the
// last); reads past a segment only while 16-byte loads stay below input_end.
static inline void BuildPatchRow(const PatchGeometry& g, int b, int oy, int ox, int16_t* dst) {
  const int depth = g.depth;
  const int fw = g.filter_width;
  const int seg = fw * depth;
  const int iy0 = oy * g.stride_height - g.pad_height;
  const int ix0 = ox * g.stride_width - g.pad_width;
  const int64_t row_elems = static_cast<int64_t>(g.width) * depth;
  const int8_t* batch = g.input + static_cast<int64_t>(b) * g.height * row_elems;
  const int iy_last = iy0 + (g.filter_height - 1) * g.dilation_height;
  const int ix_last = ix0 + (fw - 1) * g.dilation_width;
  // Interior pixel, contiguous taps: filter_height segments copied 16 at a time, when the 16-byte reads of the
  // last one stay inside the input.
  if (g.dilation_width == 1 && iy0 >= 0 && iy_last < g.height && ix0 >= 0 && ix_last < g.width) {
    const int8_t* src = batch + static_cast<int64_t>(iy0) * row_elems + static_cast<int64_t>(ix0) * depth;
    const int64_t step = row_elems * g.dilation_height;
    if (src + (g.filter_height - 1) * step + RoundUp16(seg) <= g.input_end) {
      const __m256i offset = _mm256_set1_epi16(static_cast<int16_t>(g.input_offset));
      for (int fy = 0; fy < g.filter_height; ++fy, src += step) {
        for (int j = 0; j < seg; j += 16) {
          _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + fy * seg + j),
                              _mm256_add_epi16(LoadInt8x16AsInt16(src + j), offset));
        }
      }
      return;
    }
  }
  for (int fy = 0; fy < g.filter_height; ++fy) {
    int16_t* d = dst + fy * seg;
    const int iy = iy0 + fy * g.dilation_height;
    if (iy < 0 || iy >= g.height) {
      ZeroSegment(seg, d);
      continue;
    }
    const int8_t* row = batch + static_cast<int64_t>(iy) * row_elems;
    if (g.dilation_width == 1) {
      int fx_begin = ix0 < 0 ? -ix0 : 0;
      int fx_end = g.width - ix0;
      if (fx_end > fw) fx_end = fw;
      if (fx_begin > fw) fx_begin = fw;
      if (fx_end < fx_begin) fx_end = fx_begin;
      if (fx_begin > 0) ZeroSegment(fx_begin * depth, d);
      if (fx_end > fx_begin) {
        ConvertSegment(row + static_cast<int64_t>(ix0 + fx_begin) * depth, (fx_end - fx_begin) * depth, g.input_offset,
                       g.input_end, d + fx_begin * depth);
      }
      if (fx_end < fw) ZeroSegment((fw - fx_end) * depth, d + fx_end * depth);
    } else {
      for (int fx = 0; fx < fw; ++fx) {
        const int ix = ix0 + fx * g.dilation_width;
        if (ix < 0 || ix >= g.width) {
          ZeroSegment(depth, d + fx * depth);
        } else {
          ConvertSegment(row + static_cast<int64_t>(ix) * depth, depth, g.input_offset, g.input_end, d + fx * depth);
        }
      }
    }
  }
}

}  // namespace avx2
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_GEMM_AVX2_H_
