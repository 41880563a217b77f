// tflite::InitializeTest(), the target setup both test frameworks' main() calls (micro_test.h and
// micro_test_v2.h), defined once so a test may include both, as TFLM's conv_test.cc does (conv_test.h brings
// micro_test.h, the test itself micro_test_v2.h).
#ifndef MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_INITIALIZE_TEST_H_
#define MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_INITIALIZE_TEST_H_

#include "tensorflow/lite/micro/system_setup.h"

namespace tflite {
inline void InitializeTest() { InitializeTarget(); }
}  // namespace tflite

#endif  // MOTE_COMPAT_TENSORFLOW_LITE_MICRO_TESTING_INITIALIZE_TEST_H_
