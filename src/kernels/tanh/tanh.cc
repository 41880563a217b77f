// TANH glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantization, as TFLM requires it: INT8 has no output constraint (the kernel writes round(128 * tanh), so
// the output scale should be 1/128 and the zero point 0; TFLM does not check it and neither does mote).
// INT16: zero points 0, output scale 2^-15, input scale at most ~5.33 (the 1/(3 * 4096) rescale's multiplier
// must fit 16 bits).
#include <cstdint>

#include "kernels/glue/registration.h"
#include "kernels/glue/sigmoid_tanh_prepare.h"
#include "kernels/glue/unary_op.h"
#include "kernels/tanh/tanh_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "TANH";
constexpr SigmoidTanhRules kRules = {/*int8_output_zero_point_is_minus_128=*/false, /*max_pot_shift=*/1};

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  return PrepareSigmoidTanh(context, kOpName, kRules, input, output, static_cast<SigmoidTanhOpData*>(user_data));
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(PrepareUnaryOp(context, node, kOpName,
                                       {"tanh/int8/reference", "tanh/int16/reference", "tanh/float32/reference"},
                                       PrepareTensors));
  // Element-wise: each output element is computed from the input element at its index, read first.
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const SigmoidTanhOpData& data = *static_cast<const SigmoidTanhOpData*>(node->user_data);
  return EvalUnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::TanhInt8(data.int8, data.size, in, out); },
      [&](const int16_t* in, int16_t* out) { reference::TanhInt16(data.int16, data.size, in, out); },
      [&](const float* in, float* out) { reference::TanhFloat(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_TANH (PLAIN, "tanh/any/reference", InitOpData<SigmoidTanhOpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
