// WEIGHTED_SUM in TFLM's kernel idiom: options parsed in Init into persistent memory, everything validated and
// every constant computed in Prepare, Eval only dispatches to the reference function.
#include "weighted_sum.h"

#include <algorithm>
#include <cstdint>

#include "tensorflow/lite/c/builtin_op_data.h"
#include "tensorflow/lite/c/common.h"
#include "tensorflow/lite/kernels/internal/quantization_util.h"
#include "tensorflow/lite/kernels/internal/tensor_ctypes.h"
#include "tensorflow/lite/kernels/kernel_util.h"
#include "tensorflow/lite/micro/flatbuffer_utils.h"
#include "tensorflow/lite/micro/kernels/kernel_util.h"
#include "tensorflow/lite/micro/micro_log.h"
#include "weighted_sum_reference.h"

namespace tflite {
namespace {

constexpr int kInput1Tensor = 0;
constexpr int kInput2Tensor = 1;
constexpr int kOutputTensor = 0;
constexpr int kLeftShift = 20;

struct OpData {
  float alpha;
  TfLiteFusedActivation activation;
  bool options_valid;
  ArithmeticParams params;
};

void* Init(TfLiteContext* context, const char* buffer, size_t length) {
  auto* data = static_cast<OpData*>(context->AllocatePersistentBuffer(context, sizeof(OpData)));
  if (data == nullptr) return nullptr;
  const FlexbufferWrapper options(reinterpret_cast<const uint8_t*>(buffer), length);
  data->options_valid = options.size() == 2;
  data->alpha = data->options_valid ? options.ElementAsFloat(0) : 0.0f;
  data->activation = static_cast<TfLiteFusedActivation>(data->options_valid ? options.ElementAsInt32(1) : 0);
  return data;
}

TfLiteStatus PrepareQuantized(TfLiteContext* context, OpData* data, const TfLiteTensor* input1,
                              const TfLiteTensor* input2, TfLiteTensor* output) {
  TF_LITE_ENSURE(context, data->alpha > 0.0f);
  const double scale1 = static_cast<double>(data->alpha) * input1->params.scale;
  const double scale2 = input2->params.scale;
  const double twice_max_input_scale = 2 * std::max(scale1, scale2);
  ArithmeticParams& p = data->params;
  p.left_shift = kLeftShift;
  p.input1_offset = -input1->params.zero_point;
  p.input2_offset = -input2->params.zero_point;
  p.output_offset = output->params.zero_point;
  QuantizeMultiplierSmallerThanOneExp(scale1 / twice_max_input_scale, &p.input1_multiplier, &p.input1_shift);
  QuantizeMultiplierSmallerThanOneExp(scale2 / twice_max_input_scale, &p.input2_multiplier, &p.input2_shift);
  QuantizeMultiplierSmallerThanOneExp(twice_max_input_scale / ((1 << kLeftShift) * output->params.scale),
                                      &p.output_multiplier, &p.output_shift);
  return CalculateActivationRangeQuantized(context, data->activation, output, &p.quantized_activation_min,
                                           &p.quantized_activation_max);
}

TfLiteStatus CheckTensors(TfLiteContext* context, OpData* data, const TfLiteTensor* input1,
                          const TfLiteTensor* input2, TfLiteTensor* output) {
  TF_LITE_ENSURE_TYPES_EQ(context, input1->type, input2->type);
  TF_LITE_ENSURE_TYPES_EQ(context, input1->type, output->type);
  TF_LITE_ENSURE(context, HaveSameShapes(input1, output));
  TF_LITE_ENSURE(context, NumDimensions(input1) <= 4 && NumDimensions(input2) <= NumDimensions(input1));
  // input2 broadcasts: each of its trailing dimensions is 1 or input1's.
  const int offset = NumDimensions(input1) - NumDimensions(input2);
  for (int i = 0; i < NumDimensions(input2); ++i) {
    const int d = SizeOfDimension(input2, i);
    TF_LITE_ENSURE(context, d == 1 || d == SizeOfDimension(input1, i + offset));
  }
  if (input1->type == kTfLiteFloat32) {
    CalculateActivationRange(data->activation, &data->params.float_activation_min,
                             &data->params.float_activation_max);
    return kTfLiteOk;
  }
  if (input1->type == kTfLiteInt8) return PrepareQuantized(context, data, input1, input2, output);
  MicroPrintf("WEIGHTED_SUM: type %s is not supported", TfLiteTypeGetName(input1->type));
  return kTfLiteError;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE(context, node->user_data != nullptr);
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_MSG(context, data->options_valid, "WEIGHTED_SUM: options must be [alpha, activation]");
  TF_LITE_ENSURE_EQ(context, NumInputs(node), 2);
  TF_LITE_ENSURE_EQ(context, NumOutputs(node), 1);
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input1 = micro_context->AllocateTempInputTensor(node, kInput1Tensor);
  TfLiteTensor* input2 = micro_context->AllocateTempInputTensor(node, kInput2Tensor);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, kOutputTensor);
  TfLiteStatus status = kTfLiteError;
  if (input1 != nullptr && input2 != nullptr && output != nullptr) {
    status = CheckTensors(context, data, input1, input2, output);
  }
  if (input1 != nullptr) micro_context->DeallocateTempTfLiteTensor(input1);
  if (input2 != nullptr) micro_context->DeallocateTempTfLiteTensor(input2);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const auto* data = static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, kInput1Tensor);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, kInput2Tensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  if (input1->type == kTfLiteFloat32) {
    reference_ops::WeightedSum(data->params, data->alpha, micro::GetTensorShape(input1),
                               micro::GetTensorData<float>(input1), micro::GetTensorShape(input2),
                               micro::GetTensorData<float>(input2), micro::GetTensorShape(output),
                               micro::GetTensorData<float>(output));
  } else {
    reference_ops::WeightedSum(data->params, micro::GetTensorShape(input1), micro::GetTensorData<int8_t>(input1),
                               micro::GetTensorShape(input2), micro::GetTensorData<int8_t>(input2),
                               micro::GetTensorShape(output), micro::GetTensorData<int8_t>(output));
  }
  return kTfLiteOk;
}

}  // namespace

TFLMRegistration* Register_WEIGHTED_SUM() {
  static TFLMRegistration registration = micro::RegisterOp(Init, Prepare, Eval);
  return &registration;
}

}  // namespace tflite
