// mote's own registrations (tflite::Register_CONV_2D()...) driven by KernelRunner exactly as TFLM's kernel
// tests drive TFLM's, with tensors from TFLM's test helpers and expectations computed by hand.
#include <cmath>
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/portable_tensor.h"
#include "tensorflow/lite/kernels/internal/reference/transpose.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test.h"

namespace {

using tflite::testing::CreateQuantizedTensor;
using tflite::testing::CreateTensor;
using tflite::testing::IntArrayFromInts;

// Runs `registration` on tensors [inputs..., output] (one output, the last tensor).
TfLiteStatus RunKernel(const TFLMRegistration& registration, TfLiteTensor* tensors, int tensors_size,
                       const void* builtin_data) {
  int inputs[8] = {tensors_size - 1};
  for (int i = 0; i < tensors_size - 1; ++i) inputs[i + 1] = i;
  int outputs[] = {1, tensors_size - 1};
  tflite::micro::KernelRunner runner(registration, tensors, tensors_size, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), builtin_data);
  TF_LITE_ENSURE_STATUS(runner.InitAndPrepare());
  return runner.Invoke();
}

}  // namespace

TF_LITE_MICRO_TESTS_BEGIN

// 3x3 input 1..9, 2x2 filter {1, 2, 3, 4}, bias 0.5, VALID: each output is the window's dot product + 0.5.
TF_LITE_MICRO_TEST(Conv2DFloatValid) {
  int input_dims[] = {4, 1, 3, 3, 1};
  int filter_dims[] = {4, 1, 2, 2, 1};
  int bias_dims[] = {1, 1};
  int output_dims[] = {4, 1, 2, 2, 1};
  const float input[] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  const float filter[] = {1, 2, 3, 4};
  const float bias[] = {0.5f};
  float output[4] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                            CreateTensor(filter, IntArrayFromInts(filter_dims)),
                            CreateTensor(bias, IntArrayFromInts(bias_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  TfLiteConvParams params = {kTfLitePaddingValid, 1, 1, kTfLiteActNone, 1, 1, kTfLiteNoType};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_CONV_2D(), tensors, 4, &params));
  const float expected[] = {37.5f, 47.5f, 67.5f, 77.5f};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_NEAR(expected[i], output[i], 1e-5f);
}

// Per-channel int8: input {1, 2, 3, 4} (scale 0.5, zero point -1: q {1, 3, 5, 7}); channel 0 filter all 1
// (scale 0.5: q 2), channel 1 {1, -1, 1, -1} (scale 0.25: q +-4); bias {1, -1} at scales 0.25 / 0.125.
// Real outputs 10 + 1 = 11 and -2 - 1 = -3; output scale 0.5, zero point 0: {22, -6}.
TF_LITE_MICRO_TEST(Conv2DInt8PerChannel) {
  int input_dims[] = {4, 1, 2, 2, 1};
  int filter_dims[] = {4, 2, 2, 2, 1};
  int bias_dims[] = {1, 2};
  int output_dims[] = {4, 1, 1, 1, 2};
  const int8_t input[] = {1, 3, 5, 7};
  const int8_t filter[] = {2, 2, 2, 2, 4, -4, 4, -4};
  float filter_scales[] = {2, 0.5f, 0.25f};
  int filter_zero_points[] = {2, 0, 0};
  TfLiteAffineQuantization filter_quant = {tflite::testing::FloatArrayFromFloats(filter_scales),
                                           IntArrayFromInts(filter_zero_points), 0};
  const float bias_real[] = {1.0f, -1.0f};
  int32_t bias[2];
  float weight_scales[] = {0.5f, 0.25f};
  float bias_scales[3];
  int bias_zero_points[3];
  TfLiteAffineQuantization bias_quant;
  int8_t output[2] = {};
  TfLiteTensor tensors[] = {
      CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 0.5f, -1),
      CreateTensor(filter, IntArrayFromInts(filter_dims)),
      tflite::testing::CreatePerChannelQuantizedBiasTensor(bias_real, bias, IntArrayFromInts(bias_dims), 0.5f,
                                                           weight_scales, bias_scales, bias_zero_points, &bias_quant,
                                                           0),
      CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 0.5f, 0)};
  tensors[1].quantization = {kTfLiteAffineQuantization, &filter_quant};
  TF_LITE_MICRO_EXPECT_EQ(4, bias[0]);
  TF_LITE_MICRO_EXPECT_EQ(-8, bias[1]);
  TfLiteConvParams params = {kTfLitePaddingValid, 1, 1, kTfLiteActNone, 1, 1, kTfLiteNoType};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_CONV_2D(), tensors, 4, &params));
  TF_LITE_MICRO_EXPECT_EQ(22, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(-6, output[1]);
}

// {1, 2, 3} . {1, 1, 1} + 10 = 16 and . {1, -1, 2} + 0 = 5, every scale 1.
TF_LITE_MICRO_TEST(FullyConnectedInt8) {
  int input_dims[] = {2, 1, 3};
  int weights_dims[] = {2, 2, 3};
  int bias_dims[] = {1, 2};
  int output_dims[] = {2, 1, 2};
  const int8_t input[] = {1, 2, 3};
  const int8_t weights[] = {1, 1, 1, 1, -1, 2};
  const int32_t bias[] = {10, 0};
  int8_t output[2] = {};
  TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 1.0f, 0),
                            CreateQuantizedTensor(weights, IntArrayFromInts(weights_dims), 1.0f, 0),
                            CreateQuantizedTensor(bias, IntArrayFromInts(bias_dims), 1.0f, 0),
                            CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 1.0f, 0)};
  TfLiteFullyConnectedParams params = {kTfLiteActNone, kTfLiteFullyConnectedWeightsFormatDefault, false, false,
                                       kTfLiteNoType};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_FULLY_CONNECTED(), tensors, 4, &params));
  TF_LITE_MICRO_EXPECT_EQ(16, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(5, output[1]);
}

// Rows {1, 1} -> {1/2, 1/2} and {0, ln 3} -> {1/4, 3/4}.
TF_LITE_MICRO_TEST(SoftmaxFloat) {
  int dims[] = {2, 2, 2};
  const float input[] = {1.0f, 1.0f, 0.0f, std::log(3.0f)};
  float output[4] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(dims)), CreateTensor(output, IntArrayFromInts(dims))};
  TfLiteSoftmaxParams params = {1.0f};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_SOFTMAX(), tensors, 2, &params));
  const float expected[] = {0.5f, 0.5f, 0.25f, 0.75f};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_NEAR(expected[i], output[i], 1e-6f);
}

// [2, 2] + [1] broadcast, then RELU: {1 - 2, 2 - 2, 3 - 2, 4 - 2} clamped at 0.
TF_LITE_MICRO_TEST(AddFloatBroadcastRelu) {
  int dims[] = {2, 2, 2};
  int scalar_dims[] = {1, 1};
  const float input1[] = {1, 2, 3, 4};
  const float input2[] = {-2};
  float output[4] = {};
  TfLiteTensor tensors[] = {CreateTensor(input1, IntArrayFromInts(dims)),
                            CreateTensor(input2, IntArrayFromInts(scalar_dims)),
                            CreateTensor(output, IntArrayFromInts(dims))};
  TfLiteAddParams params = {kTfLiteActRelu, false};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_ADD(), tensors, 3, &params));
  const float expected[] = {0, 0, 1, 2};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
}

TF_LITE_MICRO_TEST(FloorFloat) {
  int dims[] = {1, 4};
  const float input[] = {-1.5f, 0.5f, 2.0f, -0.25f};
  float output[4] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(dims)), CreateTensor(output, IntArrayFromInts(dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_FLOOR(), tensors, 2, nullptr));
  const float expected[] = {-2, 0, 2, -1};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
}

// A runner built in a helper and returned by value (as TFLM's broadcast_to_test.cc does) runs in its new home.
TF_LITE_MICRO_TEST(RunnerReturnedByValue) {
  static int dims[] = {1, 4};
  static float input[] = {1.5f, -1.5f, 0.25f, 2.0f};
  static float output[4] = {};
  static TfLiteTensor tensors[2];
  static int inputs[] = {1, 0};
  static int outputs[] = {1, 1};
  tensors[0] = CreateTensor(input, IntArrayFromInts(dims));
  tensors[1] = CreateTensor(output, IntArrayFromInts(dims));
  struct Make {
    static tflite::micro::KernelRunner Runner() {
      tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), tensors, 2, IntArrayFromInts(inputs),
                                         IntArrayFromInts(outputs), nullptr);
      return runner;
    }
  };
  tflite::micro::KernelRunner runner = Make::Runner();
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  const float expected[] = {1, -2, 0, 2};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
  // Moved after prepare: the kernel state and the arena go with it.
  tflite::micro::KernelRunner moved(static_cast<tflite::micro::KernelRunner&&>(runner));
  input[0] = 7.5f;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, moved.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(7.0f, output[0]);
}

// An output whose dims come unset ({0, 0, 0, 0}, as TFLM's depth_to_space_test.cc gives them) gets the shape
// the kernel computes in prepare, written into the tensor the caller passed.
TF_LITE_MICRO_TEST(DepthToSpaceSetsUnsetOutputDims) {
  int input_dims[] = {4, 1, 1, 2, 4};
  int output_dims[] = {4, 0, 0, 0, 0};
  const float input[] = {10, 11, 12, 13, 20, 21, 22, 23};
  float output[8] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  TfLiteDepthToSpaceParams params = {};
  params.block_size = 2;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_DEPTH_TO_SPACE(), tensors, 2, &params));
  // Depth 4 = 2x2 blocks: each input pixel becomes a 2x2 patch of 1 channel; output 1x2x4x1.
  const int want_dims[] = {1, 2, 4, 1};
  TF_LITE_MICRO_EXPECT_EQ(4, tensors[1].dims->size);
  for (int d = 0; d < 4; ++d) TF_LITE_MICRO_EXPECT_EQ(want_dims[d], tensors[1].dims->data[d]);
  const float expected[] = {10, 11, 20, 21, 12, 13, 22, 23};
  for (int i = 0; i < 8; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
  // A declared shape that is set and wrong is still refused.
  int wrong_dims[] = {4, 1, 4, 2, 1};
  tensors[1] = CreateTensor(output, IntArrayFromInts(wrong_dims));
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_DEPTH_TO_SPACE(), tensors, 2, &params));
}

// A shape input that is an ordinary (non-constant) tensor, as TFLM's broadcast_to_test.cc passes it.
TF_LITE_MICRO_TEST(BroadcastToNonConstantShape) {
  int input_dims[] = {2, 1, 2};
  int shape_dims[] = {1, 2};
  int output_dims[] = {2, 3, 2};
  const int32_t input[] = {7, -3};
  int64_t shape[] = {3, 2};
  int32_t output[6] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                            CreateTensor(shape, IntArrayFromInts(shape_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_BROADCAST_TO(), tensors, 3, nullptr));
  const int32_t expected[] = {7, -3, 7, -3, 7, -3};
  for (int i = 0; i < 6; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
  // An output the input does not broadcast to is refused.
  int bad_output_dims[] = {2, 3, 4};
  int32_t bad_output[12] = {};
  tensors[2] = CreateTensor(bad_output, IntArrayFromInts(bad_output_dims));
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_BROADCAST_TO(), tensors, 3, nullptr));
}

// The axis an ordinary (non-constant) tensor with data, as TFLM's expand_dims_test builds it: read at prepare,
// as TFLM reads it; an axis out of range is refused there.
TF_LITE_MICRO_TEST(ExpandDimsAxisFromAnOrdinaryTensor) {
  int in_dims[] = {2, 2, 3};
  int axis_dims[] = {1, 1};
  int out_dims[] = {3, 2, 3, 1};
  const float input[] = {1, 2, 3, 4, 5, 6};
  int32_t axis[] = {-1};
  float output[6] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(in_dims)), CreateTensor(axis, IntArrayFromInts(axis_dims)),
                            CreateTensor(output, IntArrayFromInts(out_dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_EXPAND_DIMS(), tensors, 3, nullptr));
  for (int i = 0; i < 6; ++i) TF_LITE_MICRO_EXPECT_EQ(input[i], output[i]);
  axis[0] = 4;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_EXPAND_DIMS(), tensors, 3, nullptr));
}

// SELECT_V2 takes no options; a TFLM-style test passes a struct built from TFLite's EmptyStructPlaceholder
// (it must be a name of tensorflow/lite/c/builtin_op_data.h). Condition {true, false}: {x0, y1}.
TF_LITE_MICRO_TEST(SelectV2WithEmptyStructPlaceholderParams) {
  struct {
    EmptyStructPlaceholder placeholder;
  } params;
  int dims[] = {1, 2};
  const bool condition[] = {true, false};
  const int16_t x[] = {1, 2};
  const int16_t y[] = {5, 6};
  int16_t output[2] = {};
  TfLiteTensor tensors[] = {CreateTensor(condition, IntArrayFromInts(dims)), CreateTensor(x, IntArrayFromInts(dims)),
                            CreateTensor(y, IntArrayFromInts(dims)), CreateTensor(output, IntArrayFromInts(dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_SELECT_V2(), tensors, 4, &params));
  TF_LITE_MICRO_EXPECT_EQ(1, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(6, output[1]);
}

// A node lists an absent optional input as kTfLiteOptionalTensor (TFLM's LSTM test data fills its 24 input
// slots with it before setting the present ones): the model's -1, which KernelRunner and the kernels skip.
TF_LITE_MICRO_TEST(OptionalTensorIsTheModelsMinusOne) {
  TF_LITE_MICRO_EXPECT_EQ(-1, kTfLiteOptionalTensor);
}

// TFLM reads MIRROR_PAD's paddings and TRANSPOSE's perm at prepare from whatever data they have (its tests
// build them with CreateTensor, not as constants); a variable tensor is still refused.
TF_LITE_MICRO_TEST(MirrorPadPaddingsFromAnOrdinaryTensor) {
  int in_dims[] = {1, 3};
  int pad_dims[] = {2, 1, 2};
  int out_dims[] = {1, 5};
  const float input[] = {1, 2, 3};
  const int32_t paddings[] = {1, 1};
  float output[5] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(in_dims)),
                            CreateTensor(paddings, IntArrayFromInts(pad_dims)),
                            CreateTensor(output, IntArrayFromInts(out_dims))};
  TfLiteMirrorPaddingParams params = {kTfLiteMirrorPaddingReflect};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_MIRROR_PAD(), tensors, 3, &params));
  const float expected[] = {2, 1, 2, 3, 2};
  for (int i = 0; i < 5; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
  tensors[1].is_variable = true;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_MIRROR_PAD(), tensors, 3, &params));
}

TF_LITE_MICRO_TEST(TransposePermFromAnOrdinaryTensor) {
  int in_dims[] = {2, 2, 3};
  int perm_dims[] = {1, 2};
  int out_dims[] = {2, 3, 2};
  const float input[] = {1, 2, 3, 4, 5, 6};
  const int32_t perm[] = {1, 0};
  float output[6] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(in_dims)),
                            CreateTensor(perm, IntArrayFromInts(perm_dims)),
                            CreateTensor(output, IntArrayFromInts(out_dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_TRANSPOSE(), tensors, 3, nullptr));
  const float expected[] = {1, 4, 2, 5, 3, 6};
  for (int i = 0; i < 6; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], output[i]);
  tensors[1].is_variable = true;
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_TRANSPOSE(), tensors, 3, nullptr));
}

// reference_ops::Transpose (TFLM's transpose_test computes its goldens with it): 2x3x4 by perm {2, 0, 1} is
// 4x2x3 with out[k][i][j] = in[i][j][k]; SequentialTensorWriter appends the elements it is given.
TF_LITE_MICRO_TEST(ReferenceTransposeAndSequentialWriter) {
  int8_t input[24];
  for (int i = 0; i < 24; ++i) input[i] = static_cast<int8_t>(i);
  const int32_t in_dims[] = {2, 3, 4};
  const int32_t out_dims[] = {4, 2, 3};
  const tflite::TransposeParams params = {3, {2, 0, 1}};
  int8_t output[24] = {};
  tflite::reference_ops::Transpose<int8_t>(params, tflite::RuntimeShape(3, in_dims), input,
                                           tflite::RuntimeShape(3, out_dims), output);
  for (int k = 0; k < 4; ++k) {
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 3; ++j) TF_LITE_MICRO_EXPECT_EQ(i * 12 + j * 4 + k, output[(k * 2 + i) * 3 + j]);
    }
  }
  int8_t written[4] = {};
  tflite::SequentialTensorWriter<int8_t> writer(input, written);
  writer.Write(7);
  writer.WriteN(20, 3);
  const int8_t expected[] = {7, 20, 21, 22};
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], written[i]);
}

// TFLM reads SPACE_TO_BATCH_ND's paddings as 2 values per spatial dimension in a row, whatever the tensor's
// shape (its test gives [4], not [2, 2]), from an ordinary tensor: 1x2x2x1 by blocks 2, 2 is 4x1x1x1.
TF_LITE_MICRO_TEST(SpaceToBatchFlatPaddingsFromAnOrdinaryTensor) {
  int in_dims[] = {4, 1, 2, 2, 1};
  int block_dims[] = {1, 2};
  int pad_dims[] = {1, 4};
  int out_dims[] = {4, 4, 1, 1, 1};
  const float input[] = {1, 2, 3, 4};
  const int32_t block[] = {2, 2};
  const int32_t paddings[] = {0, 0, 0, 0};
  float output[4] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(in_dims)),
                            CreateTensor(block, IntArrayFromInts(block_dims)),
                            CreateTensor(paddings, IntArrayFromInts(pad_dims)),
                            CreateTensor(output, IntArrayFromInts(out_dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_SPACE_TO_BATCH_ND(), tensors, 4, nullptr));
  for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(input[i], output[i]);
  pad_dims[1] = 3;  // 3 values for 2 spatial dimensions
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, RunKernel(tflite::Register_SPACE_TO_BATCH_ND(), tensors, 4, nullptr));
}


// TFLM's RESHAPE fills in an output dimension declared -1 (stretch) from the input's element count, refuses two
// of them, and takes an output declared [0] for a one-element input without a shape input as a scalar.
TF_LITE_MICRO_TEST(ReshapeComputesAStretchDimensionAndTheLegacyScalar) {
  int in_dims[] = {3, 2, 2, 2};
  int shape_dims[] = {1, 2};
  int out_dims[] = {2, 2, -1};
  const float input[] = {1, 2, 3, 4, 5, 6, 7, 8};
  const int32_t shape[] = {2, -1};
  float output[8] = {};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(in_dims)), CreateTensor(shape, IntArrayFromInts(shape_dims)),
                            CreateTensor(output, IntArrayFromInts(out_dims))};
  int inputs[] = {2, 0, 1};
  int outputs[] = {1, 2};
  {
    tflite::micro::KernelRunner runner(tflite::Register_RESHAPE(), tensors, 3, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), nullptr);
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
    TF_LITE_MICRO_EXPECT_EQ(2, tensors[2].dims->size);
    TF_LITE_MICRO_EXPECT_EQ(4, tensors[2].dims->data[1]);
    for (int i = 0; i < 8; ++i) TF_LITE_MICRO_EXPECT_EQ(input[i], output[i]);
  }
  int two_stretches[] = {2, -1, -1};
  tensors[2] = CreateTensor(output, IntArrayFromInts(two_stretches));
  {
    tflite::micro::KernelRunner runner(tflite::Register_RESHAPE(), tensors, 3, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), nullptr);
    TF_LITE_MICRO_EXPECT_NE(kTfLiteOk, runner.InitAndPrepare());
  }
  int one_dims[] = {1, 1};
  int legacy_dims[] = {1, 0};
  const float one[] = {3};
  float scalar[1] = {};
  TfLiteTensor pair[] = {CreateTensor(one, IntArrayFromInts(one_dims)), CreateTensor(scalar, IntArrayFromInts(legacy_dims))};
  int input_only[] = {1, 0};
  int output_1[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_RESHAPE(), pair, 2, IntArrayFromInts(input_only),
                                     IntArrayFromInts(output_1), nullptr);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(0, pair[1].dims->size);
  TF_LITE_MICRO_EXPECT_EQ(3.0f, scalar[0]);
}


// A control-flow kernel run alone sees TFLM's mock graph: CALL_ONCE invokes its init subgraph on the first
// Invoke() only, and refuses a subgraph the graph does not have.
TF_LITE_MICRO_TEST(CallOnceInvokesTheMockGraphOnce) {
  int empty[] = {0};
  TfLiteCallOnceParams params = {1};
  tflite::micro::KernelRunner runner(tflite::Register_CALL_ONCE(), nullptr, 0, IntArrayFromInts(empty),
                                     IntArrayFromInts(empty), &params);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
  for (int i = 0; i < 3; ++i) TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  TF_LITE_MICRO_EXPECT_EQ(1, runner.GetMockGraph()->get_invoke_count(1));
  TF_LITE_MICRO_EXPECT_EQ(0, runner.GetMockGraph()->get_invoke_count(0));
  TF_LITE_MICRO_EXPECT_EQ(0, runner.GetMockGraph()->get_invoke_count(99));
  TfLiteCallOnceParams missing = {tflite::MockMicroGraph::kMaxSubgraphs};
  tflite::micro::KernelRunner refused(tflite::Register_CALL_ONCE(), nullptr, 0, IntArrayFromInts(empty),
                                      IntArrayFromInts(empty), &missing);
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, refused.InitAndPrepare());
}

// TFLM's LSTM test data (kernels/testdata/lstm_test_data.h) sets a tensor's data, dims, type, is_variable and
// legacy params field by field and leaves `quantization` indeterminate; TFLM's LSTM reads only `params`. So
// does mote's under a KernelRunner: here every tensor's `quantization` claims three scales (what a per-channel
// refusal would reject) and the int8 LSTM runs as it does with the field cleared, the same bytes out.
TF_LITE_MICRO_TEST(Int8LstmReadsOnlyTheLegacyParamsOfCallerBuiltTensors) {
  constexpr int kSlots = 25;  // 24 inputs, then the output
  int seq_dims[] = {3, 1, 2, 2};
  int weight_dims[] = {2, 2, 2};
  int vector_dims[] = {1, 2};
  int state_dims[] = {2, 1, 2};
  const int8_t input[] = {10, -20, 35, 7};
  const int8_t weights[8][4] = {{30, -12, 5, 60},  {-40, 22, 9, 17},  {13, 13, -70, 2}, {50, -5, 25, -25},
                                {-8, 44, 19, -31}, {27, -3, -16, 38}, {6, 55, -22, 11}, {-35, 8, 41, 29}};
  const int32_t biases[4][2] = {{200, -100}, {400, 300}, {-250, 120}, {90, -60}};
  float scales[] = {3, 0.1f, 0.2f, 0.3f};
  int zero_points[] = {3, 0, 0, 0};
  TfLiteAffineQuantization three_scales = {tflite::testing::FloatArrayFromFloats(scales),
                                           IntArrayFromInts(zero_points), 0};
  int8_t outputs[2][4] = {};
  for (int poisoned = 0; poisoned < 2; ++poisoned) {
    int8_t hidden[2] = {-2, -2};
    int16_t cell[2] = {0, 0};
    TfLiteTensor tensors[kSlots] = {};
    tensors[0] = CreateQuantizedTensor(input, IntArrayFromInts(seq_dims), 0.02f, 3);
    for (int w = 0; w < 8; ++w) {
      tensors[1 + w] = CreateQuantizedTensor(weights[w], IntArrayFromInts(weight_dims), 0.004f, 0);
    }
    for (int g = 0; g < 4; ++g) {
      tensors[12 + g] = CreateQuantizedTensor(biases[g], IntArrayFromInts(vector_dims), 0.02f * 0.004f, 0);
    }
    tensors[18] = CreateQuantizedTensor(hidden, IntArrayFromInts(state_dims), 1.0f / 128, -2, true);
    tensors[19] = CreateQuantizedTensor(cell, IntArrayFromInts(state_dims), 1.0f / 2048, 0, true);
    tensors[24] = CreateQuantizedTensor(outputs[poisoned], IntArrayFromInts(seq_dims), 1.0f / 128, -2);
    for (TfLiteTensor& t : tensors) {
      t.quantization = poisoned ? TfLiteQuantization{kTfLiteAffineQuantization, &three_scales}
                                : TfLiteQuantization{kTfLiteNoQuantization, nullptr};
    }
    int inputs[1 + 24];
    inputs[0] = 24;
    for (int i = 0; i < 24; ++i) {
      const bool present = i <= 8 || (i >= 12 && i <= 15) || i == 18 || i == 19;
      inputs[1 + i] = present ? i : kTfLiteOptionalTensor;
    }
    int output_list[] = {1, 24};
    TfLiteUnidirectionalSequenceLSTMParams params = {kTfLiteActTanh, 0.0f, 0.0f, false, false, false};
    tflite::micro::KernelRunner runner(tflite::Register_UNIDIRECTIONAL_SEQUENCE_LSTM(), tensors, kSlots,
                                       IntArrayFromInts(inputs), IntArrayFromInts(output_list), &params);
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
  }
  bool moved = false;
  for (int i = 0; i < 4; ++i) {
    TF_LITE_MICRO_EXPECT_EQ(outputs[0][i], outputs[1][i]);
    moved = moved || outputs[0][i] != -2;
  }
  TF_LITE_MICRO_EXPECT(moved);  // the cell computed something: not every output is the zero point
}

// TFLM's alternate decompression memory: regions handed out from their start, first fit, each allocation
// aligned; Reset gives them back. An empty region list is refused.
TF_LITE_MICRO_TEST(DecompressionMemoryIsHandedOutAlignedFirstFit) {
  int dims[] = {1, 1};
  float value[1] = {};
  TfLiteTensor tensors[] = {CreateTensor(value, IntArrayFromInts(dims)), CreateTensor(value, IntArrayFromInts(dims))};
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  tflite::micro::KernelRunner runner(tflite::Register_FLOOR(), tensors, 2, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), nullptr);
  tflite::FakeMicroContext* context = runner.GetFakeMicroContext();
  alignas(16) static uint8_t region[30];
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, context->SetDecompressionMemory({}));
  TF_LITE_MICRO_EXPECT(context->AllocateDecompressionMemory(1, 16) == nullptr);  // no regions yet
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, context->SetDecompressionMemory({{region, sizeof(region)}}));
  TF_LITE_MICRO_EXPECT(context->AllocateDecompressionMemory(10, 16) == &region[0]);
  TF_LITE_MICRO_EXPECT(context->AllocateDecompressionMemory(10, 16) == &region[16]);
  TF_LITE_MICRO_EXPECT(context->AllocateDecompressionMemory(10, 16) == nullptr);  // 32 + 10 > 30
  context->ResetDecompressionMemoryAllocations();
  TF_LITE_MICRO_EXPECT(context->AllocateDecompressionMemory(30, 16) == &region[0]);
}

// TFLM_DECODE (LUT, 2-bit indices {3, 2, 1, 0} = 0xE4 into the table {10, 20, 30, 40}) with an output that has no
// memory of its own: with decompression memory set it is placed there (aligned to 16) and decoded into it;
// without, InitAndPrepare fails. Register_DECODE() returns the registration itself, as TFLM's.
TF_LITE_MICRO_TEST(DecodeIntoAlternateDecompressionMemory) {
  alignas(16) static const uint8_t ancillary[20] = {0, 1, 0, 0, 1, 2, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 20, 30, 40};
  alignas(16) static const uint8_t encoded[1] = {0xE4};
  int ancillary_dims[] = {1, 20};
  int encoded_dims[] = {1, 1};
  int output_dims[] = {1, 4};
  const TFLMRegistration registration = tflite::Register_DECODE();
  for (int with_memory = 0; with_memory < 2; ++with_memory) {
    TfLiteTensor tensors[] = {CreateTensor(encoded, IntArrayFromInts(encoded_dims)),
                              CreateTensor(ancillary, IntArrayFromInts(ancillary_dims)),
                              CreateTensor(static_cast<int8_t*>(nullptr), IntArrayFromInts(output_dims))};
    tensors[0].allocation_type = kTfLiteMmapRo;
    tensors[1].allocation_type = kTfLiteMmapRo;
    int inputs[] = {2, 0, 1};
    int outputs[] = {1, 2};
    tflite::micro::KernelRunner runner(registration, tensors, 3, IntArrayFromInts(inputs), IntArrayFromInts(outputs),
                                       nullptr);
    alignas(16) static uint8_t region[40];
    if (with_memory == 0) {
      TF_LITE_MICRO_EXPECT_EQ(kTfLiteError, runner.InitAndPrepare());
      continue;
    }
    // The region starts 4 bytes into an aligned buffer: the output goes to the next 16-byte boundary.
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.GetFakeMicroContext()->SetDecompressionMemory({{region + 4, 36}}));
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.InitAndPrepare());
    TF_LITE_MICRO_EXPECT(tensors[2].data.raw == reinterpret_cast<char*>(region + 16));
    TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, runner.Invoke());
    const int8_t expected[] = {40, 30, 20, 10};
    for (int i = 0; i < 4; ++i) TF_LITE_MICRO_EXPECT_EQ(expected[i], static_cast<int8_t>(region[16 + i]));
  }
}

// TFLM's shape_test declares the output of a rank-2 input's SHAPE as [1, 1] and checks its one element: on a
// KernelRunner's tensors SHAPE writes the dimensions that fit the declared output and nothing past it (an
// interpreter's model with such an output is refused, src/kernels/shape/shape_test.cc).
TF_LITE_MICRO_TEST(ShapeWritesWhatTheDeclaredOutputHolds) {
  int input_dims[] = {2, 4, 3};
  int output_dims[] = {2, 1, 1};
  const float input[12] = {};
  int32_t output[2] = {0, 77};
  TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                            CreateTensor(output, IntArrayFromInts(output_dims), true)};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_SHAPE(), tensors, 2, nullptr));
  TF_LITE_MICRO_EXPECT_EQ(4, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(77, output[1]);
  int full_dims[] = {1, 2};
  TfLiteTensor full[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                         CreateTensor(output, IntArrayFromInts(full_dims))};
  TF_LITE_MICRO_EXPECT_EQ(kTfLiteOk, RunKernel(tflite::Register_SHAPE(), full, 2, nullptr));
  TF_LITE_MICRO_EXPECT_EQ(4, output[0]);
  TF_LITE_MICRO_EXPECT_EQ(3, output[1]);
}

TF_LITE_MICRO_TESTS_END
