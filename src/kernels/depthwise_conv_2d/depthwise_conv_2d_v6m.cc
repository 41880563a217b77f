// DEPTHWISE_CONV_2D int8, Armv6-M variant (Cortex-M0/M0+; compiled only for Armv6-M cores). Contract in
// depthwise_conv_2d_variants.h; building blocks in kernels/simd/arm_v6m.h.
//
// Per output pixel the in-image taps become a table of (input, filter) byte offsets, once; then every channel
// walks that table (TapsV6m, one LDM per tap for both offsets; once per multiplier index) into a raw
// accumulator, and the accumulators are requantized without 64-bit multiplies (MultiplyByQuantizedMultiplierV6m).
// No arena scratch: the tap table (8 * kV6mMaxTaps bytes) and the accumulators of up to kV6mAccChannels
// output channels (4 bytes each; wider layers take several passes per pixel) are on the stack.
#include <algorithm>
#include <cstdint>

#include "kernels/depthwise_conv_2d/depthwise_conv_2d_variants.h"
#include "kernels/simd/arm_v6m.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

inline int8_t Finish(const DepthwiseInt8Problem& p, int c, int32_t acc) {
  if (p.bias != nullptr) acc = static_cast<int32_t>(static_cast<uint32_t>(acc) + static_cast<uint32_t>(p.bias[c]));
  int32_t v = arm_v6m::MultiplyByQuantizedMultiplierV6m(acc, p.output_multiplier[c], p.output_shift[c]);
  v = static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(p.output_offset));
  v = std::min(std::max(v, p.output_activation_min), p.output_activation_max);
  return static_cast<int8_t>(v);
}

}  // namespace

void DepthwiseInt8V6m(const DepthwiseInt8Problem& p, void*) {
  const int depth = p.output_depth;  // input_depth * depth_multiplier
  const int multiplier = p.depth_multiplier;
  const int chunk = kV6mAccChannels / multiplier;  // input channels per pass over the tap table
  arm_v6m::TapOffsets taps[kV6mMaxTaps];
  int32_t acc[kV6mAccChannels];
  arm_v6m::TapsJob job;
  job.taps = taps;
  job.input_offset = p.input_offset;
  job.step = multiplier;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* input_batch = p.input + b * p.input_height * p.input_width * p.input_depth;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int y0 = oy * p.stride_height - p.pad_height;
      for (int ox = 0; ox < p.output_width; ++ox) {
        const int x0 = ox * p.stride_width - p.pad_width;
        // The in-image taps in the reference's order (fy, then fx).
        int count = 0;
        for (int fy = 0; fy < p.filter_height; ++fy) {
          const int y = y0 + fy * p.dilation_height;
          if (y < 0 || y >= p.input_height) continue;
          for (int fx = 0; fx < p.filter_width; ++fx) {
            const int x = x0 + fx * p.dilation_width;
            if (x < 0 || x >= p.input_width) continue;
            taps[count].input = (y * p.input_width + x) * p.input_depth;
            taps[count].filter = (fy * p.filter_width + fx) * depth;
            ++count;
          }
        }
        job.tap_count = count;
        for (int ic0 = 0; ic0 < p.input_depth; ic0 += chunk) {
          const int channels = std::min(chunk, p.input_depth - ic0);
          const int c0 = ic0 * multiplier;
          const int outputs = channels * multiplier;
          if (count > 0) {
            job.in = input_batch + ic0;
            job.channels = channels;
            for (int m = 0; m < multiplier; ++m) {
              job.f = p.filter + c0 + m;
              job.acc = acc + m;
              arm_v6m::TapsV6m(&job);
            }
          } else {
            for (int k = 0; k < outputs; ++k) acc[k] = 0;
          }
          for (int k = 0; k < outputs; ++k) out[c0 + k] = Finish(p, c0 + k, acc[k]);
        }
        out += depth;
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
