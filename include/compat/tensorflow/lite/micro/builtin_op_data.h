// TFLM's micro/builtin_op_data.h (recent TFLM's home of the TfLite*Params builtin structs): mote's, through the
// forwarding header.
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_BUILTIN_OP_DATA_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_BUILTIN_OP_DATA_H_
#include "tensorflow/lite/c/builtin_op_data.h"
#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_BUILTIN_OP_DATA_H_
