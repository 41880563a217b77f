// Reference RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR over NHWC tensors, bit-exact with TFLM's reference
// kernels.
//
// Both map output row y (column x likewise) to input coordinates with a scale of in/out, or (in-1)/(out-1)
// with align_corners (when out > 1), and half_pixel_centers shifting the sample point by half a pixel.
// - Nearest: in_y = floor((y + offset) * scale) (round half away from zero with align_corners), offset 0.5
//   with half_pixel_centers else 0, clamped to [0, in - 1]; the depth-long pixel is copied.
// - Bilinear float32: input_y = y * scale (or (y + 0.5) * scale - 0.5), y0 = max(floor, 0),
//   y1 = min(ceil, in - 1); the four neighbours weighted in float, in TFLM's order of terms.
// - Bilinear int8: the same in 10-bit fixed point (scale_10 = round(1024 * in / out)), weights multiplied in
//   int64 and the 20-bit product divided rounding half away from zero.
//
// Preconditions (checked by prepare): 4-D input and output with equal batch and depth, input height and width
// >= 1, output height and width >= 1 (the size tensor's values), not both align_corners and
// half_pixel_centers for bilinear, and every computed lower bound (y0, x0) inside the input (the largest is
// the last row's: ResizeBilinearLastLowerBound).
#ifndef MOTE_KERNELS_RESIZE_RESIZE_REFERENCE_H_
#define MOTE_KERNELS_RESIZE_RESIZE_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct ResizeParams {
  bool align_corners;
  bool half_pixel_centers;
};

namespace internal {

// One output coordinate's sample point and its two input neighbours.
template <typename Coord>
struct Interpolation {
  Coord point;  // float, or int32 in 1/1024 units
  int32_t lower;
  int32_t upper;
};

inline Interpolation<float> FloatInterpolation(int value, float scale, bool half_pixel_centers, int32_t in_size) {
  Interpolation<float> r;
  r.point = half_pixel_centers ? (static_cast<float>(value) + 0.5f) * scale - 0.5f : static_cast<float>(value) * scale;
  r.lower = std::max(static_cast<int32_t>(std::floor(r.point)), static_cast<int32_t>(0));
  r.upper = std::min(static_cast<int32_t>(std::ceil(r.point)), in_size - 1);
  return r;
}

inline Interpolation<int32_t> IntegerInterpolation(int32_t value, int32_t scale_10, bool half_pixel_centers,
                                                   int32_t in_size) {
  Interpolation<int32_t> r;
  r.point = half_pixel_centers ? value * scale_10 + scale_10 / 2 - (1 << 9) : value * scale_10;
  r.lower = std::max(r.point / (1 << 10), static_cast<int32_t>(0));
  r.upper = std::min((r.point + (1 << 10) - 1) / (1 << 10), in_size - 1);
  return r;
}

inline float FloatScale(int32_t in_size, int32_t out_size, bool align_corners) {
  if (align_corners && out_size > 1) return static_cast<float>(in_size - 1) / static_cast<float>(out_size - 1);
  return static_cast<float>(in_size) / static_cast<float>(out_size);
}

inline int32_t IntegerScale(int32_t in_size, int32_t out_size, bool align_corners) {
  if (align_corners && out_size > 1) return ((1 << 10) * (in_size - 1) + (out_size - 1) / 2) / (out_size - 1);
  return ((1 << 10) * in_size + out_size / 2) / out_size;
}

}  // namespace internal

// The lower input neighbour of the last output row (or column), the largest one: prepare refuses sizes where
// it falls outside the input (TFLM then reads out of bounds; upsampling by about 1000x in the integer path).
inline int32_t ResizeBilinearLastLowerBound(const ResizeParams& params, bool integer, int32_t in_size,
                                            int32_t out_size) {
  if (integer) {
    const int32_t scale = internal::IntegerScale(in_size, out_size, params.align_corners);
    return internal::IntegerInterpolation(out_size - 1, scale, params.half_pixel_centers, in_size).lower;
  }
  const float scale = internal::FloatScale(in_size, out_size, params.align_corners);
  return internal::FloatInterpolation(out_size - 1, scale, params.half_pixel_centers, in_size).lower;
}

inline void ResizeBilinearFloat(const ResizeParams& params, const RuntimeShape& input_shape, const float* input,
                                const RuntimeShape& output_shape, float* output) {
  const int32_t batches = input_shape.Dims(0);
  const int32_t in_h = input_shape.Dims(1);
  const int32_t in_w = input_shape.Dims(2);
  const int32_t depth = input_shape.Dims(3);
  const int32_t out_h = output_shape.Dims(1);
  const int32_t out_w = output_shape.Dims(2);
  const float h_scale = internal::FloatScale(in_h, out_h, params.align_corners);
  const float w_scale = internal::FloatScale(in_w, out_w, params.align_corners);
  for (int b = 0; b < batches; ++b) {
    for (int y = 0; y < out_h; ++y) {
      const auto iy = internal::FloatInterpolation(y, h_scale, params.half_pixel_centers, in_h);
      const float dy = iy.point - static_cast<float>(iy.lower);
      for (int x = 0; x < out_w; ++x) {
        const auto ix = internal::FloatInterpolation(x, w_scale, params.half_pixel_centers, in_w);
        const float dx = ix.point - static_cast<float>(ix.lower);
        const float* ll = input + Offset(input_shape, b, iy.lower, ix.lower, 0);
        const float* ul = input + Offset(input_shape, b, iy.upper, ix.lower, 0);
        const float* lr = input + Offset(input_shape, b, iy.lower, ix.upper, 0);
        const float* ur = input + Offset(input_shape, b, iy.upper, ix.upper, 0);
        float* out = output + Offset(output_shape, b, y, x, 0);
        for (int c = 0; c < depth; ++c) {
          // TFLM adds its rounding offset, 0 for float: kept, it turns a -0 sum into +0.
          out[c] = ll[c] * (1 - dy) * (1 - dx) + ul[c] * dy * (1 - dx) + lr[c] * (1 - dy) * dx + ur[c] * dy * dx + 0.0f;
        }
      }
    }
  }
}

// T = int8_t.
template <typename T>
inline void ResizeBilinearInteger(const ResizeParams& params, const RuntimeShape& input_shape, const T* input,
                                  const RuntimeShape& output_shape, T* output) {
  const int32_t batches = input_shape.Dims(0);
  const int32_t in_h = input_shape.Dims(1);
  const int32_t in_w = input_shape.Dims(2);
  const int32_t depth = input_shape.Dims(3);
  const int32_t out_h = output_shape.Dims(1);
  const int32_t out_w = output_shape.Dims(2);
  const int32_t h_scale = internal::IntegerScale(in_h, out_h, params.align_corners);
  const int32_t w_scale = internal::IntegerScale(in_w, out_w, params.align_corners);
  constexpr int64_t kOne = 1 << 10;
  for (int b = 0; b < batches; ++b) {
    for (int y = 0; y < out_h; ++y) {
      const auto iy = internal::IntegerInterpolation(y, h_scale, params.half_pixel_centers, in_h);
      const int64_t dy = iy.point - kOne * iy.lower;
      for (int x = 0; x < out_w; ++x) {
        const auto ix = internal::IntegerInterpolation(x, w_scale, params.half_pixel_centers, in_w);
        const int64_t dx = ix.point - kOne * ix.lower;
        const T* ll = input + Offset(input_shape, b, iy.lower, ix.lower, 0);
        const T* ul = input + Offset(input_shape, b, iy.upper, ix.lower, 0);
        const T* lr = input + Offset(input_shape, b, iy.lower, ix.upper, 0);
        const T* ur = input + Offset(input_shape, b, iy.upper, ix.upper, 0);
        T* out = output + Offset(output_shape, b, y, x, 0);
        for (int c = 0; c < depth; ++c) {
          const int64_t sum_20 = ll[c] * (kOne - dy) * (kOne - dx) + ul[c] * dy * (kOne - dx) +
                                 lr[c] * (kOne - dy) * dx + ur[c] * dy * dx;
          const int64_t round = sum_20 > 0 ? (1 << 19) : -(1 << 19);
          out[c] = static_cast<T>((sum_20 + round) / (1 << 20));
        }
      }
    }
  }
}

inline int32_t NearestNeighbor(int value, int32_t in_size, int32_t out_size, const ResizeParams& params) {
  const float scale = internal::FloatScale(in_size, out_size, params.align_corners);
  const float offset = params.half_pixel_centers ? 0.5f : 0.0f;
  const float point = (static_cast<float>(value) + offset) * scale;
  const int32_t nearest = static_cast<int32_t>(params.align_corners ? std::round(point) : std::floor(point));
  return std::max(std::min(nearest, in_size - 1), static_cast<int32_t>(0));
}

// T = int8_t, int16_t or int32_t (float32 is copied as its bits).
template <typename T>
inline void ResizeNearestNeighbor(const ResizeParams& params, const RuntimeShape& input_shape, const T* input,
                                  const RuntimeShape& output_shape, T* output) {
  const int32_t batches = input_shape.Dims(0);
  const int32_t in_h = input_shape.Dims(1);
  const int32_t in_w = input_shape.Dims(2);
  const int32_t depth = input_shape.Dims(3);
  const int32_t out_h = output_shape.Dims(1);
  const int32_t out_w = output_shape.Dims(2);
  for (int b = 0; b < batches; ++b) {
    for (int y = 0; y < out_h; ++y) {
      const int32_t in_y = NearestNeighbor(y, in_h, out_h, params);
      for (int x = 0; x < out_w; ++x) {
        const int32_t in_x = NearestNeighbor(x, in_w, out_w, params);
        std::memcpy(output + Offset(output_shape, b, y, x, 0), input + Offset(input_shape, b, in_y, in_x, 0),
                    static_cast<size_t>(depth) * sizeof(T));
      }
    }
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_RESIZE_RESIZE_REFERENCE_H_
