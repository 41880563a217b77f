// LOGISTIC / TANH shared prepare (see sigmoid_tanh_prepare.h).
#include "kernels/glue/sigmoid_tanh_prepare.h"

#include "kernels/glue/unary_op.h"
#include "mote/kernel_util.h"

namespace mote {

TfLiteStatus PrepareSigmoidTanh(TfLiteContext* context, const char* op_name, const SigmoidTanhRules& rules,
                                const TfLiteTensor* input, const TfLiteTensor* output, SigmoidTanhOpData* data) {
  TF_LITE_ENSURE_STATUS(CheckUnaryTensors(context, op_name, input, output, &data->size));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;

  TF_LITE_ENSURE_STATUS(CheckQuantizedScales(context, op_name, input, output));
  if (input->type == kTfLiteInt8) {
    if (rules.int8_output_zero_point_is_minus_128 && output->params.zero_point != -128) {
      TF_LITE_KERNEL_LOG(context, "%s: INT8 output zero point must be -128 (got %d)", op_name,
                         static_cast<int>(output->params.zero_point));
      return kTfLiteError;
    }
    if (input->params.zero_point < -128 || input->params.zero_point > 127) {  // x - zero point is int32
      TF_LITE_KERNEL_LOG(context, "%s: INT8 input zero point %d is outside [-128, 127]", op_name,
                         static_cast<int>(input->params.zero_point));
      return kTfLiteError;
    }
    if (!ComputeSigmoidTanhInt8Params(input->params.scale, input->params.zero_point, &data->int8)) {
      TF_LITE_KERNEL_LOG(context, "%s: input scale %g is too small", op_name, static_cast<double>(input->params.scale));
      return kTfLiteError;
    }
    return kTfLiteOk;
  }
  TF_LITE_ENSURE_STATUS(CheckInt16ZeroPoints(context, op_name, input, output));
  int output_scale_log2 = 0;
  if (!CheckedLog2(output->params.scale, &output_scale_log2) || output_scale_log2 != -15) {
    TF_LITE_KERNEL_LOG(context, "%s: INT16 output scale must be 2^-15 (got %g)", op_name,
                       static_cast<double>(output->params.scale));
    return kTfLiteError;
  }
  if (!ComputeSigmoidTanhInt16Params(input->params.scale, rules.max_pot_shift, &data->int16)) {
    TF_LITE_KERNEL_LOG(context, "%s: INT16 input scale %g is out of range (at most ~5.33, at least ~4e-14)", op_name,
                       static_cast<double>(input->params.scale));
    return kTfLiteError;
  }
  return kTfLiteOk;
}

}  // namespace mote
