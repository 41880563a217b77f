// TFLM's micro/kernels/circular_buffer.h: the CIRCULAR_BUFFER custom kernel (Register_CIRCULAR_BUFFER() returns a pointer,
// as TFLM's; mote's kernel) and its tensor indices.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CIRCULAR_BUFFER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CIRCULAR_BUFFER_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kCircularBufferInputTensor = 0;
inline constexpr int kCircularBufferOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_CIRCULAR_BUFFER_H_
