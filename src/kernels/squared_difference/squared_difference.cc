// SQUARED_DIFFERENCE glue. Types (as TFLM's kernel): FLOAT32, INT32 (wrapping), INT8 and INT16 (per-tensor
// quantized, TFLM's rescaling; INT16 zero points 0). Broadcasting up to 6 dimensions. No options (the schema's
// SquaredDifferenceOptions is empty), no fused activation. Prepare validates and computes the broadcast plan and
// the requantization constants; invoke runs reference::SquaredDifferenceElements through EvalBinaryElementwise.
#include <algorithm>
#include <cstdint>

#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/squared_difference/squared_difference_reference.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "SQUARED_DIFFERENCE";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8, kTfLiteInt16};

using OpData = BinaryElementwiseOpData<reference::SquaredDifferenceElements>;

// TFLM's constants: the input multipliers scale_i / (2 max scale) and the output one
// (2 max scale)^2 / (2^(2 left_shift) scale_out), in double from the float scales.
TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input1, const TfLiteTensor* input2,
                              const TfLiteTensor* output, OpData* data) {
  const bool int16 = data->common.type == kTfLiteInt16;
  if (int16 && (input1->params.zero_point != 0 || input2->params.zero_point != 0 || output->params.zero_point != 0)) {
    TF_LITE_KERNEL_LOG(context, "%s: INT16 zero points must be 0 (got %d, %d, output %d)", kOpName,
                       static_cast<int>(input1->params.zero_point), static_cast<int>(input2->params.zero_point),
                       static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  reference::SquaredDifferenceQuantParams& q = data->quant;
  q.left_shift = int16 ? 0 : 7;  // the INT8 inputs' headroom: (255 << 7)^2 still fits in int32
  const double twice_max_scale = 2.0 * static_cast<double>(std::max(input1->params.scale, input2->params.scale));
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input1->params.scale) / twice_max_scale,
                                      &q.input1_multiplier, &q.input1_shift);
  QuantizeMultiplierSmallerThanOneExp(static_cast<double>(input2->params.scale) / twice_max_scale,
                                      &q.input2_multiplier, &q.input2_shift);
  // TFLM multiplies the output scale by 2^(2 left_shift) in float (exact: a power of two).
  const float denominator = static_cast<float>(1 << (2 * q.left_shift)) * output->params.scale;
  QuantizeMultiplier(twice_max_scale * twice_max_scale / static_cast<double>(denominator), &q.output_multiplier,
                     &q.output_shift);
  if (q.output_shift > 31) {
    LogOutputScaleTooSmall(context, kOpName, input1, input2, output);
    return kTfLiteError;
  }
  SetQuantizedOffsetsAndRange(input1, input2, output, data->common, &q);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseOpData(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const BinaryElementwiseTensors t(context, node);
  const BinaryElementwiseSpec spec = {kOpName, kTypes, 4, "FLOAT32, INT32, INT8, INT16", false};
  // No fused activation: the clamp is the type's range (INT8/INT16), checking their quantization on the way.
  TF_LITE_ENSURE_STATUS(PrepareBinaryElementwise(context, spec, kTfLiteActNone, t.input1.get(), t.input2.get(),
                                                 t.output.get(), &data->common));
  const char* variant = "squared_difference/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      variant = "squared_difference/int32/reference";
      break;
    case kTfLiteInt8:
    case kTfLiteInt16:
      TF_LITE_ENSURE_STATUS(PrepareQuantized(context, t.input1.get(), t.input2.get(), t.output.get(), data));
      variant = data->common.type == kTfLiteInt16 ? "squared_difference/int16/reference"
                                                  : "squared_difference/int8/reference";
      break;
    default:
      break;
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalBinaryElementwise(context, node, *static_cast<const OpData*>(node->user_data));
}

}  // namespace

#define MOTE_KERNEL_SQUARED_DIFFERENCE (PLAIN, "squared_difference/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
