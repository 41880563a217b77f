// The AArch64 int8 GEMM (gemm_neon.h) with the Armv8.2 dot product (compiled with -march=armv8.2-a+dotprod, run
// only when getauxval reports ASIMDDP): one SDOT adds four int8 products into each int32 lane.
#include <arm_neon.h>

#include <cstdint>
#include <cstring>

#include "kernels/simd/gemm_neon_impl.h"

namespace mote {
namespace neon {
namespace {

struct SdotDot {
  static int32x4_t Mac(int32x4_t acc, int8x16_t a, int8x16_t w) { return vdotq_s32(acc, a, w); }
  static int32x4_t Sum(int32x4_t acc, int8x16_t w) { return vdotq_s32(acc, w, vdupq_n_s8(1)); }
};

// Channels in lanes: a tile of R rows x 8 output channels keeps two int32x4 accumulators per row whose lanes
// are the channels, so no reduction follows the k loop. Each 16-byte chunk of k is loaded from the 8 weight
// rows and transposed in registers (two 4x4 transposes of 32-bit groups: vector q of a group holds k values
// 4q..4q+3 of its 4 channels), then SDOT by element multiplies it by the row's bytes 4q..4q+3. Needs k % 4 == 0
// (the chunk loads never pass a row's end); the last chunk may hold 4, 8 or 12 values.

// n (4, 8, 12 or 16) bytes from p, zeros above.
int8x16_t LoadChunk(const int8_t* p, int n) {
  if (n == 16) return vld1q_s8(p);
  int64_t lo = 0;
  int32_t hi = 0;
  if (n >= 8) {
    std::memcpy(&lo, p, 8);
    if (n == 12) std::memcpy(&hi, p + 8, 4);
  } else {
    int32_t v;
    std::memcpy(&v, p, 4);
    lo = static_cast<uint32_t>(v);
  }
  return vreinterpretq_s8_s64(vcombine_s64(vcreate_s64(static_cast<uint64_t>(lo)),
                                           vcreate_s64(static_cast<uint64_t>(static_cast<uint32_t>(hi)))));
}

// The 4x4 transpose of 32-bit groups: out[q] lane j = in[j] lane q.
void Transpose(int8x16_t r0, int8x16_t r1, int8x16_t r2, int8x16_t r3, int8x16_t* out) {
  const int32x4_t t0 = vtrn1q_s32(vreinterpretq_s32_s8(r0), vreinterpretq_s32_s8(r1));
  const int32x4_t t1 = vtrn2q_s32(vreinterpretq_s32_s8(r0), vreinterpretq_s32_s8(r1));
  const int32x4_t t2 = vtrn1q_s32(vreinterpretq_s32_s8(r2), vreinterpretq_s32_s8(r3));
  const int32x4_t t3 = vtrn2q_s32(vreinterpretq_s32_s8(r2), vreinterpretq_s32_s8(r3));
  out[0] = vreinterpretq_s8_s64(vtrn1q_s64(vreinterpretq_s64_s32(t0), vreinterpretq_s64_s32(t2)));
  out[1] = vreinterpretq_s8_s64(vtrn1q_s64(vreinterpretq_s64_s32(t1), vreinterpretq_s64_s32(t3)));
  out[2] = vreinterpretq_s8_s64(vtrn2q_s64(vreinterpretq_s64_s32(t0), vreinterpretq_s64_s32(t2)));
  out[3] = vreinterpretq_s8_s64(vtrn2q_s64(vreinterpretq_s64_s32(t1), vreinterpretq_s64_s32(t3)));
}

// Requantization, offset and clamp of 8 channels of one row; the saturating narrowings keep the clamp exact
// (a requantized value outside int16 stays outside [act_min, act_max] after an offset of magnitude <= 128).
int8x8_t Finish8(const GemmInt8Args& g, int32x4_t lo, int32x4_t hi, const int32x4_t* mul, const int32x4_t* left,
                 const int32x4_t* right) {
  lo = RequantizeSplit(lo, mul[0], left[0], right[0]);
  hi = RequantizeSplit(hi, mul[1], left[1], right[1]);
  const int16x8_t v = vqaddq_s16(vqmovn_high_s32(vqmovn_s32(lo), hi), vdupq_n_s16(static_cast<int16_t>(g.out_offset)));
  return vmin_s8(vmax_s8(vqmovn_s16(v), vdup_n_s8(static_cast<int8_t>(g.act_min))),
                 vdup_n_s8(static_cast<int8_t>(g.act_max)));
}

template <int R>
void Tile8(const GemmInt8Args& g, const int8_t* const* a, int8_t* const* out, int c0) {
  const int k = g.k;
  const int8_t* w[8];
  for (int j = 0; j < 8; ++j) w[j] = g.w + static_cast<int64_t>(c0 + j < g.cols ? c0 + j : g.cols - 1) * k;
  const bool sums = g.sums_in_pass && g.a_offset != 0;
  const int8x16_t ones = vdupq_n_s8(1);
  int32x4_t acc[R][2];
  int32x4_t ws[2] = {vdupq_n_s32(0), vdupq_n_s32(0)};
  for (int r = 0; r < R; ++r) acc[r][0] = acc[r][1] = vdupq_n_s32(0);
  for (int i = 0; i < k; i += 16) {
    const int n = k - i < 16 ? k - i : 16;
    int8x16_t t[2][4];
    for (int h = 0; h < 2; ++h) {
      Transpose(LoadChunk(w[4 * h] + i, n), LoadChunk(w[4 * h + 1] + i, n), LoadChunk(w[4 * h + 2] + i, n),
                LoadChunk(w[4 * h + 3] + i, n), t[h]);
    }
    if (n == 16) {
      for (int r = 0; r < R; ++r) {
        const int8x16_t x = vld1q_s8(a[r] + i);
        for (int h = 0; h < 2; ++h) {
          acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][0], x, 0);
          acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][1], x, 1);
          acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][2], x, 2);
          acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][3], x, 3);
        }
      }
      if (sums) {
        for (int h = 0; h < 2; ++h) {
          for (int q = 0; q < 4; ++q) ws[h] = vdotq_s32(ws[h], t[h][q], ones);
        }
      }
    } else {  // the last 4, 8 or 12 values: the vectors above them are zero
      for (int r = 0; r < R; ++r) {
        const int8x16_t x = LoadChunk(a[r] + i, n);
        for (int h = 0; h < 2; ++h) {
          acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][0], x, 0);
          if (n > 4) acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][1], x, 1);
          if (n > 8) acc[r][h] = vdotq_laneq_s32(acc[r][h], t[h][2], x, 2);
        }
      }
      if (sums) {
        for (int h = 0; h < 2; ++h) {
          for (int q = 0; q < 3; ++q) ws[h] = vdotq_s32(ws[h], t[h][q], ones);
        }
      }
    }
  }
  int32x4_t bias[2], mul[2], left[2], right[2];
  const int32x4_t zero = vdupq_n_s32(0);
  for (int h = 0; h < 2; ++h) {
    bias[h] = vld1q_s32(g.tables->bias + c0 + 4 * h);
    if (sums) bias[h] = vmlaq_n_s32(bias[h], ws[h], g.a_offset);  // wraps like the reference's int32 sum
    mul[h] = vld1q_s32(g.tables->multiplier + c0 + 4 * h);
    const int32x4_t shift = vld1q_s32(g.tables->shift + c0 + 4 * h);
    left[h] = vmaxq_s32(shift, zero);
    right[h] = vminq_s32(shift, zero);
  }
  const int valid = g.cols - c0 < 8 ? g.cols - c0 : 8;
  for (int r = 0; r < R; ++r) {
    const int8x8_t v = Finish8(g, vaddq_s32(acc[r][0], bias[0]), vaddq_s32(acc[r][1], bias[1]), mul, left, right);
    if (valid == 8) {
      vst1_s8(out[r] + c0, v);
    } else {
      int8_t tmp[8];
      vst1_s8(tmp, v);
      for (int j = 0; j < valid; ++j) out[r][c0 + j] = tmp[j];
    }
  }
}

template <int R>
void RowsOf8(const GemmInt8Args& g, const int8_t* const* a, int8_t* const* out) {
  for (int c0 = 0; c0 < g.cols; c0 += 8) Tile8<R>(g, a, out, c0);
}

}  // namespace

bool UsesChannelLanes(const GemmInt8Args& g, int rows) {
  return g.k % 4 == 0 && g.k <= kGemmChannelLanesMaxK && rows >= 2;
}

void GemmRowsDotprod(const GemmInt8Args& g, const int8_t* const* a_rows, int rows, int8_t* const* out_rows) {
  if (!UsesChannelLanes(g, rows)) {
    GemmRows<SdotDot>(g, a_rows, rows, out_rows);
    return;
  }
  switch (rows) {
    case 2: RowsOf8<2>(g, a_rows, out_rows); break;
    case 3: RowsOf8<3>(g, a_rows, out_rows); break;
    default: RowsOf8<4>(g, a_rows, out_rows); break;
  }
}

void ColumnBiasDotprod(const GemmInt8Args& g, int32_t* col_bias) { ColumnBias<SdotDot>(g, col_bias); }

}  // namespace neon
}  // namespace mote
