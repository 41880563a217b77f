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

}  // namespace

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
