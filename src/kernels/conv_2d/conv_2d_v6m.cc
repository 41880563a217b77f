// CONV_2D int8, Armv6-M variants (Cortex-M0/M0+; compiled only for Armv6-M cores). Contract in
// conv_2d_variants.h; building blocks in kernels/simd/arm_v6m.h.
//
// Both are a GEMM of output pixels against the filter rows, four output channels at a time sharing each input
// load (Dot4V6m; a last group of 1-3 channels repeats its last row), requantized without 64-bit multiplies
// (MultiplyByQuantizedMultiplierV6m). No arena scratch.
//   1x1: the row of an output pixel is its input pixel, read in place.
//   im2col: the row is the receptive field, gathered into a stack buffer of kV6mMaxPatch bytes; taps outside the
//   image hold the input zero point, whose offset value (x + input_offset) is 0, so they add nothing, as the
//   reference's skipped taps.
#include <algorithm>
#include <cstdint>
#include <cstring>

#include "kernels/conv_2d/conv_2d_variants.h"
#include "kernels/simd/arm_v6m.h"

namespace mote {
namespace conv_2d {
namespace {

// Output pixel `out` from its row (k values): every channel group against the filter rows.
void PixelV6m(const ConvInt8Problem& p, const int8_t* row, int k, int8_t* out) {
  arm_v6m::Dot4Job job;
  job.x = row;
  job.n = k;
  job.input_offset = p.input_offset;
  for (int c0 = 0; c0 < p.output_depth; c0 += 4) {
    const int count = std::min(4, p.output_depth - c0);
    for (int r = 0; r < 4; ++r) {
      const int c = c0 + std::min(r, count - 1);
      job.f[r] = p.filter + c * k;
      job.acc[r] = p.bias != nullptr ? p.bias[c] : 0;
    }
    arm_v6m::Dot4V6m(&job);
    for (int r = 0; r < count; ++r) {
      const int c = c0 + r;
      int32_t v = arm_v6m::MultiplyByQuantizedMultiplierV6m(job.acc[r], p.output_multiplier[c], p.output_shift[c]);
      v = static_cast<int32_t>(static_cast<uint32_t>(v) + static_cast<uint32_t>(p.output_offset));
      v = std::min(std::max(v, p.output_activation_min), p.output_activation_max);
      out[c] = static_cast<int8_t>(v);
    }
  }
}

}  // namespace

void ConvInt8V6mPointwise(const ConvInt8Problem& p, void*) {
  const int depth = p.input_depth;
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int8_t* in_row = p.input + ((b * p.input_height + oy * p.stride_height) * p.input_width) * depth;
      for (int ox = 0; ox < p.output_width; ++ox) {
        PixelV6m(p, in_row + ox * p.stride_width * depth, depth, out);
        out += p.output_depth;
      }
    }
  }
}

void ConvInt8V6mIm2col(const ConvInt8Problem& p, void*) {
  const int depth = p.input_depth;
  const int k = p.filter_height * p.filter_width * depth;
  const int8_t zero_point = static_cast<int8_t>(-p.input_offset);
  int8_t patch[kV6mMaxPatch];
  int8_t* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const int8_t* input_batch = p.input + b * p.input_height * p.input_width * depth;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int y0 = oy * p.stride_height - p.pad_height;
      for (int ox = 0; ox < p.output_width; ++ox) {
        const int x0 = ox * p.stride_width - p.pad_width;
        int8_t* dst = patch;
        for (int fy = 0; fy < p.filter_height; ++fy) {
          const int y = y0 + fy * p.dilation_height;
          const bool row_inside = y >= 0 && y < p.input_height;
          for (int fx = 0; fx < p.filter_width; ++fx) {
            const int x = x0 + fx * p.dilation_width;
            if (row_inside && x >= 0 && x < p.input_width) {
              std::memcpy(dst, input_batch + (y * p.input_width + x) * depth, static_cast<size_t>(depth));
            } else {
              std::memset(dst, zero_point, static_cast<size_t>(depth));
            }
            dst += depth;
          }
        }
        PixelV6m(p, patch, k, out);
        out += p.output_depth;
      }
    }
  }
}

}  // namespace conv_2d
}  // namespace mote
