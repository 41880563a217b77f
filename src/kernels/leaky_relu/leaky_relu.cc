// LEAKY_RELU glue. Input 0 and output 0: same shape, same type (float32, int8 or int16); options alpha.
//
// Quantized: two requantization multipliers computed once (TFLM's leaky_relu_common), the identity one for
// x >= input_zp and the alpha one below it; TFLM forms both multipliers in double from the float scales and
// alpha (in float, an int16 output 1 step off shows: tests/oracle/data/leaky_relu.cases, lrelu_int16_double_*).
#include <cstdint>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/leaky_relu/leaky_relu_reference.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/c/builtin_op_data.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "LEAKY_RELU";

struct OpData {
  reference::LeakyReluQuantParams params;
  float alpha;
  int size;
};

// The node's alpha reaches PrepareTensors through OpData (the unary check sees only the tensors).
TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                              float alpha, reference::LeakyReluQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  const double in_scale = static_cast<double>(input->params.scale);
  const double out_scale = static_cast<double>(output->params.scale);
  QuantizeMultiplier(in_scale / out_scale, &p->identity_multiplier, &p->identity_shift);
  QuantizeMultiplier(in_scale * static_cast<double>(alpha) / out_scale, &p->alpha_multiplier, &p->alpha_shift);
  int32_t qmin = 0;
  int32_t qmax = 0;
  QuantizedTypeRange(input->type, &qmin, &qmax);
  const int64_t max_abs_input = static_cast<int64_t>(qmax) - qmin;  // |x - zp| for any zero point in range
  if (!LeftShiftFitsInt32(max_abs_input, p->identity_shift) || !LeftShiftFitsInt32(max_abs_input, p->alpha_shift)) {
    TF_LITE_KERNEL_LOG(context, "LEAKY_RELU: input scale / output scale (%g, alpha %g) is too large",
                       in_scale / out_scale, static_cast<double>(alpha));
    return kTfLiteError;
  }
  p->input_zero_point = input->params.zero_point;
  p->output_zero_point = output->params.zero_point;
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckUnaryTensors(context, kOpName, input, output, &data->size));
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareQuantized(context, input, output, data->alpha, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  auto* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteLeakyReluParams*>(node->builtin_data);
  if (data == nullptr || params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "LEAKY_RELU: missing op data or options");
    return kTfLiteError;
  }
  data->alpha = params->alpha;
  return PrepareUnaryOp(context, node, kOpName,
                        {"leaky_relu/int8/reference", "leaky_relu/int16/reference", "leaky_relu/float32/reference"},
                        PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalUnaryOp(
      context, node,
      [&](const int8_t* in, int8_t* out) { reference::LeakyReluQuantized(data.params, data.size, in, out); },
      [&](const int16_t* in, int16_t* out) { reference::LeakyReluQuantized(data.params, data.size, in, out); },
      [&](const float* in, float* out) { reference::LeakyReluFloat(data.alpha, data.size, in, out); });
}

}  // namespace

// alpha 0 when the options table is missing (TFLM's default).
TfLiteStatus ParseLeakyRelu(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteLeakyReluParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  const schema::LeakyReluOptions* options = op->builtin_options_as_LeakyReluOptions();
  params->alpha = options != nullptr ? options->alpha() : 0.f;
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_LEAKY_RELU (PLAIN, "leaky_relu/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
