// DEPTHWISE_CONV_2D float32 AVX2 variant (depthwise_conv_2d_float_variants.h). Built with -mavx2 -mfma
// (CMakeLists.txt); it uses no FMA, to stay bit-exact with the reference.
#include <immintrin.h>

#include <algorithm>
#include <cstddef>

#include "kernels/conv_2d/conv_2d_reference.h"
#include "kernels/depthwise_conv_2d/depthwise_conv_2d_float_variants.h"
#include "kernels/simd/dot_f32_avx2.h"

namespace mote {
namespace depthwise_conv_2d {
namespace {

constexpr int kBlockVectors = 4;

// The 8 input values output channels [oc, oc + 8) read from the pixel at `in` (lanes past `lanes`: 0).
inline __m256 InputLanes(const DepthwiseFloatProblem& p, const float* in, int oc, int lanes) {
  if (p.depth_multiplier == 1) {
    return lanes == 8 ? _mm256_loadu_ps(in + oc) : _mm256_maskload_ps(in + oc, simd::FirstLanesMask(lanes));
  }
  const __m256i channel = _mm256_add_epi32(_mm256_set1_epi32(oc), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  // oc / multiplier, exactly, for channel indices below 2^24 (the arena bounds them far lower).
  const __m256i ic = _mm256_cvttps_epi32(_mm256_floor_ps(
      _mm256_div_ps(_mm256_cvtepi32_ps(channel), _mm256_set1_ps(static_cast<float>(p.depth_multiplier)))));
  const __m256 mask = _mm256_castsi256_ps(simd::FirstLanesMask(lanes));
  return _mm256_mask_i32gather_ps(_mm256_setzero_ps(), in, ic, mask, 4);
}

// Output channels [oc, oc + 8 * kVectors) of one pixel (the last vector's lanes past `last_lanes` untouched).
template <int kVectors>
void ChannelBlock(const DepthwiseFloatProblem& p, ptrdiff_t pixel_base, int in_y, int in_x, int fy_begin, int fy_end,
                  int fx_begin, int fx_end, int oc, int last_lanes, float* out) {
  __m256 acc[kVectors];
  for (int v = 0; v < kVectors; ++v) acc[v] = _mm256_setzero_ps();
  for (int fy = fy_begin; fy < fy_end; ++fy) {
    for (int fx = fx_begin; fx < fx_end; ++fx) {
      const float* in =
          p.input + pixel_base +
          (static_cast<ptrdiff_t>(in_y + fy * p.dilation_height) * p.input_width + in_x + fx * p.dilation_width) *
              p.input_depth;
      const float* f = p.filter + static_cast<ptrdiff_t>(fy * p.filter_width + fx) * p.output_depth + oc;
      for (int v = 0; v < kVectors; ++v) {
        const int lanes = v == kVectors - 1 ? last_lanes : 8;
        const __m256 w =
            lanes == 8 ? _mm256_loadu_ps(f + 8 * v) : _mm256_maskload_ps(f + 8 * v, simd::FirstLanesMask(lanes));
        acc[v] = _mm256_add_ps(acc[v], _mm256_mul_ps(InputLanes(p, in, oc + 8 * v, lanes), w));
      }
    }
  }
  const __m256 lo = _mm256_set1_ps(p.activation_min);
  const __m256 hi = _mm256_set1_ps(p.activation_max);
  for (int v = 0; v < kVectors; ++v) {
    const int lanes = v == kVectors - 1 ? last_lanes : 8;
    const __m256i mask = simd::FirstLanesMask(lanes);
    const __m256 bias = p.bias != nullptr ? _mm256_maskload_ps(p.bias + oc + 8 * v, mask) : _mm256_setzero_ps();
    // The reference's std::min(std::max(x, lo), hi), NaN included: max_ps(a, b) is a > b ? a : b.
    const __m256 y = _mm256_min_ps(hi, _mm256_max_ps(lo, _mm256_add_ps(acc[v], bias)));
    _mm256_maskstore_ps(out + oc + 8 * v, mask, y);
  }
}

// Every output channel of pixel (oy, ox) of the batch image at pixel_base (taps [fy_begin, fy_end) in range),
// written to out (the pixel's first channel).
void PixelAllChannels(const DepthwiseFloatProblem& p, ptrdiff_t pixel_base, int in_y, int fy_begin, int fy_end,
                      int ox, float* out) {
  const int in_x = ox * p.stride_width - p.pad_width;
  int fx_begin, fx_end;
  reference::ValidTapRange(in_x, p.dilation_width, p.input_width, p.filter_width, &fx_begin, &fx_end);
  int oc = 0;
  for (; oc + 8 * kBlockVectors <= p.output_depth; oc += 8 * kBlockVectors) {
    ChannelBlock<kBlockVectors>(p, pixel_base, in_y, in_x, fy_begin, fy_end, fx_begin, fx_end, oc, 8, out);
  }
  for (; oc < p.output_depth; oc += 8) {
    const int lanes = p.output_depth - oc < 8 ? p.output_depth - oc : 8;
    ChannelBlock<1>(p, pixel_base, in_y, in_x, fy_begin, fy_end, fx_begin, fx_end, oc, lanes, out);
  }
}

}  // namespace

void DepthwiseFloatAvx2(const DepthwiseFloatProblem& p, void*) {
  float* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const ptrdiff_t pixel_base = static_cast<ptrdiff_t>(b) * p.input_height * p.input_width * p.input_depth;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int in_y = oy * p.stride_height - p.pad_height;
      int fy_begin, fy_end;
      reference::ValidTapRange(in_y, p.dilation_height, p.input_height, p.filter_height, &fy_begin, &fy_end);
      for (int ox = 0; ox < p.output_width; ++ox, out += p.output_depth) {
        PixelAllChannels(p, pixel_base, in_y, fy_begin, fy_end, ox, out);
      }
    }
  }
}

void DepthwiseFloatAvx2_3x3(const DepthwiseFloatProblem& p, void*) {
  const ptrdiff_t row_stride = static_cast<ptrdiff_t>(p.input_width) * p.input_depth;
  const __m256 lo = _mm256_set1_ps(p.activation_min);
  const __m256 hi = _mm256_set1_ps(p.activation_max);
  // Output columns [ox_lo, ox_hi) read three whole input columns: in_x >= 0 and in_x + 3 <= input_width.
  const int ox_lo = std::min(p.output_width, (p.pad_width + p.stride_width - 1) / p.stride_width);
  const int last = p.input_width - 3 + p.pad_width;
  const int ox_hi = std::max(ox_lo, std::min(p.output_width, last < 0 ? 0 : last / p.stride_width + 1));
  for (int b = 0; b < p.batches; ++b) {
    const ptrdiff_t pixel_base = static_cast<ptrdiff_t>(b) * p.input_height * row_stride;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int in_y = oy * p.stride_height - p.pad_height;
      int fy_begin, fy_end;
      reference::ValidTapRange(in_y, 1, p.input_height, 3, &fy_begin, &fy_end);
      float* out_row = p.output + (static_cast<ptrdiff_t>(b) * p.output_height + oy) * p.output_width * p.output_depth;
      const bool full_rows = fy_begin == 0 && fy_end == 3;
      const int lo_x = full_rows ? ox_lo : p.output_width;  // edge rows: every pixel the per-pixel way
      const int hi_x = full_rows ? ox_hi : p.output_width;
      for (int ox = 0; ox < lo_x; ++ox) {
        PixelAllChannels(p, pixel_base, in_y, fy_begin, fy_end, ox, out_row + static_cast<ptrdiff_t>(ox) * p.output_depth);
      }
      for (int ox = hi_x; ox < p.output_width; ++ox) {
        PixelAllChannels(p, pixel_base, in_y, fy_begin, fy_end, ox, out_row + static_cast<ptrdiff_t>(ox) * p.output_depth);
      }
      if (lo_x >= hi_x) continue;
      for (int oc = 0; oc < p.output_depth; oc += 8) {
        const int lanes = p.output_depth - oc < 8 ? p.output_depth - oc : 8;
        const __m256i mask = simd::FirstLanesMask(lanes);
        __m256 w[9];
        for (int t = 0; t < 9; ++t) {
          w[t] = _mm256_maskload_ps(p.filter + static_cast<ptrdiff_t>(t) * p.output_depth + oc, mask);
        }
        const __m256 bias = p.bias != nullptr ? _mm256_maskload_ps(p.bias + oc, mask) : _mm256_setzero_ps();
        for (int ox = lo_x; ox < hi_x; ++ox) {
          const int in_x = ox * p.stride_width - p.pad_width;
          // The reference's order: taps (fy, fx) from 0, one rounded multiply and add each, then the bias.
          const float* in = p.input + pixel_base + in_y * row_stride + static_cast<ptrdiff_t>(in_x) * p.input_depth + oc;
          __m256 acc = _mm256_setzero_ps();
          for (int fy = 0; fy < 3; ++fy) {
            const float* r = in + fy * row_stride;
            for (int fx = 0; fx < 3; ++fx) {
              const __m256 x = lanes == 8 ? _mm256_loadu_ps(r + fx * p.input_depth)
                                          : _mm256_maskload_ps(r + fx * p.input_depth, mask);
              acc = _mm256_add_ps(acc, _mm256_mul_ps(x, w[fy * 3 + fx]));
            }
          }
          const __m256 y = _mm256_min_ps(hi, _mm256_max_ps(lo, _mm256_add_ps(acc, bias)));
          float* out = out_row + static_cast<ptrdiff_t>(ox) * p.output_depth + oc;
          if (lanes == 8) {
            _mm256_storeu_ps(out, y);
          } else {
            _mm256_maskstore_ps(out, mask, y);
          }
        }
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
