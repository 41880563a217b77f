// TFLM's micro/kernels/unidirectional_sequence_lstm.h: UNIDIRECTIONAL_SEQUENCE_LSTM's registrations:
// Register_UNIDIRECTIONAL_SEQUENCE_LSTM_INT8/INT16() are mote's type-specialised registrations.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H_

#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/types.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"

namespace tflite {
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_KERNELS_UNIDIRECTIONAL_SEQUENCE_LSTM_H_
