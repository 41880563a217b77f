// TFLM's micro/kernels/logistic.h: LOGISTIC (Register_LOGISTIC(): mote's kernel) and its tensor indices.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LOGISTIC_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LOGISTIC_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kLogisticInputTensor = 0;
inline constexpr int kLogisticOutputTensor = 0;

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_LOGISTIC_H_
