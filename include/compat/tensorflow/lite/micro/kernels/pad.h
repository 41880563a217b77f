// TFLM's micro/kernels/pad.h: PAD and PADV2 (Register_PAD(), Register_PADV2(): mote's kernels).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_PAD_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_PAD_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_PAD_H_
