// LOGISTIC glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantization, as TFLM requires it: INT8 output zero point -128 (the kernel writes round(256 * sigmoid) - 128,
// so the output scale should be 1/256; TFLM does not check it and neither does mote). INT16: zero points 0,
// output scale 2^-15, input scale at most ~5.33 (the 1/(3 * 4096) rescale's multiplier must fit 16 bits).
#include <cstdint>

#include "kernels/dispatch/variant.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/sigmoid_tanh_prepare.h"
#include "kernels/glue/unary_op.h"
#include "kernels/logistic/logistic_reference.h"
#include "kernels/logistic/logistic_variants.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "LOGISTIC";
constexpr SigmoidTanhRules kRules = {/*int8_output_zero_point_is_minus_128=*/true, /*max_pot_shift=*/0};

struct OpData {
  SigmoidTanhOpData sigmoid_tanh;
  VariantChoice float_variant;  // FLOAT32 only
};

void RunFloatReference(const logistic::LogisticFloatProblem& p, void*) {
  reference::LogisticFloat(p.size, p.input, p.output);
}

// FLOAT32, best first; the reference (TFLM's formula) last.
constexpr KernelVariant<logistic::LogisticFloatProblem> kFloatVariants[] = {
#if MOTE_TARGET_X86_64
    {"logistic/float32/avx2", isa::kAvx2 | isa::kFma, nullptr, nullptr, MOTE_X86_SIMD_FN(logistic::LogisticFloatAvx2)},
#endif
    {"logistic/float32/reference", 0, nullptr, nullptr, RunFloatReference},
};

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(PrepareSigmoidTanh(context, kOpName, kRules, input, output, &data->sigmoid_tanh));
  if (input->type != kTfLiteFloat32) return kTfLiteOk;
  return SelectVariant(context, kOpName, kFloatVariants,
                       logistic::LogisticFloatProblem{data->sigmoid_tanh.size, nullptr, nullptr}, &data->float_variant);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(PrepareUnaryOp(
      context, node, kOpName, {"logistic/int8/reference", "logistic/int16/reference", /*float32: the table*/ nullptr},
      PrepareTensors));
  // Element-wise: each output element is computed from the input element at its index, read first.
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const SigmoidTanhOpData& st = data.sigmoid_tanh;
  return EvalUnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::LogisticInt8(st.int8, st.size, in, out); },
      [&](const int16_t* in, int16_t* out) { reference::LogisticInt16(st.int16, st.size, in, out); },
      [&](const float* in, float* out) {
        RunVariant(context, kFloatVariants, data.float_variant, logistic::LogisticFloatProblem{st.size, in, out});
      });
}

}  // namespace

#define MOTE_KERNEL_LOGISTIC (PLAIN, "logistic/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
