// DEPTHWISE_CONV_2D int8, AArch64 NEON variant (compiled only on AArch64; Armv8.0 Advanced SIMD, which the
// dot-product level uses too: SDOT sums four products of one lane, and depthwise has one product per lane and
// tap). Contract in depthwise_conv_2d_variants.h.
//
// Per output pixel, the taps inside the image are listed once (input and weight offsets); then for each block
// of 16 channels every listed tap adds (x + input_offset) * w into four int32x4 accumulators: SADDW widens the
// input and adds the offset in one step (values in [-255, 255]), SMLAL/SMLAL2 multiply by the int16 weights
// exactly. Taps outside the image are skipped, as the reference skips them. The weights are widened to int16
// once per invoke into a stack table. Channels past the last multiple of 8 run the scalar reference formula.
// Channel multipliers that are multiples of 8 broadcast each input value to its 8-channel blocks.
#include <arm_neon.h>

#include <cstdint>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/quantization/integer_arithmetic.h"
#include "kernels/simd/requantize_neon.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

struct Tap {
  int64_t input;  // element offset of the tap's pixel, channel 0
  int weight;     // tap index * channels
};

// The taps of the output pixel whose window starts at (y0, x0) that fall inside the image.
int ListTaps(const DepthwiseInt8Problem& p, int b, int y0, int x0, Tap* taps) {
  int n = 0;
  for (int fy = 0; fy < p.filter_height; ++fy) {
    const int y = y0 + fy * p.dilation_height;
    if (y < 0 || y >= p.input_height) continue;
    for (int fx = 0; fx < p.filter_width; ++fx) {
      const int x = x0 + fx * p.dilation_width;
      if (x < 0 || x >= p.input_width) continue;
      taps[n].input = ((static_cast<int64_t>(b) * p.input_height + y) * p.input_width + x) * p.input_depth;
      taps[n].weight = (fy * p.filter_width + fx) * p.output_depth;
      ++n;
    }
  }
  return n;
}

// The requantization of 8 channels from c, and the store.
void Finish8(const DepthwiseInt8Problem& p, int c, int32x4_t lo, int32x4_t hi, int8_t* out) {
  if (p.bias != nullptr) {
    lo = vaddq_s32(lo, vld1q_s32(p.bias + c));
    hi = vaddq_s32(hi, vld1q_s32(p.bias + c + 4));
  }
  const int16x8_t shift16 = vmovl_s8(vld1_s8(p.output_shift + c));
  lo = neon::RequantizeClamp(lo, vld1q_s32(p.output_multiplier + c), vmovl_s16(vget_low_s16(shift16)),
                             p.output_offset, p.output_activation_min, p.output_activation_max);
  hi = neon::RequantizeClamp(hi, vld1q_s32(p.output_multiplier + c + 4), vmovl_high_s16(shift16), p.output_offset,
                             p.output_activation_min, p.output_activation_max);
  vst1_s8(out + c, neon::NarrowToInt8(lo, hi));
}

void Pixel(const DepthwiseInt8Problem& p, const Tap* taps, int n, const int16_t* weights, int8_t* out) {
  const int channels = p.output_depth;
  const int16x8_t offset = vdupq_n_s16(static_cast<int16_t>(p.input_offset));
  int c = 0;
  for (; c + 16 <= channels; c += 16) {
    int32x4_t a0 = vdupq_n_s32(0), a1 = a0, a2 = a0, a3 = a0;
    for (int t = 0; t < n; ++t) {
      const int8x16_t x = vld1q_s8(p.input + taps[t].input + c);
      const int16x8_t x0 = vaddw_s8(offset, vget_low_s8(x));
      const int16x8_t x1 = vaddw_high_s8(offset, x);
      const int16x8_t w0 = vld1q_s16(weights + taps[t].weight + c);
      const int16x8_t w1 = vld1q_s16(weights + taps[t].weight + c + 8);
      a0 = vmlal_s16(a0, vget_low_s16(x0), vget_low_s16(w0));
      a1 = vmlal_high_s16(a1, x0, w0);
      a2 = vmlal_s16(a2, vget_low_s16(x1), vget_low_s16(w1));
      a3 = vmlal_high_s16(a3, x1, w1);
    }
    Finish8(p, c, a0, a1, out);
    Finish8(p, c + 8, a2, a3, out);
  }
  for (; c + 8 <= channels; c += 8) {
    int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
    for (int t = 0; t < n; ++t) {
      const int16x8_t x0 = vaddw_s8(offset, vld1_s8(p.input + taps[t].input + c));
      const int16x8_t w0 = vld1q_s16(weights + taps[t].weight + c);
      a0 = vmlal_s16(a0, vget_low_s16(x0), vget_low_s16(w0));
      a1 = vmlal_high_s16(a1, x0, w0);
    }
    Finish8(p, c, a0, a1, out);
  }
  for (; c < channels; ++c) {  // the reference's arithmetic for the last channels
    int32_t acc = p.bias != nullptr ? p.bias[c] : 0;
    for (int t = 0; t < n; ++t) acc += (p.input[taps[t].input + c] + p.input_offset) * weights[taps[t].weight + c];
    acc = MultiplyByQuantizedMultiplier(acc, p.output_multiplier[c], p.output_shift[c]) + p.output_offset;
    acc = acc < p.output_activation_min ? p.output_activation_min : acc;
    out[c] = static_cast<int8_t>(acc > p.output_activation_max ? p.output_activation_max : acc);
  }
}

// Channel multiplier a multiple of 8 (a first layer expanding 1 input channel to 8, 16...): each block of 8
// output channels reads one input channel, broadcast to the lanes.
void PixelMultiplier(const DepthwiseInt8Problem& p, const Tap* taps, int n, const int16_t* weights, int8_t* out) {
  for (int c = 0; c < p.output_depth; c += 8) {
    const int ic = c / p.depth_multiplier;
    int32x4_t a0 = vdupq_n_s32(0), a1 = a0;
    for (int t = 0; t < n; ++t) {
      const int16x8_t x = vdupq_n_s16(static_cast<int16_t>(p.input[taps[t].input + ic] + p.input_offset));
      const int16x8_t w = vld1q_s16(weights + taps[t].weight + c);
      a0 = vmlal_s16(a0, vget_low_s16(x), vget_low_s16(w));
      a1 = vmlal_high_s16(a1, x, w);
    }
    Finish8(p, c, a0, a1, out);
  }
}

// The 3x3 specialization (DepthwiseInt8Neon3x3): one block of 8 channels at a time, its constants in registers
// across every output pixel of the block.
struct Block3x3 {
  int16x8_t w[9];  // the 9 taps' weights, widened
  int32x4_t bias_lo, bias_hi, mul_lo, mul_hi, left_lo, left_hi, right_lo, right_hi;
};

inline void Mac8(const int8_t* x, int16x8_t offset, int16x8_t w, int32x4_t* lo, int32x4_t* hi) {
  const int16x8_t v = vaddw_s8(offset, vld1_s8(x));
  *lo = vmlal_s16(*lo, vget_low_s16(v), vget_low_s16(w));
  *hi = vmlal_high_s16(*hi, v, w);
}

// Requantization, output offset and clamp of 8 channels. The saturating narrowings keep the clamp exact: a
// requantized value outside int16 stays outside [act_min, act_max] after the offset (|offset| <= 128).
inline void Store3x3(const Block3x3& k, int32x4_t lo, int32x4_t hi, int16x8_t out_offset, int8x8_t act_min,
                     int8x8_t act_max, int8_t* out) {
  lo = neon::RequantizeSplit(lo, k.mul_lo, k.left_lo, k.right_lo);
  hi = neon::RequantizeSplit(hi, k.mul_hi, k.left_hi, k.right_hi);
  const int16x8_t v = vqaddq_s16(vqmovn_high_s32(vqmovn_s32(lo), hi), out_offset);
  vst1_s8(out, vmin_s8(vmax_s8(vqmovn_s16(v), act_min), act_max));
}

}  // namespace

void DepthwiseInt8Neon3x3(const DepthwiseInt8Problem& p, void*) {
  const int channels = p.output_depth;
  const int64_t col = channels;
  const int64_t row = static_cast<int64_t>(p.input_width) * channels;
  const int16x8_t offset = vdupq_n_s16(static_cast<int16_t>(p.input_offset));
  const int16x8_t out_offset = vdupq_n_s16(static_cast<int16_t>(p.output_offset));
  const int8x8_t act_min = vdup_n_s8(static_cast<int8_t>(p.output_activation_min));
  const int8x8_t act_max = vdup_n_s8(static_cast<int8_t>(p.output_activation_max));
  // What a tap outside the image reads: the input zero point, whose (x + input_offset) is 0, so the tap adds
  // nothing, as the reference's skipped tap.
  int8_t pad[8];
  for (int8_t& v : pad) v = static_cast<int8_t>(-p.input_offset);
  // The output columns whose window lies inside the image horizontally: [ox_lo, ox_hi).
  const int sx = p.stride_width, sy = p.stride_height;
  int ox_lo = (p.pad_width + sx - 1) / sx;
  int ox_hi = p.input_width - 3 + p.pad_width >= 0 ? (p.input_width - 3 + p.pad_width) / sx + 1 : 0;
  ox_lo = ox_lo < p.output_width ? ox_lo : p.output_width;
  ox_hi = ox_hi < ox_lo ? ox_lo : (ox_hi > p.output_width ? p.output_width : ox_hi);
  for (int c0 = 0; c0 < channels; c0 += 8) {
    // The last block overlaps the one before when channels % 8 != 0: its first lanes rewrite equal values.
    const int c = c0 + 8 <= channels ? c0 : channels - 8;
    Block3x3 k;
    for (int t = 0; t < 9; ++t) k.w[t] = vmovl_s8(vld1_s8(p.filter + t * channels + c));
    k.bias_lo = p.bias != nullptr ? vld1q_s32(p.bias + c) : vdupq_n_s32(0);
    k.bias_hi = p.bias != nullptr ? vld1q_s32(p.bias + c + 4) : vdupq_n_s32(0);
    k.mul_lo = vld1q_s32(p.output_multiplier + c);
    k.mul_hi = vld1q_s32(p.output_multiplier + c + 4);
    const int16x8_t shift16 = vmovl_s8(vld1_s8(p.output_shift + c));
    const int32x4_t shift_lo = vmovl_s16(vget_low_s16(shift16)), shift_hi = vmovl_high_s16(shift16);
    const int32x4_t zero = vdupq_n_s32(0);
    k.left_lo = vmaxq_s32(shift_lo, zero);
    k.left_hi = vmaxq_s32(shift_hi, zero);
    k.right_lo = vminq_s32(shift_lo, zero);
    k.right_hi = vminq_s32(shift_hi, zero);
    for (int b = 0; b < p.batches; ++b) {
      const int8_t* image = p.input + static_cast<int64_t>(b) * p.input_height * row + c;
      for (int oy = 0; oy < p.output_height; ++oy) {
        const int y0 = oy * sy - p.pad_height;
        const bool rows_inside = y0 >= 0 && y0 + 2 < p.input_height;
        int8_t* out = p.output + ((static_cast<int64_t>(b) * p.output_height + oy) * p.output_width) * col + c;
        for (int ox = 0; ox < p.output_width; ++ox, out += col) {
          const int x0 = ox * sx - p.pad_width;
          int32x4_t lo = k.bias_lo, hi = k.bias_hi;
          if (rows_inside && ox >= ox_lo && ox < ox_hi) {
            const int8_t* x = image + y0 * row + x0 * col;
            Mac8(x, offset, k.w[0], &lo, &hi);
            Mac8(x + col, offset, k.w[1], &lo, &hi);
            Mac8(x + 2 * col, offset, k.w[2], &lo, &hi);
            x += row;
            Mac8(x, offset, k.w[3], &lo, &hi);
            Mac8(x + col, offset, k.w[4], &lo, &hi);
            Mac8(x + 2 * col, offset, k.w[5], &lo, &hi);
            x += row;
            Mac8(x, offset, k.w[6], &lo, &hi);
            Mac8(x + col, offset, k.w[7], &lo, &hi);
            Mac8(x + 2 * col, offset, k.w[8], &lo, &hi);
          } else {
            const int8_t* taps[9];
            for (int fy = 0; fy < 3; ++fy) {
              const int y = y0 + fy;
              for (int fx = 0; fx < 3; ++fx) {
                const int x = x0 + fx;
                const bool inside = y >= 0 && y < p.input_height && x >= 0 && x < p.input_width;
                taps[fy * 3 + fx] = inside ? image + y * row + x * col : pad;
              }
            }
            Mac8(taps[0], offset, k.w[0], &lo, &hi);
            Mac8(taps[1], offset, k.w[1], &lo, &hi);
            Mac8(taps[2], offset, k.w[2], &lo, &hi);
            Mac8(taps[3], offset, k.w[3], &lo, &hi);
            Mac8(taps[4], offset, k.w[4], &lo, &hi);
            Mac8(taps[5], offset, k.w[5], &lo, &hi);
            Mac8(taps[6], offset, k.w[6], &lo, &hi);
            Mac8(taps[7], offset, k.w[7], &lo, &hi);
            Mac8(taps[8], offset, k.w[8], &lo, &hi);
          }
          Store3x3(k, lo, hi, out_offset, act_min, act_max, out);
        }
      }
    }
  }
}

void DepthwiseInt8Neon(const DepthwiseInt8Problem& p, void*) {
  int16_t weights[kNeonMaxWeights];
  const int taps_total = p.filter_height * p.filter_width;
  for (int i = 0; i < taps_total * p.output_depth; ++i) weights[i] = p.filter[i];
  Tap taps[kNeonMaxTaps];
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int y0 = oy * p.stride_height - p.pad_height;
      for (int ox = 0; ox < p.output_width; ++ox, out += p.output_depth) {
        const int n = ListTaps(p, b, y0, ox * p.stride_width - p.pad_width, taps);
        if (p.depth_multiplier == 1) {
          Pixel(p, taps, n, weights, out);
        } else {
          PixelMultiplier(p, taps, n, weights, out);
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
