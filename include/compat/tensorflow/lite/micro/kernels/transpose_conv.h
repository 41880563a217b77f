// TFLM's micro/kernels/transpose_conv.h: TRANSPOSE_CONV's registrations: Register_TRANSPOSE_CONV_INT8() is mote's type-specialised
// registration.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_TRANSPOSE_CONV_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_TRANSPOSE_CONV_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_TRANSPOSE_CONV_H_
