// TFLM's per-op kernel headers (micro/kernels/conv.h, fully_connected.h, reduce.h, softmax.h, pooling.h,
// activations.h, micro_ops.h) used as TFLM's kernel tests and vendor kernels use them: the type-specialised
// registrations, tflite::ops::micro, and a pointwise int8 convolution written against conv.h whose prepare is
// TFLM's CalculateOpDataConv and whose invoke reads ConvParamsQuantized. Expectations computed by hand.
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/common.h"
#include "tensorflow/lite/kernels/kernel_util.h"
#include "tensorflow/lite/micro/c/builtin_op_data.h"  // recent TFLM tests include these paths
#include "tensorflow/lite/micro/c/common.h"
#include "tensorflow/lite/micro/kernels/activations.h"
#include "tensorflow/lite/micro/kernels/conv.h"
#include "tensorflow/lite/micro/kernels/fully_connected.h"
#include "tensorflow/lite/micro/kernels/kernel_runner.h"
#include "tensorflow/lite/micro/kernels/kernel_util.h"
#include "tensorflow/lite/micro/kernels/micro_ops.h"
#include "tensorflow/lite/micro/kernels/pooling.h"
#include "tensorflow/lite/micro/kernels/reduce.h"
#include "tensorflow/lite/micro/kernels/softmax.h"
#include "tensorflow/lite/micro/micro_context.h"
#include "tensorflow/lite/micro/test_helpers.h"
#include "tensorflow/lite/micro/testing/micro_test_v2.h"

namespace {

using tflite::testing::CreatePerChannelQuantizedBiasTensor;
using tflite::testing::CreateQuantizedTensor;
using tflite::testing::CreateTensor;
using tflite::testing::FloatArrayFromFloats;
using tflite::testing::IntArrayFromInts;

// --- A vendor-style 1x1 int8 convolution written against conv.h -------------------------------------------

constexpr int kMaxChannels = 8;

void* PointwiseInit(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(tflite::OpDataConv));
}

TfLiteStatus PointwisePrepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<tflite::OpDataConv*>(node->user_data);
  const auto* params = static_cast<const TfLiteConvParams*>(node->builtin_data);
  tflite::MicroContext* micro_context = tflite::GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, tflite::kConvInputTensor);
  TfLiteTensor* filter = micro_context->AllocateTempInputTensor(node, tflite::kConvWeightsTensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, tflite::kConvOutputTensor);
  TF_LITE_ENSURE(context, input != nullptr && filter != nullptr && output != nullptr);
  const int channels = filter->dims->data[0];
  TF_LITE_ENSURE(context, channels <= kMaxChannels);
  data->per_channel_output_multiplier =
      static_cast<int32_t*>(context->AllocatePersistentBuffer(context, channels * sizeof(int32_t)));
  data->per_channel_output_shift =
      static_cast<int32_t*>(context->AllocatePersistentBuffer(context, channels * sizeof(int32_t)));
  const TfLiteStatus status = tflite::CalculateOpDataConv(
      context, node, *params, input->dims->data[2], input->dims->data[1], filter->dims->data[2],
      filter->dims->data[1], output->dims->data[2], output->dims->data[1], input->type, data);
  micro_context->DeallocateTempTfLiteTensor(input);
  micro_context->DeallocateTempTfLiteTensor(filter);
  micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

TfLiteStatus PointwiseEval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const tflite::OpDataConv*>(node->user_data);
  const auto* params = static_cast<const TfLiteConvParams*>(node->builtin_data);
  const tflite::ConvParams op = tflite::ConvParamsQuantized(*params, *data);
  const TfLiteEvalTensor* input = tflite::micro::GetEvalInput(context, node, tflite::kConvInputTensor);
  const TfLiteEvalTensor* filter = tflite::micro::GetEvalInput(context, node, tflite::kConvWeightsTensor);
  const TfLiteEvalTensor* bias = tflite::micro::GetEvalInput(context, node, tflite::kConvBiasTensor);
  TfLiteEvalTensor* output = tflite::micro::GetEvalOutput(context, node, tflite::kConvOutputTensor);
  const tflite::RuntimeShape input_shape = tflite::micro::GetTensorShape(input);
  const int pixels = input_shape.Dims(0) * input_shape.Dims(1) * input_shape.Dims(2);
  const int depth = input_shape.Dims(3);
  const int channels = tflite::micro::GetTensorShape(filter).Dims(0);
  const int8_t* in = tflite::micro::GetTensorData<int8_t>(input);
  const int8_t* weights = tflite::micro::GetTensorData<int8_t>(filter);
  const int32_t* biases = tflite::micro::GetTensorData<int32_t>(bias);
  int8_t* out = tflite::micro::GetTensorData<int8_t>(output);
  for (int p = 0; p < pixels; ++p) {
    for (int c = 0; c < channels; ++c) {
      int32_t acc = biases[c];
      for (int d = 0; d < depth; ++d) {
        acc += (in[p * depth + d] + op.input_offset) * (weights[c * depth + d] + op.weights_offset);
      }
      acc = tflite::MultiplyByQuantizedMultiplier(acc, data->per_channel_output_multiplier[c],
                                                  data->per_channel_output_shift[c]) +
            op.output_offset;
      if (acc < op.quantized_activation_min) acc = op.quantized_activation_min;
      if (acc > op.quantized_activation_max) acc = op.quantized_activation_max;
      out[p * channels + c] = static_cast<int8_t>(acc);
    }
  }
  return kTfLiteOk;
}

TFLMRegistration Register_POINTWISE_CONV_INT8() {
  return tflite::micro::RegisterOp(PointwiseInit, PointwisePrepare, PointwiseEval);
}

// Input 1x1x2x2 real {1, 2, 3, 4} at scale 0.5, zero point -1 (q {1, 3, 5, 7}); filter channel 0 {1, 1} at scale
// 0.5 (q {2, 2}), channel 1 {1, -1} at 0.25 (q {4, -4}); bias {0.5, -0.5} (q {2, -4} at 0.25 / 0.125); output
// scale 0.25, zero point -10. Real outputs: pixel 0 {3.5, -1.5}, pixel 1 {7.5, -1.5}, i.e. q {4, -16, 20, -16}.
struct PointwiseCase {
  int input_dims[5] = {4, 1, 1, 2, 2};
  int filter_dims[5] = {4, 2, 1, 1, 2};
  int bias_dims[2] = {1, 2};
  int output_dims[5] = {4, 1, 1, 2, 2};
  int8_t input[4] = {1, 3, 5, 7};
  int8_t filter[4] = {2, 2, 4, -4};
  float filter_scales[3] = {2, 0.5f, 0.25f};
  int filter_zero_points[3] = {2, 0, 0};
  TfLiteAffineQuantization filter_quant = {};
  float bias_real[2] = {0.5f, -0.5f};
  int32_t bias[2] = {};
  float weight_scales[2] = {0.5f, 0.25f};
  float bias_scales[3] = {};
  int bias_zero_points[3] = {};
  TfLiteAffineQuantization bias_quant = {};
  int8_t output[4] = {};
  TfLiteTensor tensors[4];

  PointwiseCase() {
    filter_quant = {FloatArrayFromFloats(filter_scales), IntArrayFromInts(filter_zero_points), 0};
    tensors[0] = CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 0.5f, -1);
    tensors[1] = CreateTensor(filter, IntArrayFromInts(filter_dims));
    tensors[1].quantization = {kTfLiteAffineQuantization, &filter_quant};
    tensors[2] = CreatePerChannelQuantizedBiasTensor(bias_real, bias, IntArrayFromInts(bias_dims), 0.5f,
                                                     weight_scales, bias_scales, bias_zero_points, &bias_quant, 0);
    tensors[3] = CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 0.25f, -10);
  }

  TfLiteStatus Run(const TFLMRegistration& registration, TfLiteConvParams* params) {
    int inputs[] = {3, 0, 1, 2};
    int outputs[] = {1, 3};
    tflite::micro::KernelRunner runner(registration, tensors, 4, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), params);
    TF_LITE_ENSURE_STATUS(runner.InitAndPrepare());
    return runner.Invoke();
  }
};

}  // namespace

TEST(ConvHeader, Int8RegistrationMatchesHandComputed) {
  PointwiseCase c;
  TfLiteConvParams params = {kTfLitePaddingValid, 1, 1, kTfLiteActNone, 1, 1, kTfLiteNoType};
  ASSERT_EQ(kTfLiteOk, c.Run(tflite::Register_CONV_2D_INT8(), &params));
  const int8_t expected[] = {4, -16, 20, -16};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(expected[i], c.output[i]);
}

TEST(ConvHeader, VendorKernelOnCalculateOpDataConv) {
  PointwiseCase c;
  TfLiteConvParams params = {kTfLitePaddingValid, 1, 1, kTfLiteActNone, 1, 1, kTfLiteNoType};
  ASSERT_EQ(kTfLiteOk, c.Run(Register_POINTWISE_CONV_INT8(), &params));
  const int8_t expected[] = {4, -16, 20, -16};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(expected[i], c.output[i]);
}

// RELU clamps at the output zero point (-10): channel 1's -16 becomes -10 in both kernels.
TEST(ConvHeader, ActivationRangeFromCalculateOpDataConv) {
  TfLiteConvParams params = {kTfLitePaddingValid, 1, 1, kTfLiteActRelu, 1, 1, kTfLiteNoType};
  PointwiseCase vendor;
  ASSERT_EQ(kTfLiteOk, vendor.Run(Register_POINTWISE_CONV_INT8(), &params));
  PointwiseCase mote;
  ASSERT_EQ(kTfLiteOk, mote.Run(tflite::Register_CONV_2D(), &params));
  const int8_t expected[] = {4, -10, 20, -10};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(expected[i], vendor.output[i]);
    EXPECT_EQ(expected[i], mote.output[i]);
  }
}

// Input scale 0.5 / zero point 3, filter 0.25 / 0, output 0.125 / -2: multiplier 1.0 (2^30 << 1), RELU6 range
// [-2, -2 + 6 / 0.125 = 46], offsets -3, 0, -2.
TEST(FullyConnectedHeader, OpDataAndParamsQuantized) {
  int input_dims[] = {2, 1, 2};
  int filter_dims[] = {2, 1, 2};
  int bias_dims[] = {1, 1};
  int output_dims[] = {2, 1, 1};
  const int8_t input[] = {5, 7};
  const int8_t filter[] = {4, 8};
  const int32_t bias[] = {0};
  int8_t output[1] = {};
  TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 0.5f, 3),
                            CreateQuantizedTensor(filter, IntArrayFromInts(filter_dims), 0.25f, 0),
                            CreateQuantizedTensor(bias, IntArrayFromInts(bias_dims), 0.125f, 0),
                            CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 0.125f, -2)};
  TfLiteContext context = {};
  tflite::OpDataFullyConnected data = {};
  ASSERT_EQ(kTfLiteOk, tflite::CalculateOpDataFullyConnected(&context, kTfLiteActRelu6, kTfLiteInt8, &tensors[0],
                                                             &tensors[1], &tensors[2], &tensors[3], &data));
  const tflite::FullyConnectedParams op = tflite::FullyConnectedParamsQuantized(data);
  EXPECT_EQ(-3, op.input_offset);
  EXPECT_EQ(0, op.weights_offset);
  EXPECT_EQ(-2, op.output_offset);
  EXPECT_EQ(1 << 30, op.output_multiplier);
  EXPECT_EQ(1, op.output_shift);
  EXPECT_EQ(-2, op.quantized_activation_min);
  EXPECT_EQ(46, op.quantized_activation_max);
  EXPECT_FALSE(data.is_per_channel);

  // The same node through mote's int8 registration: real 1 * 1 + 2 * 2 = 5, i.e. q 5 / 0.125 - 2 = 38.
  int inputs[] = {3, 0, 1, 2};
  int outputs[] = {1, 3};
  TfLiteFullyConnectedParams params = {kTfLiteActRelu6, kTfLiteFullyConnectedWeightsFormatDefault, false, false,
                                       kTfLiteNoType};
  tflite::micro::KernelRunner runner(tflite::Register_FULLY_CONNECTED_INT8(), tensors, 4, IntArrayFromInts(inputs),
                                     IntArrayFromInts(outputs), &params);
  ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
  ASSERT_EQ(kTfLiteOk, runner.Invoke());
  EXPECT_EQ(38, output[0]);
}

TEST(FullyConnectedHeader, FloatParamsCarryTheActivationRange) {
  const tflite::FullyConnectedParams op = tflite::FullyConnectedParamsFloat(kTfLiteActRelu6);
  EXPECT_EQ(0.0f, op.float_activation_min);
  EXPECT_EQ(6.0f, op.float_activation_max);
}

// MEAN over axis 1 of a 2x3 tensor, through tflite::ops::micro (micro_ops.h), float and int8 (same scale on
// both sides: {1, 2, 3} -> 2, {4, 5, 7} -> 16 / 3 rounds to 5). mote resolves the axes in prepare, so the axis
// tensor is marked constant as a model's is (TFLM's reduce reads it at invoke and accepts a non-constant one).
TEST(ReduceHeader, MeanThroughOpsMicro) {
  int input_dims[] = {2, 2, 3};
  int axis_dims[] = {1, 1};
  int output_dims[] = {1, 2};
  const int32_t axis[tflite::kMaxNumberOfReducedAxis] = {1};
  TfLiteReducerParams params = {false};
  int inputs[] = {2, 0, 1};
  int outputs[] = {1, 2};
  auto constant_axis = [&]() {
    TfLiteTensor tensor = CreateTensor(axis, IntArrayFromInts(axis_dims));
    tensor.allocation_type = kTfLiteMmapRo;
    return tensor;
  };
  {
    const float input[] = {1, 2, 3, 4, 5, 6};
    float output[2] = {};
    TfLiteTensor tensors[] = {CreateTensor(input, IntArrayFromInts(input_dims)),
                              constant_axis(),
                              CreateTensor(output, IntArrayFromInts(output_dims))};
    tflite::micro::KernelRunner runner(tflite::ops::micro::Register_MEAN(), tensors, 3, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), &params);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    EXPECT_NEAR(2.0f, output[0], 1e-6f);
    EXPECT_NEAR(5.0f, output[1], 1e-6f);
  }
  {
    const int8_t input[] = {1, 2, 3, 4, 5, 7};
    int8_t output[2] = {};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 1.0f, 0),
                              constant_axis(),
                              CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 1.0f, 0)};
    tflite::micro::KernelRunner runner(tflite::Register_MEAN(), tensors, 3, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), &params);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    EXPECT_EQ(2, output[0]);
    EXPECT_EQ(5, output[1]);
  }
}

// Four equal inputs: each probability is 1/4, int16 output at scale 1/32768 -> 8192 (the exp table may be one
// step off); int8 input into int16 output at 1/65536, zero point -32768: two equal inputs give 1/2 -> 0.
TEST(SoftmaxHeader, Int16AndInt8Int16Registrations) {
  TfLiteSoftmaxParams params = {1.0f};
  int inputs[] = {1, 0};
  int outputs[] = {1, 1};
  {
    int dims[] = {2, 1, 4};
    const int16_t input[] = {0, 0, 0, 0};
    int16_t output[4] = {};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(dims), 0.01f, 0),
                              CreateQuantizedTensor(output, IntArrayFromInts(dims), 1.0f / 32768, 0)};
    tflite::micro::KernelRunner runner(tflite::Register_SOFTMAX_INT16(), tensors, 2, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), &params);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    for (int i = 0; i < 4; ++i) EXPECT_NEAR(8192, output[i], 1);
  }
  {
    int dims[] = {2, 1, 2};
    const int8_t input[] = {3, 3};
    int16_t output[2] = {7, 7};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(dims), 0.1f, 0),
                              CreateQuantizedTensor(output, IntArrayFromInts(dims), 1.0f / 65536, -32768)};
    tflite::micro::KernelRunner runner(tflite::Register_SOFTMAX_INT8_INT16(), tensors, 2, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), &params);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    for (int i = 0; i < 2; ++i) EXPECT_NEAR(0, output[i], 1);
  }
}

// 2x2 max pool with stride 2 over {-5, 3, 7, 1}: 7; then RELU6 through activations.h on {-3, 2, 9} at scale 1:
// {0, 2, 6}.
TEST(PoolingAndActivationHeaders, MaxPoolInt8AndRelu6) {
  {
    int input_dims[] = {4, 1, 2, 2, 1};
    int output_dims[] = {4, 1, 1, 1, 1};
    const int8_t input[] = {-5, 3, 7, 1};
    int8_t output[1] = {};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(input_dims), 1.0f, 0),
                              CreateQuantizedTensor(output, IntArrayFromInts(output_dims), 1.0f, 0)};
    TfLitePoolParams params = {kTfLitePaddingValid, 2, 2, 2, 2, kTfLiteActNone, {}};
    int inputs[] = {1, tflite::kPoolingInputTensor};
    int outputs[] = {1, 1};
    tflite::micro::KernelRunner runner(tflite::Register_MAX_POOL_2D_INT8(), tensors, 2, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), &params);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    EXPECT_EQ(7, output[0]);
  }
  {
    int dims[] = {1, 3};
    const int8_t input[] = {-3, 2, 9};
    int8_t output[3] = {};
    TfLiteTensor tensors[] = {CreateQuantizedTensor(input, IntArrayFromInts(dims), 1.0f, 0),
                              CreateQuantizedTensor(output, IntArrayFromInts(dims), 1.0f, 0)};
    int inputs[] = {1, 0};
    int outputs[] = {1, 1};
    tflite::micro::KernelRunner runner(tflite::Register_RELU6(), tensors, 2, IntArrayFromInts(inputs),
                                       IntArrayFromInts(outputs), nullptr);
    ASSERT_EQ(kTfLiteOk, runner.InitAndPrepare());
    ASSERT_EQ(kTfLiteOk, runner.Invoke());
    const int8_t expected[] = {0, 2, 6};
    for (int i = 0; i < 3; ++i) EXPECT_EQ(expected[i], output[i]);
  }
}

// The fallbacks TFLM's reference build has (Register_CONV_2D_INT4() is the generic registration) and the older
// namespace (tflite::ops::micro::Register_DEQUANTIZE()) name the same kernels as tflite::Register_*().
TEST(MicroOpsHeader, FallbacksAndOpsMicroNameTheSameKernels) {
  EXPECT_TRUE(tflite::Register_CONV_2D_INT4().invoke == tflite::Register_CONV_2D().invoke);
  EXPECT_TRUE(tflite::Register_FULLY_CONNECTED_INT4().prepare == tflite::Register_FULLY_CONNECTED().prepare);
  EXPECT_TRUE(tflite::ops::micro::Register_DEQUANTIZE().invoke == tflite::Register_DEQUANTIZE().invoke);
  EXPECT_TRUE(tflite::Register_CONV_2D_INT8().invoke != nullptr);
}

TF_LITE_MICRO_TESTS_MAIN
