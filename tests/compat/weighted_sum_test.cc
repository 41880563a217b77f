// WEIGHTED_SUM (a user's custom kernel) under TFLM's original test framework.
#include "tensorflow/lite/micro/testing/micro_test.h"
#include "weighted_sum_cases.h"

TF_LITE_MICRO_TESTS_BEGIN

TF_LITE_MICRO_TEST(FloatBroadcastNoActivation) {
  float output[6];
  const weighted_sum_cases::Result result = weighted_sum_cases::RunFloat(kTfLiteActNone, output);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, result.prepare);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, result.invoke);
  for (int i = 0; i < 6; ++i) TF_LITE_MICRO_EXPECT_NEAR(weighted_sum_cases::kFloatExpectedNone[i], output[i], 1e-6f);
}

TF_LITE_MICRO_TEST(FloatBroadcastRelu6) {
  float output[6];
  const weighted_sum_cases::Result result = weighted_sum_cases::RunFloat(kTfLiteActRelu6, output);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, result.invoke);
  for (int i = 0; i < 6; ++i) TF_LITE_MICRO_EXPECT_NEAR(weighted_sum_cases::kFloatExpectedRelu6[i], output[i], 1e-6f);
}

TF_LITE_MICRO_TEST(Int8NoActivation) {
  int8_t output[4];
  const weighted_sum_cases::Result result = weighted_sum_cases::RunInt8(kTfLiteActNone, output);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, result.invoke);
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(weighted_sum_cases::kInt8ExpectedNone[i], output[i]);
}

TF_LITE_MICRO_TEST(Int8Relu) {
  int8_t output[4];
  const weighted_sum_cases::Result result = weighted_sum_cases::RunInt8(kTfLiteActRelu, output);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, result.invoke);
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(weighted_sum_cases::kInt8ExpectedRelu[i], output[i]);
}

TF_LITE_MICRO_TEST(MissingOrGarbageOptionsFailPrepare) {
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, weighted_sum_cases::RunWithOptions({}).prepare);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, weighted_sum_cases::RunWithOptions({0xff, 0x13, 0x07, 0x01}).prepare);
}

TF_LITE_MICRO_TESTS_END
