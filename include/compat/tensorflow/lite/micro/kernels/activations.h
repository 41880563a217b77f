// TFLM's micro/kernels/activations.h: RELU and RELU6 (Register_RELU(), Register_RELU6(): mote's kernels).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ACTIVATIONS_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ACTIVATIONS_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ACTIVATIONS_H_
