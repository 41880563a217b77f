// TFLM's micro/kernels/hard_swish.h: HARD_SWISH (Register_HARD_SWISH(): mote's kernel) and its tensor indices.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_HARD_SWISH_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_HARD_SWISH_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kHardSwishInputTensor = 0;
inline constexpr int kHardSwishOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_HARD_SWISH_H_
