// Forwarding header: TFLM's path, mote's implementation (see mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_ALLOCATOR_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_MICRO_ALLOCATOR_H_
#include "mote/tflite_names.h"
#endif
