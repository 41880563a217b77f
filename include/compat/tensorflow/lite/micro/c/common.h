// Forwarding header: TFLM's newer path for tensorflow/lite/c/common.h, mote's implementation (see
// mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_C_COMMON_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_C_COMMON_H_
#include "tensorflow/lite/c/common.h"
#endif
