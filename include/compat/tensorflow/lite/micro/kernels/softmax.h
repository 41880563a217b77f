// TFLM's micro/kernels/softmax.h: SOFTMAX's registrations: Register_SOFTMAX_INT8() is mote's type-specialised registration
// (int8 input); INT16 and INT8_INT16 the generic one, as TFLM's reference build has them.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SOFTMAX_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SOFTMAX_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline TFLMRegistration Register_SOFTMAX_INT16() { return Register_SOFTMAX(); }
inline TFLMRegistration Register_SOFTMAX_INT8_INT16() { return Register_SOFTMAX(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_SOFTMAX_H_
