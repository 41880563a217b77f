// TFLite's kernels/internal/portable_tensor_utils.h as TFLM's LSTM test data uses it: folding a zero point into
// a bias, bias[row] += scalar * (sum of the int8 row). Expectations by hand.
#include <cstdint>

#include "tensorflow/lite/kernels/internal/portable_tensor_utils.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

// Rows {1, 2, 3} and {-4, 5, -6} sum to 6 and -5; times -21, added to {100, 0}: {-26, 105}.
TEST(PortableTensorUtils, MatrixScalarMultiplyAccumulateAddsScaledRowSums) {
  const int8_t matrix[] = {1, 2, 3, -4, 5, -6};
  int32_t output[] = {100, 0};
  tflite::tensor_utils::MatrixScalarMultiplyAccumulate(matrix, -21, 2, 3, output);
  EXPECT_EQ(output[0], -26);
  EXPECT_EQ(output[1], 105);
}

// Rows of -128 (the int8 extreme): 4 * -128 * 127 = -65024 per row, no saturation.
TEST(PortableTensorUtils, MatrixScalarMultiplyAccumulateAtTheInt8Extremes) {
  const int8_t matrix[] = {-128, -128, -128, -128};
  int32_t output[] = {0};
  tflite::tensor_utils::MatrixScalarMultiplyAccumulate(matrix, 127, 1, 4, output);
  EXPECT_EQ(output[0], -65024);
}

TF_LITE_MICRO_TESTS_MAIN
