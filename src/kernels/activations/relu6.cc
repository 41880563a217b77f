// RELU6 glue. Input 0 and output 0: same shape, same type (int8, int16 or float32).
//
// Quantized RELU6 clamps in the input's quantization to [input_zero_point, quantize(6.0)] and copies the raw
// values, exactly as TFLM does; it does not requantize, so the output tensor's quantization is not used.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

#include "kernels/activations/activations_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_context.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "RELU6";

struct OpData {
  int32_t zero;  // lower bound: the input zero point
  int32_t six;   // upper bound: 6.0 in the input's quantization, clamped to the type's range
  int size;
};

// TFLM's FloatToQuantizedType: round(value / scale) + zero_point clamped to [qmin, qmax] (evaluated in double so
// that a tiny scale clamps instead of overflowing).
int32_t QuantizeClamped(float value, float scale, int32_t zero_point, int32_t qmin, int32_t qmax) {
  const double q = static_cast<double>(std::round(value / scale)) + zero_point;
  return static_cast<int32_t>(std::min<double>(std::max<double>(q, qmin), qmax));
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  TF_LITE_ENSURE_STATUS(CheckUnaryTensors(context, kOpName, input, output, &data->size));
  data->zero = 0;
  data->six = 0;
  if (input->type == kTfLiteFloat32) return kTfLiteOk;

  if (!(input->params.scale > 0.f)) {
    TF_LITE_KERNEL_LOG(context, "RELU6: %s input must be quantized (scale > 0)", TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  const bool is_int8 = input->type == kTfLiteInt8;
  const int32_t qmin = is_int8 ? std::numeric_limits<int8_t>::min() : std::numeric_limits<int16_t>::min();
  const int32_t qmax = is_int8 ? std::numeric_limits<int8_t>::max() : std::numeric_limits<int16_t>::max();
  if (input->params.zero_point < qmin || input->params.zero_point > qmax) {
    TF_LITE_KERNEL_LOG(context, "RELU6: input zero point %d is outside the %s range",
                       static_cast<int>(input->params.zero_point), TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  data->zero = input->params.zero_point;
  data->six = QuantizeClamped(6.0f, input->params.scale, input->params.zero_point, qmin, qmax);
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(PrepareUnaryOp(context, node, kOpName,
                                       {"relu6/int8/reference", "relu6/int16/reference", "relu6/float32/reference"},
                                       PrepareTensors));
  // Element-wise: each output element is computed from the input element at its index, read first.
  GetMicroContext(context)->AllowOutputToOverwriteInput(0);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalUnaryOp(
      context, node,
      [&](const int8_t* in, int8_t* out) {
        reference::Relu6Quantized(static_cast<int8_t>(data.zero), static_cast<int8_t>(data.six), data.size, in, out);
      },
      [&](const int16_t* in, int16_t* out) {
        reference::Relu6Quantized(static_cast<int16_t>(data.zero), static_cast<int16_t>(data.six), data.size, in,
                                  out);
      },
      [&](const float* in, float* out) { reference::Relu6Float(data.size, in, out); });
}

}  // namespace

#define MOTE_KERNEL_RELU6 (PLAIN, "relu6/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
