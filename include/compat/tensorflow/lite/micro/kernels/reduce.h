// TFLM's micro/kernels/reduce.h: MEAN, SUM, REDUCE_MAX and REDUCE_MIN (mote's kernels), the axis limits TFLM's reduce
// kernels have, and the prepare-time state of a reduce kernel written against TFLM.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_REDUCE_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_REDUCE_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kMaxNumberOfAxis = 5;
inline constexpr int kMaxNumberOfReducedAxis = 2;

struct OpDataReduce {
  // Requantization from input to output (MEAN / SUM of quantized tensors).
  int32_t multiplier;
  int shift;
  // Scratch buffer indices: the temporary sums and the resolved axes.
  int temp_buffer_idx;
  int resolved_axis_idx;
  int input_zp;
  float input_scale;
  int output_zp;
  float output_scale;
  int num_output_elements;
  int num_axis;
};

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_REDUCE_H_
