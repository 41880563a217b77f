// DEQUANTIZE glue: INT8, INT16 or UINT8 -> FLOAT32 with per-tensor quantization (as TFLM's reference kernel).
// Per-channel inputs are refused: TFLM would silently use the first channel's scale for every element.
#include <cstdint>

#include "kernels/dequantize/dequantize_reference.h"
#include "kernels/internal/quantization_checks.h"
#include "kernels/internal/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "DEQUANTIZE";

struct OpData {
  TfLiteType input_type;
  int count;
  double scale;
  int32_t zero_point;
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  MicroContext* micro_context = GetMicroContext(context);
  OpData* data = static_cast<OpData*>(node->user_data);
  if (data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data", kOp);
    return kTfLiteError;
  }
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 input, 1 output)", kOp, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", kOp);
    return kTfLiteError;
  }
  if (input->type != kTfLiteInt8 && input->type != kTfLiteInt16 && input->type != kTfLiteUInt8) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (INT8, INT16, UINT8)", kOp,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s is not supported (FLOAT32)", kOp,
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  const int64_t count = ElementCount(*input->dims);
  if (count != ElementCount(*output->dims)) {
    TF_LITE_KERNEL_LOG(context, "%s: input has %lld elements, output %lld", kOp, static_cast<long long>(count),
                       static_cast<long long>(ElementCount(*output->dims)));
    return kTfLiteError;
  }
  if (count > INT32_MAX) {
    TF_LITE_KERNEL_LOG(context, "%s: tensor too large for 32-bit indexing", kOp);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOp, "input", input.get()));
  data->input_type = input->type;
  data->count = static_cast<int>(count);
  data->scale = static_cast<double>(input->params.scale);
  data->zero_point = input->params.zero_point;
  ReportKernelVariant(context, "dequantize/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& d = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  float* out = micro::GetTensorData<float>(micro::GetEvalOutput(context, node, 0));
  switch (d.input_type) {
    case kTfLiteInt8:
      reference::Dequantize(micro::GetTensorData<int8_t>(input), d.count, d.scale, d.zero_point, out);
      return kTfLiteOk;
    case kTfLiteInt16:
      reference::Dequantize(micro::GetTensorData<int16_t>(input), d.count, d.scale, d.zero_point, out);
      return kTfLiteOk;
    case kTfLiteUInt8:
      reference::Dequantize(micro::GetTensorData<uint8_t>(input), d.count, d.scale, d.zero_point, out);
      return kTfLiteOk;
    default:
      return kTfLiteError;  // prepare accepted only the types above
  }
}

}  // namespace

const TfLiteRegistration kRegistration_DEQUANTIZE =
    MakeBuiltinRegistration(schema::BuiltinOperator_DEQUANTIZE, "dequantize/any/reference", Init, Prepare, Eval);

}  // namespace mote
