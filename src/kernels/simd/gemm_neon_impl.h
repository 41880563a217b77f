// The AArch64 int8 GEMM of gemm_neon.h, as templates over the multiply-accumulate step. INCLUDE ONLY FROM
// gemm_int8_neon.cc AND gemm_int8_dotprod.cc: everything here has internal linkage, so the copy compiled with
// +dotprod never meets the baseline one at link time (ODR).
//
// A tile is up to 4 rows x 4 output channels: 16 int32x4 accumulators, k consumed 16 bytes at a time (then 8,
// then scalar), reduced with pairwise adds into one int32x4 per row whose lanes are the 4 channels. Channel
// tails reuse the last weight row (results discarded); rows never over-read.
// Requantization: requantize_neon.h.
#ifndef MOTE_KERNELS_SIMD_GEMM_NEON_IMPL_H_
#define MOTE_KERNELS_SIMD_GEMM_NEON_IMPL_H_

#include <arm_neon.h>

#include <cstdint>

#include "kernels/simd/gemm_neon.h"
#include "kernels/simd/requantize_neon.h"

namespace mote {
namespace neon {
namespace {

// Requantizes one row's four channels and stores the `n` (1..4) valid ones.
void Store(const GemmInt8Args& g, int32x4_t acc, int32x4_t multiplier, int32x4_t shift, int8_t* out, int n) {
  const int32x4_t v = RequantizeClamp(acc, multiplier, shift, g.out_offset, g.act_min, g.act_max);
  const int8x8_t narrow8 = NarrowToInt8(v, v);
  if (n == 4) {
    vst1_lane_s32(reinterpret_cast<int32_t*>(out), vreinterpret_s32_s8(narrow8), 0);  // unaligned is fine on A64
    return;
  }
  int8_t t[8];
  vst1_s8(t, narrow8);
  for (int j = 0; j < n; ++j) out[j] = t[j];
}

int32x4_t Reduce4(int32x4_t s0, int32x4_t s1, int32x4_t s2, int32x4_t s3) {
  return vpaddq_s32(vpaddq_s32(s0, s1), vpaddq_s32(s2, s3));
}

// 8 bytes as the low half of a vector (high half zero), for the k % 16 >= 8 step.
int8x16_t Load8(const int8_t* p) { return vcombine_s8(vld1_s8(p), vdup_n_s8(0)); }

// One tile: R rows x the 4 channels from c0. Dot::Mac(acc, a, w) adds the 16 products of a and w into acc's
// lanes; Dot::Sum(acc, w) adds w's 16 values.
template <class Dot, int R>
void Tile(const GemmInt8Args& g, const int8_t* const* a, int8_t* const* out, int c0) {
  const int k = g.k;
  const int8_t* w[4];
  for (int j = 0; j < 4; ++j) w[j] = g.w + static_cast<int64_t>(c0 + j < g.cols ? c0 + j : g.cols - 1) * k;
  const bool sums = g.sums_in_pass && g.a_offset != 0;
  int32x4_t acc[R][4];
  int32x4_t ws[4];
  for (int j = 0; j < 4; ++j) {
    ws[j] = vdupq_n_s32(0);
    for (int r = 0; r < R; ++r) acc[r][j] = vdupq_n_s32(0);
  }
  int i = 0;
  for (; i + 16 <= k; i += 16) {
    const int8x16_t w0 = vld1q_s8(w[0] + i), w1 = vld1q_s8(w[1] + i), w2 = vld1q_s8(w[2] + i), w3 = vld1q_s8(w[3] + i);
    for (int r = 0; r < R; ++r) {
      const int8x16_t x = vld1q_s8(a[r] + i);
      acc[r][0] = Dot::Mac(acc[r][0], x, w0);
      acc[r][1] = Dot::Mac(acc[r][1], x, w1);
      acc[r][2] = Dot::Mac(acc[r][2], x, w2);
      acc[r][3] = Dot::Mac(acc[r][3], x, w3);
    }
    if (sums) {
      ws[0] = Dot::Sum(ws[0], w0);
      ws[1] = Dot::Sum(ws[1], w1);
      ws[2] = Dot::Sum(ws[2], w2);
      ws[3] = Dot::Sum(ws[3], w3);
    }
  }
  if (i + 8 <= k) {
    int8x16_t wv[4];
    for (int j = 0; j < 4; ++j) {
      wv[j] = Load8(w[j] + i);
      if (sums) ws[j] = Dot::Sum(ws[j], wv[j]);
    }
    for (int r = 0; r < R; ++r) {
      const int8x16_t x = Load8(a[r] + i);
      for (int j = 0; j < 4; ++j) acc[r][j] = Dot::Mac(acc[r][j], x, wv[j]);
    }
    i += 8;
  }
  int32x4_t v[R];
  for (int r = 0; r < R; ++r) v[r] = Reduce4(acc[r][0], acc[r][1], acc[r][2], acc[r][3]);
  int32x4_t wsum = Reduce4(ws[0], ws[1], ws[2], ws[3]);
  if (i < k) {  // the last k % 8 values
    int32_t tail_sum[4] = {0, 0, 0, 0};
    for (int j = 0; j < 4; ++j) {
      for (int t = i; t < k; ++t) tail_sum[j] += w[j][t];
    }
    if (sums) wsum = vaddq_s32(wsum, vld1q_s32(tail_sum));
    for (int r = 0; r < R; ++r) {
      int32_t tail[4] = {0, 0, 0, 0};
      for (int j = 0; j < 4; ++j) {
        for (int t = i; t < k; ++t) tail[j] += static_cast<int32_t>(a[r][t]) * w[j][t];
      }
      v[r] = vaddq_s32(v[r], vld1q_s32(tail));
    }
  }
  int32x4_t bias = vld1q_s32(g.tables->bias + c0);
  if (sums) bias = vmlaq_n_s32(bias, wsum, g.a_offset);  // wraps like the reference's int32 sum
  const int32x4_t multiplier = vld1q_s32(g.tables->multiplier + c0);
  const int32x4_t shift = vld1q_s32(g.tables->shift + c0);
  const int n = g.cols - c0 < 4 ? g.cols - c0 : 4;
  for (int r = 0; r < R; ++r) Store(g, vaddq_s32(v[r], bias), multiplier, shift, out[r] + c0, n);
}

template <class Dot, int R>
void RowsOf(const GemmInt8Args& g, const int8_t* const* a, int8_t* const* out) {
  for (int c0 = 0; c0 < g.cols; c0 += 4) Tile<Dot, R>(g, a, out, c0);
}

template <class Dot>
void GemmRows(const GemmInt8Args& g, const int8_t* const* a, int rows, int8_t* const* out) {
  switch (rows) {
    case 1: RowsOf<Dot, 1>(g, a, out); break;
    case 2: RowsOf<Dot, 2>(g, a, out); break;
    case 3: RowsOf<Dot, 3>(g, a, out); break;
    default: RowsOf<Dot, 4>(g, a, out); break;
  }
}

template <class Dot>
void ColumnBias(const GemmInt8Args& g, int32_t* col_bias) {
  for (int c = 0; c < g.cols; ++c) {
    const int8_t* w = g.w + static_cast<int64_t>(c) * g.k;
    int32x4_t s = vdupq_n_s32(0);
    int i = 0;
    for (; i + 16 <= g.k; i += 16) s = Dot::Sum(s, vld1q_s8(w + i));
    int32_t sum = vaddvq_s32(s);
    for (; i < g.k; ++i) sum += w[i];
    const uint32_t b = g.bias != nullptr ? static_cast<uint32_t>(g.bias[c]) : 0u;
    col_bias[c] = static_cast<int32_t>(b + static_cast<uint32_t>(g.a_offset) * static_cast<uint32_t>(sum));
  }
}

}  // namespace
}  // namespace neon
}  // namespace mote

#endif  // MOTE_KERNELS_SIMD_GEMM_NEON_IMPL_H_
