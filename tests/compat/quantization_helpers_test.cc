// TFLM's test_helpers.h quantization-parameter helpers, as its kernel tests use them to quantize inputs
// (embedding_lookup_test's symmetric int8 table). Expectations by hand.
#include <cstdint>

#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

using tflite::testing::SymmetricScaleFromMinMax;

// The larger magnitude of the two bounds over 127 (int8) or 32767 (int16); zero point 0 is implied.
TEST(QuantizationHelpers, SymmetricScaleUsesTheLargerMagnitude) {
  EXPECT_FLOAT_EQ(2.54f / 127, SymmetricScaleFromMinMax<int8_t>(-2.54f, 1.0f));
  EXPECT_FLOAT_EQ(3.0f / 127, SymmetricScaleFromMinMax<int8_t>(-1.0f, 3.0f));
  EXPECT_FLOAT_EQ(6.0f / 32767, SymmetricScaleFromMinMax<int16_t>(-6.0f, 6.0f));
}

// An all-zero range would give scale 0; the helper answers 1 instead.
TEST(QuantizationHelpers, SymmetricScaleOfAZeroRangeIsOne) {
  EXPECT_FLOAT_EQ(1.0f, SymmetricScaleFromMinMax<int8_t>(0.0f, 0.0f));
}

TF_LITE_MICRO_TESTS_MAIN
