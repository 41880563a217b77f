// TFLM's micro/kernels/add.h: ADD's registrations: Register_ADD_INT8() is mote's type-specialised registration; INT16 the generic
// one, as TFLM's reference build has it.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ADD_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ADD_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {

inline TFLMRegistration Register_ADD_INT16() { return Register_ADD(); }

}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_ADD_H_
