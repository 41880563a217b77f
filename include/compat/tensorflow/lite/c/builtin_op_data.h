// Forwarding header: TFLM's path, mote's implementation (see mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_C_BUILTIN_OP_DATA_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_C_BUILTIN_OP_DATA_H_
#include "mote/tflite_names.h"
#endif
