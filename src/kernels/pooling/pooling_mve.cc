// AVERAGE_POOL_2D and MAX_POOL_2D int8, Cortex-M Helium variants (compiled only for cores with MVE: Cortex-M55).
// Contract in pooling_variants.h.
//
// Average, per output pixel: the window's inputs are summed with widening loads, eight channels per vector in
// int16 lanes when the (clipped) window holds at most kDspAverageMaxTaps elements (the sums are then exact:
// 256 * -128 is the lowest int16), four per vector in int32 lanes otherwise; the last channels are predicated.
// Then each channel's average is rounded and divided exactly as the reference does (scalar: the division is per
// channel and rounds half away from zero through C's truncation).
// Max, per output pixel, sixteen channels per vector: VMAX.S8 over the window from -128 in every lane (the
// reference starts from the type's lowest), VMAX/VMIN with the activation bounds, one store; the last 1-15
// channels are predicated (VCTP.8: inactive lanes load as 0 and are not stored).
#include <cstdint>

#include <arm_mve.h>

#include "kernels/pooling/pooling_variants.h"

namespace mote {
namespace pooling {

void AveragePoolInt8Mve(const PoolInt8Problem& p, void*) {
  const int depth = p.depth;
  const int row_step = p.input_width * depth;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* image = p.input + b * p.input_height * row_step;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int iy0 = oy * p.stride_height - p.padding_height;
      const int fy_begin = iy0 < 0 ? -iy0 : 0;
      const int fy_end = p.input_height - iy0 < p.filter_height ? p.input_height - iy0 : p.filter_height;
      for (int ox = 0; ox < p.output_width; ++ox, out += depth) {
        const int ix0 = ox * p.stride_width - p.padding_width;
        const int fx_begin = ix0 < 0 ? -ix0 : 0;
        const int fx_end = p.input_width - ix0 < p.filter_width ? p.input_width - ix0 : p.filter_width;
        int count = (fy_end - fy_begin) * (fx_end - fx_begin);
        if (count <= 0) count = 1;  // unreachable for validated shapes, as in the reference
        if (count <= kDspAverageMaxTaps) {
          for (int c = 0; c < depth; c += 8) {
            const mve_pred16_t lanes = vctp16q(depth - c);
            int16x8_t sum = vdupq_n_s16(0);
            for (int fy = fy_begin; fy < fy_end; ++fy) {
              const int8_t* in = image + (iy0 + fy) * row_step + (ix0 + fx_begin) * depth + c;
              for (int fx = fx_begin; fx < fx_end; ++fx, in += depth) sum = vaddq_s16(sum, vldrbq_z_s16(in, lanes));
            }
            int16_t sums[8];
            vstrhq_s16(sums, sum);
            const int n = depth - c < 8 ? depth - c : 8;
            for (int i = 0; i < n; ++i) {
              int32_t acc = sums[i];
              acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
              acc = acc < p.activation_min ? p.activation_min : acc;
              acc = acc > p.activation_max ? p.activation_max : acc;
              out[c + i] = static_cast<int8_t>(acc);
            }
          }
          continue;
        }
        for (int c = 0; c < depth; c += 4) {
          const mve_pred16_t lanes = vctp32q(depth - c);
          int32x4_t sum = vdupq_n_s32(0);
          for (int fy = fy_begin; fy < fy_end; ++fy) {
            const int8_t* in = image + (iy0 + fy) * row_step + (ix0 + fx_begin) * depth + c;
            for (int fx = fx_begin; fx < fx_end; ++fx, in += depth) sum = vaddq_s32(sum, vldrbq_z_s32(in, lanes));
          }
          int32_t sums[4];
          vstrwq_s32(sums, sum);
          const int n = depth - c < 4 ? depth - c : 4;
          for (int i = 0; i < n; ++i) {
            int32_t acc = sums[i];
            acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
            acc = acc < p.activation_min ? p.activation_min : acc;
            acc = acc > p.activation_max ? p.activation_max : acc;
            out[c + i] = static_cast<int8_t>(acc);
          }
        }
      }
    }
  }
}

void MaxPoolInt8Mve(const PoolInt8Problem& p, void*) {
  const int depth = p.depth;
  const int row_step = p.input_width * depth;
  const int8x16_t act_min = vdupq_n_s8(static_cast<int8_t>(p.activation_min));
  const int8x16_t act_max = vdupq_n_s8(static_cast<int8_t>(p.activation_max));
  const int8x16_t lowest = vdupq_n_s8(-128);
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* image = p.input + b * p.input_height * row_step;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int iy0 = oy * p.stride_height - p.padding_height;
      const int fy_begin = iy0 < 0 ? -iy0 : 0;
      const int fy_end = p.input_height - iy0 < p.filter_height ? p.input_height - iy0 : p.filter_height;
      for (int ox = 0; ox < p.output_width; ++ox, out += depth) {
        const int ix0 = ox * p.stride_width - p.padding_width;
        const int fx_begin = ix0 < 0 ? -ix0 : 0;
        const int fx_end = p.input_width - ix0 < p.filter_width ? p.input_width - ix0 : p.filter_width;
        const int8_t* first = image + (iy0 + fy_begin) * row_step + (ix0 + fx_begin) * depth;
        for (int c = 0; c < depth; c += 16) {
          const mve_pred16_t lanes = vctp8q(depth - c);
          int8x16_t m = lowest;
          const int8_t* row = first + c;
          for (int fy = fy_begin; fy < fy_end; ++fy, row += row_step) {
            const int8_t* in = row;
            for (int fx = fx_begin; fx < fx_end; ++fx, in += depth) m = vmaxq_s8(m, vldrbq_z_s8(in, lanes));
          }
          m = vminq_s8(vmaxq_s8(m, act_min), act_max);
          vstrbq_p_s8(out + c, m, lanes);
        }
      }
    }
  }
}

}  // namespace pooling
}  // namespace mote
