// QUANTIZE glue. Conversions (exactly TFLM's reference set):
//   FLOAT32 -> INT8, INT16                      AffineQuantize
//   INT8    -> INT8, UINT8, INT16, INT32        Requantize with input_scale / output_scale
//   UINT8   -> INT8
//   INT16   -> INT8, INT16, INT32
//   INT32   -> INT8, INT16
// The output must be per-tensor quantized (TFLM has no per-channel QUANTIZE); quantized inputs too.
#include <cstdint>

#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "kernels/glue/unary_op.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/quantize/quantize_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "QUANTIZE";

struct OpData {
  TfLiteType input_type;
  TfLiteType output_type;
  int count;
  float output_scale;
  int32_t output_zero_point;
  int32_t input_zero_point;
  int32_t multiplier;
  int shift;
};

bool Supported(TfLiteType in, TfLiteType out) {
  switch (in) {
    case kTfLiteFloat32: return out == kTfLiteInt8 || out == kTfLiteInt16;
    case kTfLiteInt8: return out == kTfLiteInt8 || out == kTfLiteUInt8 || out == kTfLiteInt16 || out == kTfLiteInt32;
    case kTfLiteUInt8: return out == kTfLiteInt8;
    case kTfLiteInt16: return out == kTfLiteInt8 || out == kTfLiteInt16 || out == kTfLiteInt32;
    case kTfLiteInt32: return out == kTfLiteInt8 || out == kTfLiteInt16;
    default: return false;
  }
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckUnaryNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const UnaryTempTensors t(context, node);
  TF_LITE_ENSURE_STATUS(t.CheckPresent(context, kOpName));
  const ScopedTempTensor& input = t.input;
  const ScopedTempTensor& output = t.output;
  if (!Supported(input->type, output->type)) {
    TF_LITE_KERNEL_LOG(context,
                       "%s: %s -> %s is not supported (FLOAT32 -> INT8/INT16; INT8 -> INT8/UINT8/INT16/INT32; "
                       "UINT8 -> INT8; INT16 -> INT8/INT16/INT32; INT32 -> INT8/INT16)",
                       kOpName, TfLiteTypeGetName(input->type), TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckSameElementCount(context, kOpName, input.get(), output.get(), &data->count));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "output", output.get()));
  data->input_type = input->type;
  data->output_type = output->type;
  data->output_scale = output->params.scale;
  data->output_zero_point = output->params.zero_point;
  data->input_zero_point = 0;
  data->multiplier = 0;
  data->shift = 0;
  if (input->type != kTfLiteFloat32) {
    TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "input", input.get()));
    data->input_zero_point = input->params.zero_point;
    const double effective_scale =
        static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale);
    QuantizeMultiplier(effective_scale, &data->multiplier, &data->shift);
    if (data->shift > 30) {
      TF_LITE_KERNEL_LOG(context, "%s: input/output scale ratio %g is too large", kOpName, effective_scale);
      return kTfLiteError;
    }
  }
  ReportKernelVariant(context, input->type == kTfLiteFloat32 ? "quantize/float32/reference"
                                                             : "quantize/requantize/reference");
  return kTfLiteOk;
}

template <typename InT>
TfLiteStatus EvalRequantize(const OpData& d, const TfLiteEvalTensor* input, TfLiteEvalTensor* output) {
  const InT* in = micro::GetTensorData<InT>(input);
  switch (d.output_type) {
    case kTfLiteInt8:
      reference::Requantize(in, d.count, d.multiplier, d.shift, d.input_zero_point, d.output_zero_point,
                            micro::GetTensorData<int8_t>(output));
      return kTfLiteOk;
    case kTfLiteUInt8:
      reference::Requantize(in, d.count, d.multiplier, d.shift, d.input_zero_point, d.output_zero_point,
                            micro::GetTensorData<uint8_t>(output));
      return kTfLiteOk;
    case kTfLiteInt16:
      reference::Requantize(in, d.count, d.multiplier, d.shift, d.input_zero_point, d.output_zero_point,
                            micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    case kTfLiteInt32:
      reference::Requantize(in, d.count, d.multiplier, d.shift, d.input_zero_point, d.output_zero_point,
                            micro::GetTensorData<int32_t>(output));
      return kTfLiteOk;
    default:
      return kTfLiteError;
  }
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& d = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  switch (d.input_type) {
    case kTfLiteFloat32:
      if (d.output_type == kTfLiteInt8) {
        reference::AffineQuantize(micro::GetTensorData<float>(input), d.count, d.output_scale, d.output_zero_point,
                                  micro::GetTensorData<int8_t>(output));
      } else {
        reference::AffineQuantize(micro::GetTensorData<float>(input), d.count, d.output_scale, d.output_zero_point,
                                  micro::GetTensorData<int16_t>(output));
      }
      return kTfLiteOk;
    case kTfLiteInt8: return EvalRequantize<int8_t>(d, input, output);
    case kTfLiteUInt8: return EvalRequantize<uint8_t>(d, input, output);
    case kTfLiteInt16: return EvalRequantize<int16_t>(d, input, output);
    case kTfLiteInt32: return EvalRequantize<int32_t>(d, input, output);
    default: return kTfLiteError;  // prepare accepted only the types above
  }
}

}  // namespace

#define MOTE_KERNEL_QUANTIZE (PLAIN, "quantize/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
