// TFLM's micro/kernels/pooling.h: the pooling registrations (Register_AVERAGE_POOL_2D_INT8(), Register_MAX_POOL_2D_INT8() are
// mote's type-specialised registrations; INT16 the generic ones, as TFLM's reference build has them), tensor
// indices and the prepare-time state of a pooling kernel written against TFLM.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_POOLING_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_POOLING_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline constexpr int kPoolingInputTensor = 0;
inline constexpr int kPoolingOutputTensor = 0;

struct OpDataPooling {
  TfLitePaddingValues padding;
  // Fused activation range, quantized (int8/int16 kernels) and float.
  int32_t activation_min;
  int32_t activation_max;
  float activation_min_f32;
  float activation_max_f32;
};

inline TFLMRegistration Register_AVERAGE_POOL_2D_INT16() { return Register_AVERAGE_POOL_2D(); }
inline TFLMRegistration Register_MAX_POOL_2D_INT16() { return Register_MAX_POOL_2D(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_POOLING_H_
