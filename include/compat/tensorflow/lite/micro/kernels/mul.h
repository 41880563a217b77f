// TFLM's micro/kernels/mul.h: MUL's registrations: Register_MUL_INT8() is the generic one, as TFLM's reference build has it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MUL_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MUL_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline TFLMRegistration Register_MUL_INT8() { return Register_MUL(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_MUL_H_
