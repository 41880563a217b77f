// TANH glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantization, as TFLM requires it: INT8 has no output constraint (the kernel writes round(128 * tanh), so
// the output scale should be 1/128 and the zero point 0; TFLM does not check it and neither does mote).
// INT16: zero points 0, output scale 2^-15, input scale at most ~5.33 (the 1/(3 * 4096) rescale's multiplier
// must fit 16 bits).
#include <cstdint>
#include <limits>

#include "kernels/internal/quantization_checks.h"
#include "kernels/internal/unary_op_glue.h"
#include "kernels/internal/sigmoid_tanh_scaling.h"
#include "kernels/tanh/tanh_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr int kInputTensor = 0;
constexpr int kOutputTensor = 0;

struct OpData {
  SigmoidTanhInt8Params int8;
  SigmoidTanhInt16Params int16;
  int size;
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            OpData* data) {
  if (input->type != kTfLiteInt8 && input->type != kTfLiteInt16 && input->type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "TANH: input type %s is not supported (INT8, INT16, FLOAT32)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != input->type) {
    TF_LITE_KERNEL_LOG(context, "TANH: output type %s differs from input type %s",
                       TfLiteTypeGetName(output->type), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (!HaveSameShapes(input, output)) {
    TF_LITE_KERNEL_LOG(context, "TANH: output shape differs from the input shape");
    return kTfLiteError;
  }
  const int64_t elements = ElementCount(*input->dims);
  if (elements > std::numeric_limits<int>::max()) {
    TF_LITE_KERNEL_LOG(context, "TANH: %lld elements is too many", static_cast<long long>(elements));
    return kTfLiteError;
  }
  data->size = static_cast<int>(elements);
  if (input->type == kTfLiteFloat32) return kTfLiteOk;

  if (!IsValidScale(input->params.scale) || !IsValidScale(output->params.scale)) {
    TF_LITE_KERNEL_LOG(context, "TANH: %s input and output must be quantized (scale finite and > 0)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (input->type == kTfLiteInt8) {
    if (input->params.zero_point < -128 || input->params.zero_point > 127) {  // x - zero point is int32
      TF_LITE_KERNEL_LOG(context, "TANH: INT8 input zero point %d is outside [-128, 127]",
                         static_cast<int>(input->params.zero_point));
      return kTfLiteError;
    }
    if (!ComputeSigmoidTanhInt8Params(input->params.scale, input->params.zero_point, &data->int8)) {
      TF_LITE_KERNEL_LOG(context, "TANH: input scale %g is too small", static_cast<double>(input->params.scale));
      return kTfLiteError;
    }
    return kTfLiteOk;
  }
  if (input->params.zero_point != 0 || output->params.zero_point != 0) {
    TF_LITE_KERNEL_LOG(context, "TANH: INT16 zero points must be 0 (got input %d, output %d)",
                       static_cast<int>(input->params.zero_point), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  int output_scale_log2 = 0;
  if (!CheckedLog2(output->params.scale, &output_scale_log2) || output_scale_log2 != -15) {
    TF_LITE_KERNEL_LOG(context, "TANH: INT16 output scale must be 2^-15 (got %g)",
                       static_cast<double>(output->params.scale));
    return kTfLiteError;
  }
  if (!ComputeSigmoidTanhInt16Params(input->params.scale, /*max_pot_shift=*/1, &data->int16)) {
    TF_LITE_KERNEL_LOG(context, "TANH: INT16 input scale %g is out of range (at most ~5.33, at least ~4e-14)",
                       static_cast<double>(input->params.scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(
      context, node, "TANH", {"tanh/int8/reference", "tanh/int16/reference", "tanh/float32/reference"},
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
      reference::TanhInt8(data.int8, data.size, micro::GetTensorData<int8_t>(input),
                              micro::GetTensorData<int8_t>(output));
      break;
    case kTfLiteInt16:
      reference::TanhInt16(data.int16, data.size, micro::GetTensorData<int16_t>(input),
                               micro::GetTensorData<int16_t>(output));
      break;
    default:
      reference::TanhFloat(data.size, micro::GetTensorData<float>(input), micro::GetTensorData<float>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

const TfLiteRegistration kRegistration_TANH =
    MakeBuiltinRegistration(schema::BuiltinOperator_TANH, "tanh/any/reference", Init, Prepare, Eval);

}  // namespace mote
