// PRELU glue. Inputs 0 (input) and 1 (alpha), output 0 of the input's type: float32 (float alpha), int8 or int16
// (int8 alpha for both, TFLM's kernels); input and alpha broadcast together (at most 4 dimensions, TFLM's 4-D
// kernel) into the output's shape.
//
// Quantized: two requantization multipliers computed once (TFLM's CalculatePreluParams): identity for x >= zp,
// the input * alpha product below it.
#include <cstdint>

#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/prelu/prelu_reference.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "PRELU";
constexpr int kMaxPreluRank = 4;

struct OpData {
  const BroadcastPlan* plan;  // persistent, of its exact size
  TfLiteType type;
  reference::PreluQuantParams quant;
};

TfLiteStatus CheckTypes(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* alpha,
                        const TfLiteTensor* output) {
  const TfLiteType type = input->type;
  if (type != kTfLiteFloat32 && type != kTfLiteInt8 && type != kTfLiteInt16) {
    TF_LITE_KERNEL_LOG(context, "PRELU: input type %s is not supported (FLOAT32, INT8, INT16)",
                       TfLiteTypeGetName(type));
    return kTfLiteError;
  }
  const TfLiteType alpha_type = type == kTfLiteFloat32 ? kTfLiteFloat32 : kTfLiteInt8;
  if (alpha->type != alpha_type || output->type != type) {
    TF_LITE_KERNEL_LOG(context, "PRELU: a %s input needs a %s alpha and a %s output (got %s and %s)",
                       TfLiteTypeGetName(type), TfLiteTypeGetName(alpha_type), TfLiteTypeGetName(type),
                       TfLiteTypeGetName(alpha->type), TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* alpha,
                              const TfLiteTensor* output, reference::PreluQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "input", input));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "alpha", alpha));
  TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "output", output));
  const double in_scale = static_cast<double>(input->params.scale);
  const double alpha_scale = static_cast<double>(alpha->params.scale);
  const double out_scale = static_cast<double>(output->params.scale);
  QuantizeMultiplier(in_scale / out_scale, &p->identity_multiplier, &p->identity_shift);
  QuantizeMultiplier(in_scale * alpha_scale / out_scale, &p->alpha_multiplier, &p->alpha_shift);
  // |x - zp| and |alpha - zp| for zero points in range.
  const int64_t max_abs_input = input->type == kTfLiteInt8 ? 255 : 65535;
  if (!LeftShiftFitsInt32(max_abs_input, p->identity_shift) ||
      !LeftShiftFitsInt32(max_abs_input * 255, p->alpha_shift)) {
    TF_LITE_KERNEL_LOG(context, "PRELU: output scale %g is too small for input scale %g and alpha scale %g", out_scale,
                       in_scale, alpha_scale);
    return kTfLiteError;
  }
  p->input_zero_point = input->params.zero_point;
  p->alpha_zero_point = alpha->params.zero_point;
  p->output_zero_point = output->params.zero_point;
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (node->user_data == nullptr) {
    TF_LITE_KERNEL_LOG(context, "PRELU: missing op data");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseArity(context, kOpName, node));
  auto* data = static_cast<OpData*>(node->user_data);
  BinaryElementwiseTensors t(context, node);
  const TfLiteTensor* input = t.input1.get();
  const TfLiteTensor* alpha = t.input2.get();
  const TfLiteTensor* output = t.output.get();
  if (input == nullptr || alpha == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "PRELU: missing input, alpha or output tensor");
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckTypes(context, input, alpha, output));
  if (input->dims->size > kMaxPreluRank || alpha->dims->size > kMaxPreluRank || output->dims->size > kMaxPreluRank) {
    TF_LITE_KERNEL_LOG(context, "PRELU: input, alpha and output have %d, %d and %d dimensions (at most %d)",
                       input->dims->size, alpha->dims->size, output->dims->size, kMaxPreluRank);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(PrepareBroadcast(context, kOpName, input, alpha, output, &data->plan));
  data->type = input->type;
  if (data->type != kTfLiteFloat32)
    TF_LITE_ENSURE_STATUS(PrepareQuantized(context, input, alpha, output, &data->quant));
  ReportKernelVariant(context, data->type == kTfLiteInt8    ? "prelu/int8/reference"
                               : data->type == kTfLiteInt16 ? "prelu/int16/reference"
                                                            : "prelu/float32/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* alpha = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  switch (data.type) {
    case kTfLiteInt8:
      reference::PreluQuantized(*data.plan, data.quant, micro::GetTensorData<int8_t>(input),
                                micro::GetTensorData<int8_t>(alpha), micro::GetTensorData<int8_t>(output));
      break;
    case kTfLiteInt16:
      reference::PreluQuantized(*data.plan, data.quant, micro::GetTensorData<int16_t>(input),
                                micro::GetTensorData<int8_t>(alpha), micro::GetTensorData<int16_t>(output));
      break;
    default:
      reference::PreluFloat(*data.plan, micro::GetTensorData<float>(input), micro::GetTensorData<float>(alpha),
                            micro::GetTensorData<float>(output));
      break;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_PRELU (PLAIN, "prelu/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
