// DEPTHWISE_CONV_2D float32 AVX2 variant (depthwise_conv_2d_float_variants.h). Built with -mavx2 -mfma
// (CMakeLists.txt); it uses no FMA, to stay bit-exact with the reference.
#include <immintrin.h>

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

}  // namespace

void DepthwiseFloatAvx2(const DepthwiseFloatProblem& p, void*) {
  float* out = p.output;
  for (int b = 0; b < p.batches; ++b) {
    const ptrdiff_t pixel_base = static_cast<ptrdiff_t>(b) * p.input_height * p.input_width * p.input_depth;
    for (int oy = 0; oy < p.output_height; ++oy) {
      const int in_y = oy * p.stride_height - p.pad_height;
      int fy_begin, fy_end;
      reference::ValidTapRange(in_y, p.dilation_height, p.input_height, p.filter_height, &fy_begin, &fy_end);
      for (int ox = 0; ox < p.output_width; ++ox) {
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
        out += p.output_depth;
      }
    }
  }
}

}  // namespace depthwise_conv_2d
}  // namespace mote
