// Reference AVERAGE_POOL_2D, MAX_POOL_2D and L2_POOL_2D over NHWC tensors, bit-exact with TFLM's reference
// kernels.
//
// For every output position (b, y, x, c) the window starts at input (y * stride_h - padding_h,
// x * stride_w - padding_w) and is clipped to the input: padded positions are not counted, so the average
// divides by the number of real input elements in the window. Quantized average: the int32 sum is divided
// rounding half away from zero ((sum +/- count/2) / count, C truncation), then clamped to the activation
// range; input and output share scale and zero point, so no requantization happens. Max: the largest input
// value (starting from the type's lowest), clamped to the activation range. Float average: float sum in
// window order (rows, then columns) divided by the float count. L2 (float only): the square root of the float
// sum of squares (window order) divided by the element count.
//
// Preconditions (checked by prepare): 4-D shapes with equal batch and channel counts; output height/width as
// computed from padding, strides and filter, so every window holds at least one input element; the window
// sum of the widest window fits in int32.
#ifndef MOTE_KERNELS_POOLING_POOLING_REFERENCE_H_
#define MOTE_KERNELS_POOLING_POOLING_REFERENCE_H_

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct PoolParams {
  int stride_height;
  int stride_width;
  int filter_height;
  int filter_width;
  int padding_height;  // "before" padding (rows above the input)
  int padding_width;   // "before" padding (columns left of the input)
  int32_t quantized_activation_min;
  int32_t quantized_activation_max;
  float float_activation_min;
  float float_activation_max;
};

namespace internal {
// Calls reduce(batch, channel, output_offset, window) for every output element, in output order; window
// holds the window origin in the input and the filter bounds clipped to the input.
struct PoolWindow {
  int in_y_origin;
  int in_x_origin;
  int filter_y_start;
  int filter_y_end;
  int filter_x_start;
  int filter_x_end;
};

template <typename Reduce>
inline void ForEachPoolWindow(const PoolParams& params, const RuntimeShape& input_shape,
                              const RuntimeShape& output_shape, Reduce reduce) {
  const int batches = input_shape.Dims(0);
  const int depth = input_shape.Dims(3);
  const int input_height = input_shape.Dims(1);
  const int input_width = input_shape.Dims(2);
  const int output_height = output_shape.Dims(1);
  const int output_width = output_shape.Dims(2);
  for (int batch = 0; batch < batches; ++batch) {
    for (int out_y = 0; out_y < output_height; ++out_y) {
      const int in_y_origin = out_y * params.stride_height - params.padding_height;
      const int filter_y_start = std::max(0, -in_y_origin);
      const int filter_y_end = std::min(params.filter_height, input_height - in_y_origin);
      for (int out_x = 0; out_x < output_width; ++out_x) {
        const int in_x_origin = out_x * params.stride_width - params.padding_width;
        PoolWindow window;
        window.in_y_origin = in_y_origin;
        window.in_x_origin = in_x_origin;
        window.filter_y_start = filter_y_start;
        window.filter_y_end = filter_y_end;
        window.filter_x_start = std::max(0, -in_x_origin);
        window.filter_x_end = std::min(params.filter_width, input_width - in_x_origin);
        for (int channel = 0; channel < depth; ++channel) {
          reduce(batch, channel, Offset(output_shape, batch, out_y, out_x, channel), window);
        }
      }
    }
  }
}
}  // namespace internal

// T = int8_t or int16_t.
template <typename T>
inline void AveragePoolQuantized(const PoolParams& params, const RuntimeShape& input_shape, const T* input_data,
                                 const RuntimeShape& output_shape, T* output_data) {
  internal::ForEachPoolWindow(
      params, input_shape, output_shape,
      [&](int batch, int channel, int out_offset, const internal::PoolWindow& w) {
        int32_t acc = 0;
        int32_t count = 0;
        for (int fy = w.filter_y_start; fy < w.filter_y_end; ++fy) {
          for (int fx = w.filter_x_start; fx < w.filter_x_end; ++fx) {
            acc += input_data[Offset(input_shape, batch, w.in_y_origin + fy, w.in_x_origin + fx, channel)];
            ++count;
          }
        }
        if (count == 0) count = 1;  // unreachable for validated shapes; avoids a division by zero
        acc = acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
        acc = std::max(acc, params.quantized_activation_min);
        acc = std::min(acc, params.quantized_activation_max);
        output_data[out_offset] = static_cast<T>(acc);
      });
}

inline void AveragePoolFloat(const PoolParams& params, const RuntimeShape& input_shape, const float* input_data,
                             const RuntimeShape& output_shape, float* output_data) {
  internal::ForEachPoolWindow(
      params, input_shape, output_shape,
      [&](int batch, int channel, int out_offset, const internal::PoolWindow& w) {
        float total = 0.f;
        float count = 0.f;
        for (int fy = w.filter_y_start; fy < w.filter_y_end; ++fy) {
          for (int fx = w.filter_x_start; fx < w.filter_x_end; ++fx) {
            total += input_data[Offset(input_shape, batch, w.in_y_origin + fy, w.in_x_origin + fx, channel)];
            count += 1.f;
          }
        }
        const float average = total / count;
        output_data[out_offset] =
            std::min(std::max(average, params.float_activation_min), params.float_activation_max);
      });
}

inline void L2PoolFloat(const PoolParams& params, const RuntimeShape& input_shape, const float* input_data,
                        const RuntimeShape& output_shape, float* output_data) {
  internal::ForEachPoolWindow(
      params, input_shape, output_shape,
      [&](int batch, int channel, int out_offset, const internal::PoolWindow& w) {
        float sum_squares = 0.f;
        int count = 0;
        for (int fy = w.filter_y_start; fy < w.filter_y_end; ++fy) {
          for (int fx = w.filter_x_start; fx < w.filter_x_end; ++fx) {
            const float value =
                input_data[Offset(input_shape, batch, w.in_y_origin + fy, w.in_x_origin + fx, channel)];
            sum_squares += value * value;
            ++count;
          }
        }
        const float l2 = std::sqrt(sum_squares / static_cast<float>(count));
        output_data[out_offset] = std::min(std::max(l2, params.float_activation_min), params.float_activation_max);
      });
}

// T = int8_t or int16_t.
template <typename T>
inline void MaxPoolQuantized(const PoolParams& params, const RuntimeShape& input_shape, const T* input_data,
                             const RuntimeShape& output_shape, T* output_data) {
  const T act_min = static_cast<T>(params.quantized_activation_min);
  const T act_max = static_cast<T>(params.quantized_activation_max);
  internal::ForEachPoolWindow(
      params, input_shape, output_shape,
      [&](int batch, int channel, int out_offset, const internal::PoolWindow& w) {
        T max = std::numeric_limits<T>::lowest();
        for (int fy = w.filter_y_start; fy < w.filter_y_end; ++fy) {
          for (int fx = w.filter_x_start; fx < w.filter_x_end; ++fx) {
            max = std::max(max,
                           input_data[Offset(input_shape, batch, w.in_y_origin + fy, w.in_x_origin + fx, channel)]);
          }
        }
        max = std::max(max, act_min);
        max = std::min(max, act_max);
        output_data[out_offset] = max;
      });
}

inline void MaxPoolFloat(const PoolParams& params, const RuntimeShape& input_shape, const float* input_data,
                         const RuntimeShape& output_shape, float* output_data) {
  internal::ForEachPoolWindow(
      params, input_shape, output_shape,
      [&](int batch, int channel, int out_offset, const internal::PoolWindow& w) {
        float max = std::numeric_limits<float>::lowest();
        for (int fy = w.filter_y_start; fy < w.filter_y_end; ++fy) {
          for (int fx = w.filter_x_start; fx < w.filter_x_end; ++fx) {
            max = std::max(max,
                           input_data[Offset(input_shape, batch, w.in_y_origin + fy, w.in_x_origin + fx, channel)]);
          }
        }
        output_data[out_offset] = std::min(std::max(max, params.float_activation_min), params.float_activation_max);
      });
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_POOLING_POOLING_REFERENCE_H_
