// AVX-512 VNNI int8 GEMM core (vpdpbusd on 256-bit registers: AVX512_VNNI + AVX512VL) for the CONV_2D
// and FULLY_CONNECTED *_avx512vnni.cc variants (FULLY_CONNECTED only over weights prepacked in prepare: a GEMV
// uses each weight once, so packing per invoke would cost as much as the products). INCLUDE ONLY FROM
// *_avx512vnni.cc FILES (compiled with
// -mavx512f -mavx512bw -mavx512vl -mavx512vnni): internal linkage, see requantize_avx2.h.
//
// vpdpbusd multiplies unsigned bytes by signed bytes, four at a time, into int32 lanes, exactly (no
// saturation: 4 * 255 * 128 fits easily). The reference sums w * (x + input_offset) over the taps inside the
// image. With u = x + 128 (x ^ 0x80 as a byte), and out-of-image taps given the byte u that makes
// x + input_offset = 0 (x = zero point, u = zero point + 128, always in [0, 255]):
//   sum_k w_k * (x_k + input_offset) = sum_k w_k * u_k + (input_offset - 128) * colsum(w)
// over all k, where colsum is the column sum of the weights, computed when they are packed (per invoke); the
// second term goes into the bias. Same integers as the reference, so the requantization (requantize_avx2.h)
// gives the same bytes. Rows are padded to a multiple of 4 bytes; padded weights are 0, so padded row bytes
// only need to be readable.
#ifndef MOTE_KERNELS_SIMD_GEMM_VNNI_H_
#define MOTE_KERNELS_SIMD_GEMM_VNNI_H_

#include <immintrin.h>

#include <cstdint>
#include <cstring>

#include "kernels/simd/gemm_avx2.h"
#include "kernels/simd/requantize_avx2.h"
#include "kernels/simd/requantize_avx512.h"

namespace mote {
namespace vnni {

static inline int RoundUp4(int n) { return (n + 3) & ~3; }
static inline int RoundUp32(int n) { return (n + 31) & ~31; }

// ---- Packed ("outer product") GEMM ------------------------------------------------------------------------
//
// Weights repacked per invoke: packed[block][q][8][4] = w[8 * block + c][4q + i], zero past k or cols.

constexpr int kPackedMaxBytes = 65536;

static inline int PackedQuads(int k) { return (k + 3) / 4; }
static inline int PackedBlocks(int cols) { return (cols + 7) / 8; }
static inline int64_t PackedBytes(int k, int cols) {
  return static_cast<int64_t>(PackedQuads(k)) * PackedBlocks(cols) * 32;
}

// 8 rows of 8 int32 -> 8 columns.
static inline void Transpose8x8Epi32(__m256i r[8]) {
  const __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
  const __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
  const __m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
  const __m256i t6 = _mm256_unpacklo_epi32(r[6], r[7]), t7 = _mm256_unpackhi_epi32(r[6], r[7]);
  const __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
  const __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
  const __m256i u4 = _mm256_unpacklo_epi64(t4, t6), u5 = _mm256_unpackhi_epi64(t4, t6);
  const __m256i u6 = _mm256_unpacklo_epi64(t5, t7), u7 = _mm256_unpackhi_epi64(t5, t7);
  r[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
  r[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
  r[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
  r[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
  r[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
  r[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
  r[6] = _mm256_permute2x128_si256(u2, u6, 0x31);
  r[7] = _mm256_permute2x128_si256(u3, u7, 0x31);
}

// Packs w[cols][k] and returns the column sums in colsum[blocks * 8] (0 for padding columns).
static inline void PackWeights(const int8_t* w, int k, int cols, int8_t* packed, int32_t* colsum) {
  const int quads = PackedQuads(k);
  const int blocks = PackedBlocks(cols);
  const __m256i ones = _mm256_set1_epi8(1);
  for (int b = 0; b < blocks; ++b) {
    int8_t* dst = packed + static_cast<int64_t>(b) * quads * 32;
    const int8_t* rows = w + static_cast<int64_t>(b) * 8 * k;
    int q = 0;
    if (b * 8 + 8 <= cols) {
      for (; 4 * (q + 8) <= k; q += 8) {
        __m256i r[8];
        for (int c = 0; c < 8; ++c) {
          r[c] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + static_cast<int64_t>(c) * k + 4 * q));
        }
        Transpose8x8Epi32(r);
        for (int t = 0; t < 8; ++t) _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (q + t) * 32), r[t]);
      }
    }
    for (; q < quads; ++q) {
      for (int c = 0; c < 8; ++c) {
        const int col = b * 8 + c;
        const int8_t* row = rows + static_cast<int64_t>(c) * k;
        for (int i = 0; i < 4; ++i) dst[q * 32 + 4 * c + i] = (col < cols && 4 * q + i < k) ? row[4 * q + i] : 0;
      }
    }
    // Column sums of the block: vpdpbusd of ones with every packed quad.
    __m256i sum = _mm256_setzero_si256();
    for (int j = 0; j < quads; ++j) {
      sum = _mm256_dpbusd_epi32(sum, ones, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dst + j * 32)));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(colsum + b * 8), sum);
  }
}

// Bias for the packed GEMM: bias + (input_offset - 128) * colsum, in wrapping int32.
static inline void FoldColumnSums(const int32_t* colsum, int cols, int32_t input_offset, int32_t* bias) {
  const __m256i factor = _mm256_set1_epi32(input_offset - 128);
  for (int c = 0; c < PackedBlocks(cols) * 8; c += 8) {
    const __m256i s = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(colsum + c));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + c));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(bias + c), _mm256_add_epi32(b, _mm256_mullo_epi32(s, factor)));
  }
}

static inline __m256i Broadcast4(const uint8_t* p) {
  return _mm256_castps_si256(_mm256_broadcast_ss(reinterpret_cast<const float*>(p)));
}

// 4 rows x 16 channels; a quad of 8 channels' weights every `stride` bytes (32 in PackWeights' layout, 64 in
// PackWeights16's).
__attribute__((noinline, unused)) static void PackedTile4x16(const uint8_t* a0, const uint8_t* a1, const uint8_t* a2,
                                                     const uint8_t* a3, const int8_t* w0, const int8_t* w1,
                                                     int quads, __m256i bias0, __m256i bias1, __m256i out[8],
                                                     int stride = 32) {
  __m256i c00 = bias0, c01 = bias1, c10 = bias0, c11 = bias1;
  __m256i c20 = bias0, c21 = bias1, c30 = bias0, c31 = bias1;
  for (int j = 0; j < quads; ++j) {
    const __m256i x0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w0 + j * stride));
    const __m256i x1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w1 + j * stride));
    __m256i v = Broadcast4(a0 + 4 * j);
    c00 = _mm256_dpbusd_epi32(c00, v, x0);
    c01 = _mm256_dpbusd_epi32(c01, v, x1);
    v = Broadcast4(a1 + 4 * j);
    c10 = _mm256_dpbusd_epi32(c10, v, x0);
    c11 = _mm256_dpbusd_epi32(c11, v, x1);
    v = Broadcast4(a2 + 4 * j);
    c20 = _mm256_dpbusd_epi32(c20, v, x0);
    c21 = _mm256_dpbusd_epi32(c21, v, x1);
    v = Broadcast4(a3 + 4 * j);
    c30 = _mm256_dpbusd_epi32(c30, v, x0);
    c31 = _mm256_dpbusd_epi32(c31, v, x1);
  }
  out[0] = c00, out[1] = c01, out[2] = c10, out[3] = c11, out[4] = c20, out[5] = c21, out[6] = c30, out[7] = c31;
}

// 8 rows x 8 channels (stride as PackedTile4x16's).
__attribute__((noinline, unused)) static void PackedTile8x8(const uint8_t* const* a, const int8_t* w0, int quads,
                                                    __m256i bias, __m256i out[8], int stride = 32) {
  const uint8_t *a0 = a[0], *a1 = a[1], *a2 = a[2], *a3 = a[3], *a4 = a[4], *a5 = a[5], *a6 = a[6], *a7 = a[7];
  __m256i c0 = bias, c1 = bias, c2 = bias, c3 = bias, c4 = bias, c5 = bias, c6 = bias, c7 = bias;
  for (int j = 0; j < quads; ++j) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w0 + j * stride));
    c0 = _mm256_dpbusd_epi32(c0, Broadcast4(a0 + 4 * j), x);
    c1 = _mm256_dpbusd_epi32(c1, Broadcast4(a1 + 4 * j), x);
    c2 = _mm256_dpbusd_epi32(c2, Broadcast4(a2 + 4 * j), x);
    c3 = _mm256_dpbusd_epi32(c3, Broadcast4(a3 + 4 * j), x);
    c4 = _mm256_dpbusd_epi32(c4, Broadcast4(a4 + 4 * j), x);
    c5 = _mm256_dpbusd_epi32(c5, Broadcast4(a5 + 4 * j), x);
    c6 = _mm256_dpbusd_epi32(c6, Broadcast4(a6 + 4 * j), x);
    c7 = _mm256_dpbusd_epi32(c7, Broadcast4(a7 + 4 * j), x);
  }
  out[0] = c0, out[1] = c1, out[2] = c2, out[3] = c3, out[4] = c4, out[5] = c5, out[6] = c6, out[7] = c7;
}

// rows x cols outputs; `a` rows of stride a_stride bytes (>= RoundUp4(k)), readable up to RoundUp4(k).
// po.bias must already include FoldColumnSums.
static inline void GemmPacked(const uint8_t* a, int a_stride, int rows, const int8_t* packed, int k, int cols,
                              const avx2::PackedOutput& po, int8_t* out, int out_stride) {
  const int quads = PackedQuads(k);
  const int blocks = PackedBlocks(cols);
  const int64_t block_bytes = static_cast<int64_t>(quads) * 32;
  int b = 0;
  for (; b + 2 <= blocks; b += 2) {
    const int c = b * 8;
    const int n = cols - c < 16 ? cols - c : 16;
    const int8_t* w0 = packed + b * block_bytes;
    const int8_t* w1 = w0 + block_bytes;
    const __m256i bias0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    const __m256i bias1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c + 8));
    const avx2::Requant8& q0 = po.requant[b];
    const avx2::Requant8& q1 = po.requant[b + 1];
    for (int r = 0; r < rows; r += 4) {
      const uint8_t* rp[4];
      for (int i = 0; i < 4; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m256i acc[8];
      PackedTile4x16(rp[0], rp[1], rp[2], rp[3], w0, w1, quads, bias0, bias1, acc);
      const int valid = rows - r < 4 ? rows - r : 4;
      int8_t* o = out + static_cast<int64_t>(r) * out_stride + c;
      for (int i = 0; i < valid; ++i) {
        avx2::StoreColumns16(o + static_cast<int64_t>(i) * out_stride, avx2::Requantize8(acc[2 * i], q0, po.stage),
                             avx2::Requantize8(acc[2 * i + 1], q1, po.stage), n);
      }
    }
  }
  if (b < blocks) {
    const int c = b * 8;
    const int n = cols - c;
    const int8_t* w0 = packed + b * block_bytes;
    const __m256i bias = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    const avx2::Requant8& q = po.requant[b];
    for (int r = 0; r < rows; r += 8) {
      const uint8_t* rp[8];
      for (int i = 0; i < 8; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m256i acc[8];
      PackedTile8x8(rp, w0, quads, bias, acc);
      const int valid = rows - r < 8 ? rows - r : 8;
      int8_t* o = out + static_cast<int64_t>(r) * out_stride + c;
      for (int i = 0; i < valid; ++i) {
        const __m128i bytes = avx2::PackInt32ToInt8(avx2::Requantize8(acc[i], q, po.stage));
        if (n == 8) {
          avx2::StoreInt8x8(o + static_cast<int64_t>(i) * out_stride, bytes);
        } else {
          avx2::StoreInt8Partial(o + static_cast<int64_t>(i) * out_stride, bytes, n);
        }
      }
    }
  }
}

// ---- Packed GEMM on 512-bit registers (the CONV_2D variants) -------------------------------------------------
//
// Weights packed in blocks of 16 channels: packed16[block][q][16][4] = w[16 * block + c][4q + i], zero past k or
// cols, so one zmm load holds a quad of 16 channels. Tiles of 8 rows x 32 channels (16 accumulators, 16
// vpdpbusd per 8 row broadcasts and 2 weight loads); a last lone block in 256-bit tiles (LoneBlock16). The output
// stage is the 8-lane one (po.requant / po.bias per 8 channels, as GemmPacked's).

static inline int PackedBlocks16(int cols) { return (cols + 15) / 16; }
static inline int64_t PackedBytes16(int k, int cols) {
  return static_cast<int64_t>(PackedQuads(k)) * PackedBlocks16(cols) * 64;
}

// Packs w[cols][k] and returns the column sums in colsum[PackedBlocks16(cols) * 16] (0 for padding columns).
// Whole groups of 8 channels x 8 quads go through one 8x8 transpose of int32 (a quad of 4 bytes is one int32);
// the rest byte by byte. Used per invoke when weights are not prepacked, so it has to be fast.
static inline void PackWeights16(const int8_t* w, int k, int cols, int8_t* packed, int32_t* colsum) {
  const int quads = PackedQuads(k);
  const __m512i ones = _mm512_set1_epi8(1);
  for (int b = 0; b < PackedBlocks16(cols); ++b) {
    int8_t* dst = packed + static_cast<int64_t>(b) * quads * 64;
    for (int h = 0; h < 2; ++h) {
      const int first = b * 16 + h * 8;  // the half's first channel
      const int8_t* rows = w + static_cast<int64_t>(first) * k;
      int q = 0;
      if (first + 8 <= cols) {
        for (; 4 * (q + 8) <= k; q += 8) {
          __m256i r[8];
          for (int c = 0; c < 8; ++c) {
            r[c] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rows + static_cast<int64_t>(c) * k + 4 * q));
          }
          Transpose8x8Epi32(r);
          for (int t = 0; t < 8; ++t) {
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (q + t) * 64 + h * 32), r[t]);
          }
        }
      }
      for (; q < quads; ++q) {
        for (int c = 0; c < 8; ++c) {
          const int col = first + c;
          const int8_t* row = rows + static_cast<int64_t>(c) * k;
          for (int i = 0; i < 4; ++i) {
            dst[q * 64 + h * 32 + 4 * c + i] = (col < cols && 4 * q + i < k) ? row[4 * q + i] : 0;
          }
        }
      }
    }
    // Column sums of the block: vpdpbusd of ones with every packed quad.
    __m512i sum = _mm512_setzero_si512();
    for (int j = 0; j < quads; ++j) sum = _mm512_dpbusd_epi32(sum, ones, _mm512_loadu_si512(dst + j * 64));
    _mm512_storeu_si512(colsum + b * 16, sum);
  }
}

static inline __m512i Broadcast4x16(const uint8_t* p) {
  int32_t v;
  std::memcpy(&v, p, 4);
  return _mm512_set1_epi32(v);
}

// The output stage of 16 channels [c, c + n), n <= 16: the two 8-channel requantization records joined (the same
// lane layout on 16 lanes), built once per channel block.
struct Stage16 {
  avx512::Requant16 q;
  avx512::OutputStage16 stage;
  __mmask16 store;
};
static inline __m512i Join(__m256i lo, __m256i hi) { return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1); }
static inline Stage16 MakeStage16(const avx2::PackedOutput& po, int c, int n) {
  const avx2::Requant8& a = po.requant[c / 8];
  const avx2::Requant8& b = n > 8 ? po.requant[c / 8 + 1] : a;
  Stage16 s;
  s.q = avx512::Requant16{Join(a.mult, b.mult),           Join(a.mult_odd, b.mult_odd),
                          Join(a.left_shift, b.left_shift), Join(a.round_even, b.round_even),
                          Join(a.round_odd, b.round_odd),   Join(a.shift_even, b.shift_even),
                          Join(a.shift_odd, b.shift_odd)};
  s.stage = avx512::OutputStage16{Join(po.stage.offset, po.stage.offset), Join(po.stage.act_min, po.stage.act_min),
                                  Join(po.stage.act_max, po.stage.act_max)};
  s.store = static_cast<__mmask16>(n >= 16 ? 0xFFFF : (1u << n) - 1);
  return s;
}

// 16 int32 lanes of one row, requantized into dst[0, n).
static inline void StoreRow16(int8_t* dst, __m512i acc, const Stage16& s) {
  _mm_mask_storeu_epi8(dst, s.store, _mm512_cvtsepi32_epi8(avx512::Requantize16(acc, s.q, s.stage)));
}

// The bias of channels [c, c + n) in 16 lanes (po.bias holds whole 8-channel blocks).
static inline __m512i LoadBias16(const int32_t* bias, int c, int n) {
  const __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + c));
  const __m256i hi = n > 8 ? _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bias + c + 8)) : lo;
  return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

template <bool kTwoBlocks>
static void PackedTile8x32(const uint8_t* const* a, const int8_t* w0, const int8_t* w1, int quads, __m512i bias0,
                           __m512i bias1, __m512i out[16]);

// A lone block of up to 16 channels (cols <= 16, or the last block after pairs): 8 channels or fewer in 256-bit
// tiles (a 512-bit register would leave half its lanes idle, and on cores that split 512-bit vpdpbusd in two,
// Zen 4, that costs time), more in 8 x 16 tiles of 512 bits.
static inline void LoneBlock16(const uint8_t* a, int a_stride, int rows, const int8_t* w, int quads,
                               const avx2::PackedOutput& po, int c, int n, int8_t* out, int out_stride) {
  if (n <= 8) {
    // Two rows per 16-lane requantization (both halves the block's constants).
    const __m256i bias0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(po.bias + c));
    const Stage16 stage = MakeStage16(po, c, n);
    const __mmask16 row_bytes = static_cast<__mmask16>((1u << n) - 1);
    for (int r = 0; r < rows; r += 8) {
      const uint8_t* rp[8];
      for (int i = 0; i < 8; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m256i acc[8];
      PackedTile8x8(rp, w, quads, bias0, acc, 64);
      const int valid = rows - r < 8 ? rows - r : 8;
      for (int i = 0; i < valid; i += 2) {
        const __m128i bytes =
            _mm512_cvtsepi32_epi8(avx512::Requantize16(Join(acc[i], acc[i + 1]), stage.q, stage.stage));
        int8_t* o = out + static_cast<int64_t>(r + i) * out_stride + c;
        _mm_mask_storeu_epi8(o, row_bytes, bytes);
        if (i + 1 < valid) _mm_mask_storeu_epi8(o + out_stride, row_bytes, _mm_srli_si128(bytes, 8));
      }
    }
    return;
  }
  const __m512i bias = LoadBias16(po.bias, c, n);
  const Stage16 stage = MakeStage16(po, c, n);
  for (int r = 0; r < rows; r += 8) {
    const uint8_t* rp[8];
    for (int i = 0; i < 8; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
    __m512i acc[16];
    PackedTile8x32<false>(rp, w, nullptr, quads, bias, bias, acc);
    const int valid = rows - r < 8 ? rows - r : 8;
    for (int i = 0; i < valid; ++i) StoreRow16(out + static_cast<int64_t>(r + i) * out_stride + c, acc[2 * i], stage);
  }
}

// 8 rows x (16 or 32) channels: w1 == nullptr for one 16-channel block.
template <bool kTwoBlocks>
__attribute__((noinline, unused)) static void PackedTile8x32(const uint8_t* const* a, const int8_t* w0,
                                                             const int8_t* w1, int quads, __m512i bias0,
                                                             __m512i bias1, __m512i out[16]) {
  __m512i c[16];
  for (int i = 0; i < 8; ++i) c[2 * i] = bias0, c[2 * i + 1] = bias1;
  for (int j = 0; j < quads; ++j) {
    const __m512i x0 = _mm512_loadu_si512(w0 + j * 64);
    const __m512i x1 = kTwoBlocks ? _mm512_loadu_si512(w1 + j * 64) : x0;
    for (int i = 0; i < 8; ++i) {
      const __m512i v = Broadcast4x16(a[i] + 4 * j);
      c[2 * i] = _mm512_dpbusd_epi32(c[2 * i], v, x0);
      if (kTwoBlocks) c[2 * i + 1] = _mm512_dpbusd_epi32(c[2 * i + 1], v, x1);
    }
  }
  for (int i = 0; i < 16; ++i) out[i] = c[i];
}

// rows x cols outputs, as GemmPacked, over PackWeights16's layout.
static inline void GemmPacked16(const uint8_t* a, int a_stride, int rows, const int8_t* packed, int k, int cols,
                                const avx2::PackedOutput& po, int8_t* out, int out_stride) {
  const int quads = PackedQuads(k);
  const int blocks = PackedBlocks16(cols);
  const int64_t block_bytes = static_cast<int64_t>(quads) * 64;
  for (int b = 0; b < blocks; b += 2) {
    const bool two = b + 1 < blocks;
    const int c0 = b * 16, c1 = c0 + 16;
    const int n0 = cols - c0 < 16 ? cols - c0 : 16;
    const int n1 = two ? (cols - c1 < 16 ? cols - c1 : 16) : 0;
    const int8_t* w0 = packed + b * block_bytes;
    if (!two) {
      LoneBlock16(a, a_stride, rows, w0, quads, po, c0, n0, out, out_stride);
      break;
    }
    const __m512i bias0 = LoadBias16(po.bias, c0, n0);
    const __m512i bias1 = LoadBias16(po.bias, c1, n1);
    const Stage16 s0 = MakeStage16(po, c0, n0), s1 = MakeStage16(po, c1, n1);
    for (int r = 0; r < rows; r += 8) {
      const uint8_t* rp[8];
      for (int i = 0; i < 8; ++i) rp[i] = a + static_cast<int64_t>(r + i < rows ? r + i : r) * a_stride;
      __m512i acc[16];
      PackedTile8x32<true>(rp, w0, w0 + block_bytes, quads, bias0, bias1, acc);
      const int valid = rows - r < 8 ? rows - r : 8;
      int8_t* o = out + static_cast<int64_t>(r) * out_stride;
      for (int i = 0; i < valid; ++i, o += out_stride) {
        StoreRow16(o + c0, acc[2 * i], s0);
        StoreRow16(o + c1, acc[2 * i + 1], s1);
      }
    }
  }
}

// ---- Rows: bytes u = x ^ 0x80 ------------------------------------------------------------------------------

// u = x + 128 for n bytes, 32 at a time: may write up to 31 bytes past dst + n; reads past src + n only while
// the 32-byte load stays below src_limit.
static inline void FlipSegment(const int8_t* src, int n, const int8_t* src_limit, uint8_t* dst) {
  const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
  int j = 0;
  for (; j < n; j += 32) {
    if (src + j + 32 > src_limit) break;
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j),
                        _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + j)), flip));
  }
  for (; j < n; ++j) dst[j] = static_cast<uint8_t>(src[j] ^ 0x80);
}

static inline void FillSegment(int n, uint8_t value, uint8_t* dst) {
  const __m256i v = _mm256_set1_epi8(static_cast<char>(value));
  for (int j = 0; j < n; j += 32) _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + j), v);
}

// The receptive field of output pixel (b, oy, ox) as bytes u in (fy, fx, c) order; taps outside the image get
// `pad` (the zero point's u, whose x + input_offset is 0). Writes up to 31 bytes past the row.
static inline void BuildPatchRow(const avx2::PatchGeometry& g, uint8_t pad, int b, int oy, int ox, uint8_t* dst) {
  const int depth = g.depth;
  const int fw = g.filter_width;
  const int seg = fw * depth;
  const int iy0 = oy * g.stride_height - g.pad_height;
  const int ix0 = ox * g.stride_width - g.pad_width;
  const int64_t row_elems = static_cast<int64_t>(g.width) * depth;
  const int8_t* batch = g.input + static_cast<int64_t>(b) * g.height * row_elems;
  const int iy_last = iy0 + (g.filter_height - 1) * g.dilation_height;
  const int ix_last = ix0 + (fw - 1) * g.dilation_width;
  if (g.dilation_width == 1 && iy0 >= 0 && iy_last < g.height && ix0 >= 0 && ix_last < g.width) {
    const int8_t* src = batch + static_cast<int64_t>(iy0) * row_elems + static_cast<int64_t>(ix0) * depth;
    const int64_t step = row_elems * g.dilation_height;
    if (src + (g.filter_height - 1) * step + RoundUp32(seg) <= g.input_end) {
      const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80));
      for (int fy = 0; fy < g.filter_height; ++fy, src += step) {
        for (int j = 0; j < seg; j += 32) {
          _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + fy * seg + j),
                              _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + j)), flip));
        }
      }
      return;
    }
  }
  for (int fy = 0; fy < g.filter_height; ++fy) {
    uint8_t* d = dst + fy * seg;
    const int iy = iy0 + fy * g.dilation_height;
    if (iy < 0 || iy >= g.height) {
      FillSegment(seg, pad, d);
      continue;
    }
    const int8_t* row = batch + static_cast<int64_t>(iy) * row_elems;
    for (int fx = 0; fx < fw; ++fx) {
      const int ix = ix0 + fx * g.dilation_width;
      if (ix < 0 || ix >= g.width) {
        FillSegment(depth, pad, d + fx * depth);
      } else {
        FlipSegment(row + static_cast<int64_t>(ix) * depth, depth, g.input_end, d + fx * depth);
      }
    }
  }
}

// BuildPatchRow for patches of at most 64 bytes (3x3 over 3 channels: 27; KWS's 10x4 over 1: 40): the register
// starts as the zero point everywhere and each filter row's in-image taps are masked-loaded into place (masked-out
// bytes are never read), then the row is written by ONE 64-byte store, so the GEMM's 4-byte reads of it are
// served from that store instead of waiting on several overlapping ones. Border pixels run the same code. Dilated
// columns take BuildPatchRow. Writes 64 bytes.
static inline void BuildSmallPatchRow(const avx2::PatchGeometry& g, uint8_t pad, int b, int oy, int ox, uint8_t* dst) {
  if (g.dilation_width != 1) {
    BuildPatchRow(g, pad, b, oy, ox, dst);
    return;
  }
  const int depth = g.depth;
  const int seg = g.filter_width * depth;
  const int iy0 = oy * g.stride_height - g.pad_height;
  const int ix0 = ox * g.stride_width - g.pad_width;
  const int64_t row_elems = static_cast<int64_t>(g.width) * depth;
  const int8_t* image = g.input + static_cast<int64_t>(b) * g.height * row_elems;
  const __m512i flip = _mm512_set1_epi8(static_cast<char>(0x80));
  if (iy0 >= 0 && iy0 + (g.filter_height - 1) * g.dilation_height < g.height && ix0 >= 0 &&
      ix0 + g.filter_width <= g.width) {  // interior: every filter row whole
    const uint64_t run = seg >= 64 ? ~uint64_t{0} : (uint64_t{1} << seg) - 1;
    const int8_t* src = image + iy0 * row_elems + static_cast<int64_t>(ix0) * depth;
    const int64_t step = row_elems * g.dilation_height;
    __m512i v = _mm512_setzero_si512();
    for (int fy = 0; fy < g.filter_height; ++fy, src += step) {
      v = _mm512_mask_loadu_epi8(v, static_cast<__mmask64>(run << (fy * seg)), src - fy * seg);
    }
    _mm512_storeu_si512(dst, _mm512_xor_si512(v, flip));
    return;
  }
  const int fx_lo = ix0 < 0 ? -ix0 : 0;                                              // first in-image tap
  const int fx_hi = ix0 + g.filter_width > g.width ? g.width - ix0 : g.filter_width;  // one past the last
  __m512i v = _mm512_set1_epi8(static_cast<char>(pad ^ 0x80));  // the zero point as an input byte x
  if (fx_hi > fx_lo) {
    const int bytes = (fx_hi - fx_lo) * depth;
    const uint64_t run = bytes >= 64 ? ~uint64_t{0} : (uint64_t{1} << bytes) - 1;
    for (int fy = 0; fy < g.filter_height; ++fy) {
      const int iy = iy0 + fy * g.dilation_height;
      if (iy < 0 || iy >= g.height) continue;
      const int at = fy * seg + fx_lo * depth;  // where the run goes in the patch
      const int8_t* src = image + iy * row_elems + static_cast<int64_t>(ix0 + fx_lo) * depth;
      // Byte at + j of v is src[j]: a masked load from src - at.
      v = _mm512_mask_loadu_epi8(v, static_cast<__mmask64>(run << at), src - at);
    }
  }
  _mm512_storeu_si512(dst, _mm512_xor_si512(v, flip));
}

}  // namespace vnni
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_GEMM_VNNI_H_
