// Forwarding header: TFLite's path, mote's host API (see mote/host_tflite_names.h; link mote::mote_host).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MODEL_BUILDER_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MODEL_BUILDER_H_
#include "mote/host_tflite_names.h"
#endif
