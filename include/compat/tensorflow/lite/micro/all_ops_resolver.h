// Forwarding header: TFLM's path, mote's implementation (see mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_ALL_OPS_RESOLVER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_ALL_OPS_RESOLVER_H_
#include "mote/tflite_names.h"
// As TFLM's, the resolver header brings every kernel factory, tflite::ops::micro::Register_PAD() included.
#include "tensorflow/lite/micro/kernels/micro_ops.h"
#endif
