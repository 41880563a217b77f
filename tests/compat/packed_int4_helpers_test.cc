// TFLM's CreateQuantizedTensor(input, quantized, dims, scale, zero_point, is_variable, packed_type): with
// packed_type kTfLiteInt4 the quantized values are packed two per byte (element 2i in the low nibble) into the
// caller's buffer and the tensor is an INT4 one, as TFLM's kernel tests build INT4 weights. Expectations by hand.
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/micro/kernels/fully_connected.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

namespace {

using tflite::testing::CreateQuantizedTensor;
using tflite::testing::IntArrayFromInts;

}  // namespace

// {-2, -1, 0, 1, 2} at scale 1: nibbles 0xE, 0xF, 0x0, 0x1, 0x2 -> bytes 0xFE, 0x10, 0x02.
TEST(PackedInt4Helpers, QuantizesThenPacksTwoPerByteLowNibbleFirst) {
  int dims[] = {1, 5};
  const float values[] = {-2, -1, 0, 1, 2};
  int8_t quantized[5] = {};
  const TfLiteTensor t = CreateQuantizedTensor(values, quantized, IntArrayFromInts(dims), 1.0f, 0, false, kTfLiteInt4);
  EXPECT_EQ(t.type, kTfLiteInt4);
  EXPECT_EQ(t.bytes, 3u);
  EXPECT_EQ(t.allocation_type, kTfLiteMmapRo);  // constant weights, which mote's kernels require of INT4
  EXPECT_EQ(static_cast<uint8_t>(quantized[0]), 0xFEu);
  EXPECT_EQ(static_cast<uint8_t>(quantized[1]), 0x10u);
  EXPECT_EQ(static_cast<uint8_t>(quantized[2]), 0x02u);
}

TEST(PackedInt4Helpers, WithoutPackedTypeTheTensorStaysInt8) {
  int dims[] = {1, 2};
  const float values[] = {-2, 3};
  int8_t quantized[2] = {};
  const TfLiteTensor t = CreateQuantizedTensor(values, quantized, IntArrayFromInts(dims), 1.0f, 0);
  EXPECT_EQ(t.type, kTfLiteInt8);
  EXPECT_EQ(t.bytes, 2u);
  EXPECT_EQ(quantized[0], -2);
  EXPECT_EQ(quantized[1], 3);
}

// FULLY_CONNECTED with packed INT4 weights built by the helper: input {1, 2, 3}, weights {{-2, 1, 3}, {7, -8, 0}},
// no bias, all scales 1, zero points 0: outputs {-2 + 2 + 9, 7 - 16} = {9, -9}.
TEST(PackedInt4Helpers, FullyConnectedRunsOnThePackedWeights) {
  int input_dims[] = {2, 1, 3};
  int weights_dims[] = {2, 2, 3};
  int output_dims[] = {2, 1, 2};
  const int8_t input[] = {1, 2, 3};
  const float weights[] = {-2, 1, 3, 7, -8, 0};
  int8_t weights_packed[6] = {};
  int8_t output[2] = {};
  TfLiteTensor tensors[] = {
      CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 1.0f, 0),
      CreateQuantizedTensor(weights, weights_packed, IntArrayFromInts(weights_dims), 1.0f, 0, false, kTfLiteInt4),
      CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 1.0f, 0),
  };
  int inputs[] = {2, 0, 1};
  int outputs[] = {1, 2};
  TfLiteFullyConnectedParams params = {kTfLiteActNone, kTfLiteFullyConnectedWeightsFormatDefault, false, false,
                                       kTfLiteNoType};
  tflite::micro::KernelRunner runner(tflite::Register_FULLY_CONNECTED(), tensors, 3, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), &params);
  ASSERT_EQ(runner.InitAndPrepare(), kTfLiteOk);
  ASSERT_EQ(runner.Invoke(), kTfLiteOk);
  EXPECT_EQ(output[0], 9);
  EXPECT_EQ(output[1], -9);
}

TF_LITE_MICRO_TESTS_MAIN
