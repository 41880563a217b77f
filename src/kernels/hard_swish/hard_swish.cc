// HARD_SWISH glue. Input 0 and output 0: same shape, same type, float32 or int8 (TFLM has no int16 kernel).
//
// INT8: the two int16 fixed-point multipliers of TFLM's HardSwishPrepare: input_scale / 128 and 3 / 32768 in
// float (both exact), each quotient formed in double as the tflite-micro package does (a float quotient put the
// output multiplier's 16-bit rounding one off, e.g. input scale 0.025385011 / output scale 0.0224227309), then
// QuantizeMultiplier and the int32 multiplier rounded to 16 bits.
#include <cstdint>
#include <limits>

#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/hard_swish/hard_swish_reference.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "HARD_SWISH";

struct OpData {
  reference::HardSwishQuantParams params;
  int size;
};

// QuantizeMultiplier's int32 multiplier (>= 0) rounded to its upper 16 bits, saturating (TFLM's
// DownScaleInt32ToInt16Multiplier).
int16_t DownScaleMultiplierTo16(int32_t multiplier) {
  constexpr int32_t kRound = 1 << 15;
  if (multiplier >= std::numeric_limits<int32_t>::max() - kRound) return std::numeric_limits<int16_t>::max();
  return static_cast<int16_t>((multiplier + kRound) >> 16);
}

TfLiteStatus PrepareInt8(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                         reference::HardSwishQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  const float hires_input_scale = (1.0f / 128.0f) * input->params.scale;
  const float reluish_scale = 3.0f / 32768.0f;
  int32_t multiplier = 0;
  QuantizeMultiplier(static_cast<double>(hires_input_scale) / static_cast<double>(output->params.scale), &multiplier,
                     &p->output_exponent);
  p->output_multiplier = DownScaleMultiplierTo16(multiplier);
  if (p->output_exponent > 0) {
    TF_LITE_KERNEL_LOG(context, "HARD_SWISH: input scale %g / output scale %g must be below 128 (TFLM's limit)",
                       static_cast<double>(input->params.scale), static_cast<double>(output->params.scale));
    return kTfLiteError;
  }
  QuantizeMultiplier(static_cast<double>(hires_input_scale) / static_cast<double>(reluish_scale), &multiplier,
                     &p->reluish_exponent);
  p->reluish_multiplier = DownScaleMultiplierTo16(multiplier);
  if (p->reluish_exponent > 31) {  // the saturating left shift goes through int64 by exponent - 1
    TF_LITE_KERNEL_LOG(context, "HARD_SWISH: input scale %g is too large", static_cast<double>(input->params.scale));
    return kTfLiteError;
  }
  p->input_zero_point = static_cast<int16_t>(input->params.zero_point);
  p->output_zero_point = static_cast<int16_t>(output->params.zero_point);
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckFloat32OrInt8Tensors(context, kOpName, input, output, &data->size));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareInt8(context, input, output, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(context, node, kOpName, {"hard_swish/int8/reference", nullptr, "hard_swish/float32/reference"},
                        PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalFloat32OrInt8UnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::HardSwishInt8(data.params, data.size, in, out); },
      [&](const float* in, float* out) { reference::HardSwishFloat(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_HARD_SWISH (PLAIN, "hard_swish/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
