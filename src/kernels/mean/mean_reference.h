// MEAN reference compute, bit-exact with the TFLM release used as oracle.
//
// The input is walked in memory order and each element is added to the output slot of its non-reduced
// coordinates (so every slot sums its elements in increasing input order, as TFLM does).
//   float32: sum in float, then divide by the number of reduced elements (as float).
//   int8/int16: sum in int32 (wrapping), then TFLM's QuantizedMeanOrSum: subtract input_zero_point * count,
//     multiply by (input_scale / output_scale) / count folded into one multiplier, add the output zero
//     point, saturate. The installed TFLM uses this path for every integer case, including equal input and
//     output quantization and the 4-D mean over axes {1, 2}.
#ifndef MOTE_KERNELS_MEAN_MEAN_REFERENCE_H_
#define MOTE_KERNELS_MEAN_MEAN_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <limits>

#include "kernels/quantization/integer_arithmetic.h"
#include "mote/runtime_shape.h"

namespace mote {
namespace reference {

struct MeanParams {
  int rank;
  int32_t input_dims[RuntimeShape::kMaxDims];
  int64_t output_stride[RuntimeShape::kMaxDims];  // 0 for reduced dimensions
  int64_t input_elements;
  int64_t output_elements;
  int64_t reduced_elements;  // elements summed per output slot
  // Integer path: multiplier already divided by reduced_elements (TFLM's folding).
  int32_t input_zero_point;
  int32_t output_zero_point;
  int32_t multiplier;
  int shift;
};

namespace mean_internal {
// Calls add(output_offset, input_offset) for every input element, in input order.
template <typename Add>
inline void ForEachElement(const MeanParams& p, Add add) {
  int32_t index[RuntimeShape::kMaxDims] = {};
  int64_t out = 0;
  for (int64_t i = 0; i < p.input_elements; ++i) {
    add(out, i);
    for (int d = p.rank - 1; d >= 0; --d) {
      out += p.output_stride[d];
      if (++index[d] < p.input_dims[d]) break;
      out -= p.output_stride[d] * p.input_dims[d];
      index[d] = 0;
    }
  }
}
}  // namespace mean_internal

inline void MeanFloat(const MeanParams& p, const float* input, float* output) {
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = 0.0f;
  mean_internal::ForEachElement(p, [&](int64_t o, int64_t i) { output[o] += input[i]; });
  const float count = static_cast<float>(p.reduced_elements);
  for (int64_t i = 0; i < p.output_elements; ++i) output[i] = output[i] / count;
}

// scratch: output_elements int32.
template <typename T>
void MeanInteger(const MeanParams& p, const T* input, int32_t* scratch, T* output) {
  for (int64_t i = 0; i < p.output_elements; ++i) scratch[i] = 0;
  mean_internal::ForEachElement(p, [&](int64_t o, int64_t i) {
    scratch[o] = static_cast<int32_t>(static_cast<uint32_t>(scratch[o]) + static_cast<uint32_t>(input[i]));
  });
  const int32_t kMin = std::numeric_limits<T>::min();
  const int32_t kMax = std::numeric_limits<T>::max();
  const int64_t zero_point_sum = static_cast<int64_t>(p.input_zero_point) * p.reduced_elements;
  for (int64_t i = 0; i < p.output_elements; ++i) {
    const int32_t shifted = static_cast<int32_t>(static_cast<uint32_t>(scratch[i] - zero_point_sum));
    int32_t v = MultiplyByQuantizedMultiplier(shifted, p.multiplier, p.shift) + p.output_zero_point;
    output[i] = static_cast<T>(std::min(std::max(v, kMin), kMax));
  }
}

}  // namespace reference
}  // namespace mote

#endif  // MOTE_KERNELS_MEAN_MEAN_REFERENCE_H_
