// DEQUANTIZE glue: INT8, INT16 or UINT8 -> FLOAT32 with per-tensor quantization (as TFLM's reference kernel).
// Per-channel inputs are refused: TFLM would silently use the first channel's scale for every element.
// Beyond TFLM, as LiteRT: FLOAT16 -> FLOAT32 (the float16-weight models the converter writes with
// target_spec.supported_types = [tf.float16]); the quantization parameters of a FLOAT16 input are not read.
#include <cstdint>

#include "kernels/dequantize/dequantize_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/glue/unary_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "DEQUANTIZE";

struct OpData {
  TfLiteType input_type;
  int count;
  double scale;
  int32_t zero_point;
};

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckUnaryNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const UnaryTempTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, kOpName));
  const ScopedTempTensor& input = t.input;
  const ScopedTempTensor& output = t.output;
  if (input->type != kTfLiteInt8 && input->type != kTfLiteInt16 && input->type != kTfLiteUInt8 &&
      input->type != kTfLiteFloat16) {
    TF_LITE_KERNEL_LOG(context, "%s: input type %s is not supported (INT8, INT16, UINT8, FLOAT16)", kOpName,
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (output->type != kTfLiteFloat32) {
    TF_LITE_KERNEL_LOG(context, "%s: output type %s is not supported (FLOAT32)", kOpName,
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckSameElementCount(context, kOpName, input.get(), output.get(), &data->count));
  data->input_type = input->type;
  if (input->type == kTfLiteFloat16) {
    ReportKernelVariant(context, "dequantize/float16/reference");
    return kTfLiteOk;
  }
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "input", input.get()));
  data->input_type = input->type;
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
    case kTfLiteFloat16:
      reference::DequantizeFloat16(micro::GetTensorData<uint16_t>(input), d.count, out);
      return kTfLiteOk;
    default:
      return kTfLiteError;  // prepare accepted only the types above
  }
}

}  // namespace

#define MOTE_KERNEL_DEQUANTIZE (PLAIN, "dequantize/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
