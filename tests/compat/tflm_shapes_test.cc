// Node shapes TFLM's kernels accept and its own kernel tests use, run through KernelRunner as they do: CONV_2D,
// DEPTHWISE_CONV_2D and AVERAGE_POOL_2D outputs larger than the padding computes (the kernel iterates the
// output's own size; windows are placed by that padding and clipped to the input). Expectations by hand.
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/kernels/conv.h"
#include "tensorflow/lite/micro/kernels/depthwise_conv.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/kernels/pooling.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

namespace {

using tflite::testing::CreateQuantizedTensor;
using tflite::testing::CreateTensor;
using tflite::testing::IntArrayFromInts;

int kInputDims[] = {4, 1, 3, 3, 1};
int kFilterDims[] = {4, 1, 2, 2, 1};
int kBiasDims[] = {1, 1};
int kOutputDims[] = {4, 1, 2, 2, 1};

TfLiteStatus Run(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size, const void* params) {
  int inputs[4] = {tensors_size - 1, 0, 1, 2};
  int outputs[] = {1, tensors_size - 1};
  tflite::micro::KernelRunner runner(registration, tensors, tensors_size, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), params);
  TF_LITE_ENSURE_STATUS(runner.InitAndPrepare());
  return runner.Invoke();
}

}  // namespace

// Input 3x3 {1..9}, a 2x2 filter of ones, VALID at stride 2: the padding computes a 1x1 output; the 2x2 output
// adds windows at column 2 and row 2, clipped: {1+2+4+5, 3+6, 7+8, 9} = {12, 9, 15, 9}.
TEST(TflmShapes, Conv2DOutputLargerThanThePaddingComputes) {
  TfLiteConvParams params = {kTfLitePaddingValid, 2, 2, kTfLiteActNone, 1, 1, kTfLiteNoType};
  {
    const float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    const float filter[] = {1, 1, 1, 1};
    const float bias[] = {0};
    float output[4] = {};
    TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(kInputDims)),
                              CreateTensor(filter, IntArrayFromInts(kFilterDims)),
                              CreateTensor(bias, IntArrayFromInts(kBiasDims)),
                              CreateTensor(output, IntArrayFromInts(kOutputDims))};
    ASSERT_EQ(kTfLiteOk, Run(tflite::Register_CONV_2D(), tensors, 4, &params));
    const float expected[] = {12, 9, 15, 9};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(expected[i], output[i]);
  }
  {
    // int8 at scale 1 (filter scale 1, bias scale 1): the same numbers.
    const int8_t input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    const int8_t filter[] = {1, 1, 1, 1};
    const int32_t bias[] = {0};
    int8_t output[4] = {};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(kInputDims), 1.0f, 0),
                              CreateQuantizedTensor(filter, IntArrayFromInts(kFilterDims), 1.0f, 0),
                              CreateQuantizedTensor(bias, IntArrayFromInts(kBiasDims), 1.0f, 0),
                              CreateQuantizedTensor(output, IntArrayFromInts(kOutputDims), 1.0f, 0)};
    ASSERT_EQ(kTfLiteOk, Run(tflite::Register_CONV_2D_INT8(), tensors, 4, &params));
    const int8_t expected[] = {12, 9, 15, 9};
    for (int i = 0; i < 4; ++i) EXPECT_EQ(expected[i], output[i]);
  }
}

TEST(TflmShapes, DepthwiseConv2DOutputLargerThanThePaddingComputes) {
  TfLiteDepthwiseConvParams params = {kTfLitePaddingValid, 2, 2, 1, kTfLiteActNone, 1, 1};
  const int8_t input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const int8_t filter[] = {1, 1, 1, 1};
  const int32_t bias[] = {0};
  int8_t output[4] = {};
  TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(kInputDims), 1.0f, 0),
                            CreateQuantizedTensor(filter, IntArrayFromInts(kFilterDims), 1.0f, 0),
                            CreateQuantizedTensor(bias, IntArrayFromInts(kBiasDims), 1.0f, 0),
                            CreateQuantizedTensor(output, IntArrayFromInts(kOutputDims), 1.0f, 0)};
  ASSERT_EQ(kTfLiteOk, Run(tflite::Register_DEPTHWISE_CONV_2D_INT8(), tensors, 4, &params));
  const int8_t expected[] = {12, 9, 15, 9};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(expected[i], output[i]);
}

// Input 2x3 {1..6}, 2x2 windows at stride 1, VALID: the padding computes 1x2; a 2x3 output averages the clipped
// windows {1,2,4,5} {2,3,5,6} {3,6} {4,5} {5,6} {6} = {3, 4, 4.5, 4.5, 5.5, 6}.
TEST(TflmShapes, AveragePool2DOutputLargerThanThePaddingComputes) {
  int input_dims[] = {4, 1, 2, 3, 1};
  int output_dims[] = {4, 1, 2, 3, 1};
  const float input[] = {1, 2, 3, 4, 5, 6};
  float output[6] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  TfLitePoolParams params = {kTfLitePaddingValid, 1, 1, 2, 2, kTfLiteActNone, {}};
  int inputs[] = {1, tflite::kPoolingInputTensor};
  int outputs[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_AVERAGE_POOL_2D(), tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), &params);
  ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
  ASSERT_EQ(kTfLiteOk, runner.Invoke());
  const float expected[] = {3, 4, 4.5f, 4.5f, 5.5f, 6};
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(expected[i], output[i], 1e-6f);
}

// Outputs whose windows would start past the input stay refused: a 3x3 output of the 3x3 input at stride 2
// places its last windows at row and column 4.
TEST(TflmShapes, WindowsPastTheInputAreRefused) {
  TfLiteConvParams params = {kTfLitePaddingValid, 2, 2, kTfLiteActNone, 1, 1, kTfLiteNoType};
  int output_dims[] = {4, 1, 3, 3, 1};
  const float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const float filter[] = {1, 1, 1, 1};
  const float bias[] = {0};
  float output[9] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(kInputDims)),
                            CreateTensor(filter, IntArrayFromInts(kFilterDims)),
                            CreateTensor(bias, IntArrayFromInts(kBiasDims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  EXPECT_EQ(kTfLiteError, Run(tflite::Register_CONV_2D(), tensors, 4, &params));
}

TF_LITE_MICRO_TESTS_MAIN
