// RSQRT glue. Input 0 and output 0: same shape, same type (float32, int8 or int16), as TFLM.
//
// int8/int16: both tensors quantized per tensor (int16: zero points 0), TFLM's fixed-point 1/sqrt
// (elementwise_reference.h) with the multiplier of 1 / (sqrt(input_scale) * output_scale) computed in double.
// TFLM runs an int16 RSQRT whose tensors have no quantization on an infinite multiplier (undefined behaviour in
// its QuantizeMultiplier); mote refuses it. An input below its zero point (the root of a negative number) ends
// Invoke with an error, as in TFLM; float32 gives NaN there (1 / sqrt(x) in float, no check).
#include <cmath>
#include <cstdint>

#include "kernels/elementwise/elementwise_reference.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "RSQRT";
constexpr int kExtraBits = 20;     // RsqrtQuantized's 1 / sqrt(v) carries 2^20
constexpr int kMaxLeftShift = 10;  // 2^20 << 10 is the most int32 holds

struct OpData {
  reference::UnaryQuantParams params;
  int size;
};

TfLiteStatus PrepareQuantized(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                              reference::UnaryQuantParams* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  if (input->type == kTfLiteInt16) TF_LITE_ENSURE_STATUS(CheckInt16ZeroPoints(context, kOpName, input, output));
  p->input_offset = input->params.zero_point;
  p->output_offset = output->params.zero_point;
  p->rescale = true;
  const double real_multiplier =
      1.0 / (std::sqrt(static_cast<double>(input->params.scale)) * static_cast<double>(output->params.scale));
  QuantizeMultiplier(real_multiplier, &p->multiplier, &p->shift);
  // The requantization shifts 1 / sqrt(v) * 2^20 (at most 2^20) left by shift - 20 in int32.
  if (p->shift - kExtraBits > kMaxLeftShift) {
    TF_LITE_KERNEL_LOG(context, "RSQRT: 1 / (sqrt(input scale) * output scale) (%g) is too large", real_multiplier);
    return kTfLiteError;
  }
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
  return PrepareUnaryOp(context, node, kOpName,
                        {"rsqrt/int8/reference", "rsqrt/int16/reference", "rsqrt/float32/reference"}, PrepareTensors);
}

// TFLM's one data-dependent refusal: the whole tensor is checked before any output is written.
template <typename T>
TfLiteStatus EvalQuantized(TfLiteContext* context, const OpData& data, const T* in, T* out) {
  const int bad = reference::FirstBelowZeroPoint(data.params, data.size, in);
  if (bad >= 0) {
    TF_LITE_KERNEL_LOG(context,
                       "RSQRT: input element %d (%d) is below the zero point %d: rsqrt is defined only for "
                       "values >= 0",
                       bad, static_cast<int>(in[bad]), static_cast<int>(data.params.input_offset));
    return kTfLiteError;
  }
  reference::RsqrtQuantized(data.params, data.size, in, out);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  TfLiteStatus status = kTfLiteOk;
  EvalUnaryOp(
      context, node, [&](const int8_t* in, int8_t* out) { status = EvalQuantized(context, data, in, out); },
      [&](const int16_t* in, int16_t* out) { status = EvalQuantized(context, data, in, out); },
      [&](const float* in, float* out) { reference::RsqrtFloat(data.size, in, out); });
  return status;
}

}  // namespace

#define MOTE_KERNEL_RSQRT (PLAIN, "rsqrt/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
