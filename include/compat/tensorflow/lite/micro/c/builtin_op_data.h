// Forwarding header: TFLM's newer path for tensorflow/lite/c/builtin_op_data.h, mote's implementation (see
// mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_C_BUILTIN_OP_DATA_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_C_BUILTIN_OP_DATA_H_
#include "tensorflow/lite/c/builtin_op_data.h"
#endif
