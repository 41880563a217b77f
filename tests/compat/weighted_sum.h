// WEIGHTED_SUM, a custom kernel written as a TFLM user writes one (TFLM's kernel headers only), to prove
// those headers and KernelRunner on a kernel mote does not ship. Custom options: a FlexBuffer vector
// [alpha (float), fused activation (int, TfLiteFusedActivation)].
#ifndef MOTE_TESTS_COMPAT_WEIGHTED_SUM_H_
#define MOTE_TESTS_COMPAT_WEIGHTED_SUM_H_

#include "tensorflow/lite/c/common.h"

namespace tflite {

TFLMRegistration* Register_WEIGHTED_SUM();

}  // namespace tflite

#endif  // MOTE_TESTS_COMPAT_WEIGHTED_SUM_H_
