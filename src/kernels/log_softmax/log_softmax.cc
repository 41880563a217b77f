// LOG_SOFTMAX glue. Input 0 and output 0: same shape (rank >= 1), same type, float32 or int8; over the last
// dimension.
//
// INT8 (TFLM's constraints): the output quantized (16/256, 127), the input scale turned into the Q5.26 input
// multiplier and its inverse once here (PreprocessLogSoftmaxScalingExp with beta 1), rows at most 4096 long.
#include <cmath>
#include <cstdint>

#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/log_softmax/log_softmax_reference.h"
#include "kernels/quantization/quantization_util.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "LOG_SOFTMAX";
constexpr int kScaledDiffIntegerBits = 5;
constexpr int kMaxInt8Depth = 4096;  // the Q12.19 sum of exponentials

struct OpData {
  reference::LogSoftmaxInt8Params params;
  int outer;
  int depth;
};

TfLiteStatus PrepareInt8(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output, int depth,
                         reference::LogSoftmaxInt8Params* p) {
  TF_LITE_ENSURE_STATUS(CheckPerTensorInputOutput(context, kOpName, input, output));
  if (output->params.zero_point != 127 || output->params.scale != 16.0f / 256) {
    TF_LITE_KERNEL_LOG(context, "LOG_SOFTMAX: INT8 output must be quantized (0.0625, 127) (got (%g, %d))",
                       static_cast<double>(output->params.scale), static_cast<int>(output->params.zero_point));
    return kTfLiteError;
  }
  if (depth > kMaxInt8Depth) {
    TF_LITE_KERNEL_LOG(context, "LOG_SOFTMAX: INT8 depth %d is too large (at most %d)", depth, kMaxInt8Depth);
    return kTfLiteError;
  }
  const double input_scale = static_cast<double>(input->params.scale);
  PreprocessSoftmaxScaling(1.0, input_scale, kScaledDiffIntegerBits, &p->input_multiplier, &p->input_left_shift);
  if (p->input_left_shift < 0 || p->input_multiplier <= 0 || p->input_left_shift > 31) {
    TF_LITE_KERNEL_LOG(context, "LOG_SOFTMAX: input scale %g is out of range for INT8", input_scale);
    return kTfLiteError;
  }
  // The inverse of the input scaling, to map the log of the sum back onto input differences.
  const double reverse =
      static_cast<double>(int64_t{1} << (31 - p->input_left_shift)) / static_cast<double>(p->input_multiplier);
  QuantizeMultiplierSmallerThanOneExp(reverse, &p->reverse_scaling_divisor, &p->reverse_scaling_left_shift);
  p->diff_min = -CalculateInputRadius(kScaledDiffIntegerBits, p->input_left_shift);
  return kTfLiteOk;
}

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  int size = 0;
  TF_LITE_ENSURE_STATUS(CheckFloat32OrInt8Tensors(context, kOpName, input, output, &size));
  const int rank = input->dims->size;
  if (rank < 1) {
    TF_LITE_KERNEL_LOG(context, "LOG_SOFTMAX: input has 0 dimensions (at least 1)");
    return kTfLiteError;
  }
  data->depth = input->dims->data[rank - 1];
  data->outer = data->depth == 0 ? 0 : size / data->depth;
  if (input->type == kTfLiteFloat32) return kTfLiteOk;
  return PrepareInt8(context, input, output, data->depth, &data->params);
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  return PrepareUnaryOp(context, node, kOpName,
                        {"log_softmax/int8/reference", nullptr, "log_softmax/float32/reference"}, PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalFloat32OrInt8UnaryOp(
      context, node,
      [&](const int8_t* in, int8_t* out) { reference::LogSoftmaxInt8(data.params, data.outer, data.depth, in, out); },
      [&](const float* in, float* out) { reference::LogSoftmaxFloat(data.outer, data.depth, in, out); });
}

}  // namespace

#define MOTE_KERNEL_LOG_SOFTMAX (PLAIN, "log_softmax/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
