// TFLite's kernels/internal/reference/transpose.h: reference_ops::Transpose, the portable N-D transpose a
// kernel test uses to compute its expected output (TFLM's transpose_test). Output dimension d is input
// dimension params.perm[d]. Header-only and allocation-free; mote's TRANSPOSE kernel does not use it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_REFERENCE_TRANSPOSE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_REFERENCE_TRANSPOSE_H_

#include <cstdint>

#include "tensorflow/lite/kernels/internal/types.h"

namespace tflite {
namespace reference_ops {

// Precondition (as TFLite's): params.perm is a permutation of 0..perm_count-1, perm_count <= 6, and
// output_shape.Dims(d) == input_shape.Dims(params.perm[d]).
template <typename T>
void Transpose(const TransposeParams& params, const RuntimeShape& input_shape, const T* input_data,
               const RuntimeShape& output_shape, T* output_data) {
  constexpr int kMaxRank = 6;
  const int rank = params.perm_count;
  int64_t input_stride[kMaxRank];
  int64_t stride = 1;
  for (int d = rank - 1; d >= 0; --d) {
    input_stride[d] = stride;
    stride *= input_shape.Dims(d);
  }
  // Walk the output in row-major order, keeping its index per dimension and the matching input offset.
  int32_t index[kMaxRank] = {};
  int64_t input_offset = 0;
  const int64_t count = output_shape.FlatSize();
  for (int64_t out = 0; out < count; ++out) {
    output_data[out] = input_data[input_offset];
    for (int d = rank - 1; d >= 0; --d) {
      const int64_t step = input_stride[params.perm[d]];
      if (++index[d] < output_shape.Dims(d)) {
        input_offset += step;
        break;
      }
      input_offset -= step * (index[d] - 1);
      index[d] = 0;
    }
  }
}

}  // namespace reference_ops
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_KERNELS_INTERNAL_REFERENCE_TRANSPOSE_H_
