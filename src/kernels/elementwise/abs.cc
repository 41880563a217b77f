// ABS glue. Input 0 and output 0: same shape, same type (float32, int8 or int16), as TFLM.
//
// int8: both tensors quantized per tensor; int16: quantized with zero points 0, or, when the input has no
// quantization at all, TFLM's plain integer |x| (the output's quantization is then not used). Quantized ABS
// requantizes |x - input_zp| from the input's scale to the output's (TFLM's multiplier of input_scale /
// output_scale, computed in double).
#include <cstdint>
#include <cstdlib>
#include <limits>

#include "kernels/elementwise/elementwise_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "ABS";

struct OpData {
  reference::UnaryQuantParams params;
  bool plain_int16;  // int16 input without quantization: integer |x|
  int size;
};

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                              reference::UnaryQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  if (input->type == kTfLiteInt16) TF_LITE_ENSURE_STATUS(CheckInt16ZeroPoints(context, kOpName, input, output));
  p->input_offset = input->params.zero_point;
  p->output_offset = output->params.zero_point;
  p->rescale = input->params.scale != output->params.scale;
  const double real_multiplier = static_cast<double>(input->params.scale) / static_cast<double>(output->params.scale);
  QuantizeMultiplier(real_multiplier, &p->multiplier, &p->shift);
  // The requantization shifts |x - input_zp| left by `shift` in int32 (TFLM wraps there; mote refuses).
  int32_t qmin = 0;
  int32_t qmax = 0;
  QuantizedTypeRange(input->type, &qmin, &qmax);
  const int64_t max_magnitude = std::max<int64_t>(int64_t{qmax} - p->input_offset, p->input_offset - int64_t{qmin});
  if (p->rescale && p->shift > 0 &&
      (p->shift > 30 || (max_magnitude << p->shift) > std::numeric_limits<int32_t>::max())) {
    TF_LITE_KERNEL_LOG(context, "ABS: input scale / output scale (%g) is too large", real_multiplier);
    return kTfLiteError;
  }
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckUnaryTensors(context, kOpName, input, output, &data->size));
  data->plain_int16 = input->type == kTfLiteInt16 && input->quantization.type != kTfLiteAffineQuantization;
  if (input->type == kTfLiteFloat32 || data->plain_int16) return kTfLiteOk;
  return PrepareQuantized(context, input, output, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(context, node, kOpName, {"abs/int8/reference", "abs/int16/reference", "abs/float32/reference"},
                        PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalUnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { reference::AbsQuantized(data.params, data.size, in, out); },
      [&](const int16_t* in, int16_t* out) {
        if (data.plain_int16) {
          reference::AbsInt16(data.size, in, out);
        } else {
          reference::AbsQuantized(data.params, data.size, in, out);
        }
      },
      [&](const float* in, float* out) { reference::AbsFloat(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_ABS (PLAIN, "abs/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
