// RELU glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantized RELU requantizes from the input's to the output's quantization (TFLM's ReluQuantized); INT16
// requires zero points 0, as TFLM does.
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/internal/quantization_checks.h"
#include "kernels/internal/unary_op_glue.h"
#include "kernels/activations/activations_reference.h"
#include "kernels/internal/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kOutputTensor = 0;

struct OpData {
  reference::ReluQuantParams params;
  int size;
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                              reference::ReluQuantParams* p) {
  if (!IsValidScale(input->params.scale) || !IsValidScale(output->params.scale)) {
    TF_LITE_KERNEL_LOG(context, "RELU: %s input and output must be quantized (scale finite and > 0)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  const bool is_int8 = input->type == kTfLiteInt8;
  if (!is_int8 && (input->params.zero_point != 0 || output->params.zero_point != 0)) {
    TF_LITE_KERNEL_LOG(context, "RELU: INT16 zero points must be 0 (got input %d, output %d)",
                       static_cast<int>(input->params.zero_point), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  const int32_t qmin = is_int8 ? std::numeric_limits<int8_t>::min() : std::numeric_limits<int16_t>::min();
  const int32_t qmax = is_int8 ? std::numeric_limits<int8_t>::max() : std::numeric_limits<int16_t>::max();
  if (input->params.zero_point < qmin || input->params.zero_point > qmax || output->params.zero_point < qmin ||
      output->params.zero_point > qmax) {  // invoke adds them in int32
    TF_LITE_KERNEL_LOG(context, "RELU: zero points %d (input) and %d (output) must be within the INT8 range",
                       static_cast<int>(input->params.zero_point), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  const double real_multiplier =
      static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale);
  QuantizeMultiplier(real_multiplier, &p->output_multiplier, &p->output_shift);
  // The requantization shifts x - input_zero_point left by output_shift in int32.
  const int64_t max_abs_input = std::max<int64_t>(static_cast<int64_t>(qmax) - input->params.zero_point,
                                                  static_cast<int64_t>(input->params.zero_point) - qmin);
  if (p->output_shift > 0 &&
      (p->output_shift > 30 || (max_abs_input << p->output_shift) > std::numeric_limits<int32_t>::max())) {
    TF_LITE_KERNEL_LOG(context, "RELU: input scale / output scale (%g) is too large", real_multiplier);
    return kTfLiteError;
  }
  const int32_t zero = static_cast<int32_t>(output->params.zero_point) +
                       static_cast<int32_t>(std::round(0.0f / output->params.scale));
  p->quantized_activation_min = std::max(qmin, zero);
  p->quantized_activation_max = qmax;
  p->input_offset = input->params.zero_point;
  p->output_offset = output->params.zero_point;
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            OpData* data) {
  if (input->type != kTfLiteInt8 && input->type != kTfLiteInt16 && input->type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "RELU: input type %s is not supported (INT8, INT16, FLOAT32)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "RELU: output type %s differs from input type %s", TfLiteTypeGetName(output->type),
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (!HaveSameShapes(input, output)) {
    TF_LITE_KERNEL_LOG(context, "RELU: output shape differs from the input shape");
    return kTfLiteError;
  }
  const int64_t elements = ElementCount(*input->dims);
  if (elements > std::numeric_limits<int>::max()) {
    TF_LITE_KERNEL_LOG(context, "RELU: %lld elements is too many", static_cast<long long>(elements));
    return kTfLiteError;
  }
  data->size = static_cast<int>(elements);
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareQuantized(context, input, output, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(
      context, node, "RELU", {"relu/int8/reference", "relu/int16/reference", "relu/float32/reference"},
      [](TfLiteContext* c, const TfLiteTensor* input, const TfLiteTensor* output, void* user_data) {
        return PrepareTensors(c, input, output, static_cast<OpData*>(user_data));
      });
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, kInputTensor);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, kOutputTensor);
  switch (input->type) {
    case kTfLiteInt8:
      reference::ReluQuantized(data.params, data.size, micro::GetTensorData<int8_t>(input),
                               micro::GetTensorData<int8_t>(output));
      break;
    case kTfLiteInt16:
      reference::ReluQuantized(data.params, data.size, micro::GetTensorData<int16_t>(input),
                               micro::GetTensorData<int16_t>(output));
      break;
    default:
      reference::ReluFloat(data.size, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

const TfLiteRegistration kRegistration_RELU =
    MakeBuiltinRegistration(schema::BuiltinOperator_RELU, "relu/any/reference", Init, Prepare, Eval);

}  // namespace mote
