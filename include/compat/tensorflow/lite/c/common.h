// Forwarding header: TFLM's path, mote's implementation (see mote/tflite_names.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_C_COMMON_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_C_COMMON_H_
#include "mote/tflite_names.h"
// TFLite's name for the registration struct in the releases between TfLiteRegistration and TFLMRegistration
// (TFLM's softmax.h declared TfLiteRegistration_V1 Register_SOFTMAX()).
typedef TfLiteRegistration TfLiteRegistration_V1;
#endif
