// WEIGHTED_SUM (a user's custom kernel) under TFLM's GoogleTest-style framework.
#include "tensorflow/lite/micro/testing/micro_test_v2.h"
#include "weighted_sum_cases.h"

namespace {

class WeightedSumInt8 : public testing::Test {
 protected:
  void SetUp() override {
    for (int8_t& v : output_) v = -128;
  }
  int8_t output_[4];
};

}  // namespace

TEST(WeightedSum, FloatBroadcastNoActivation) {
  float output[6];
  const weighted_sum_cases::Result result = weighted_sum_cases::RunFloat(kTfLiteActNone, output);
  ASSERT_EQ(kTfLiteOk, result.prepare);
  ASSERT_EQ(kTfLiteOk, result.invoke);
  for (int i = 0; i < 6; ++i) EXPECT_FLOAT_EQ(weighted_sum_cases::kFloatExpectedNone[i], output[i]);
}

TEST(WeightedSum, FloatBroadcastRelu6) {
  float output[6];
  ASSERT_EQ(kTfLiteOk, weighted_sum_cases::RunFloat(kTfLiteActRelu6, output).invoke);
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(weighted_sum_cases::kFloatExpectedRelu6[i], output[i], 1e-6f);
}

TEST_F(WeightedSumInt8, NoActivation) {
  ASSERT_EQ(kTfLiteOk, weighted_sum_cases::RunInt8(kTfLiteActNone, output_).invoke);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(weighted_sum_cases::kInt8ExpectedNone[i], output_[i]);
}

TEST_F(WeightedSumInt8, Relu) {
  ASSERT_EQ(kTfLiteOk, weighted_sum_cases::RunInt8(kTfLiteActRelu, output_).invoke);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(weighted_sum_cases::kInt8ExpectedRelu[i], output_[i]);
}

TEST(WeightedSum, MissingOrGarbageOptionsFailPrepare) {
  EXPECT_EQ(kTfLiteError, weighted_sum_cases::RunWithOptions({}).prepare);
  EXPECT_EQ(kTfLiteError, weighted_sum_cases::RunWithOptions({0xff, 0x13, 0x07, 0x01}).prepare);
}

TF_LITE_MICRO_TESTS_MAIN
