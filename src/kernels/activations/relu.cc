// RELU glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantized RELU requantizes from the input's to the output's quantization (TFLM's ReluQuantized); INT16
// requires zero points 0, as TFLM does.
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/activations/activations_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "RELU";

struct OpData {
  reference::ReluQuantParams params;
  int size;
};

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                              reference::ReluQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckQuantizedScales(context, kOpName, input, output));
  const bool is_int8 = input->type == kTfLiteInt8;
  if (!is_int8) TF_LITE_ENSURE_STATUS(CheckInt16ZeroPoints(context, kOpName, input, output));
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
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckUnaryTensors(context, kOpName, input, output, &data->size));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareQuantized(context, input, output, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(PrepareUnaryOp(context, node, kOpName,
                                       {"relu/int8/reference", "relu/int16/reference", "relu/float32/reference"},
                                       PrepareTensors));
  // Element-wise: each output element is computed from the input element at its index, read first.
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalUnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::ReluQuantized(data.params, data.size, in, out); },
      [&](const int16_t* in, int16_t* out) { reference::ReluQuantized(data.params, data.size, in, out); },
      [&](const float* in, float* out) { reference::ReluFloat(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_RELU (PLAIN, "relu/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
