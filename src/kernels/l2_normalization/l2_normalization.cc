// L2_NORMALIZATION glue. Input 0 and output 0: same shape (rank 1 to 4, TFLM's limit), same type, float32 or
// int8; normalised over the last dimension; options: a fused activation, which must be NONE (TFLM).
//
// INT8 reads the input's zero point only: TFLM's kernel writes its result on the scale 1/128 with zero point 0
// and never reads the output's quantization (the converter gives the output exactly that), so neither does this.
#include <cstdint>
#include <limits>

#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "kernels/l2_normalization/l2_normalization_reference.h"
#include "mote/c/builtin_op_data.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "L2_NORMALIZATION";
constexpr int kMaxRank = 4;
// The int8 sum of squares is int32: at most 255^2 per element.
constexpr int kMaxInt8Depth = std::numeric_limits<int32_t>::max() / (255 * 255);

struct OpData {
  int32_t input_zero_point;
  int outer;
  int depth;
};

TfLiteStatus PrepareTensors(TfLiteContext* context, const TfLiteTensor* input, const TfLiteTensor* output,
                            void* user_data) {
  auto* data = static_cast<OpData*>(user_data);
  int size = 0;
  TF_LITE_ENSURE_STATUS(CheckFloat32OrInt8Tensors(context, kOpName, input, output, &size));
  const int rank = input->dims->size;
  if (rank < 1 || rank > kMaxRank) {
    TF_LITE_KERNEL_LOG(context, "L2_NORMALIZATION: input has %d dimensions (1 to %d)", rank, kMaxRank);
    return kTfLiteError;
  }
  data->depth = input->dims->data[rank - 1];
  data->outer = data->depth == 0 ? 0 : size / data->depth;
  data->input_zero_point = 0;
  if (input->type == kTfLiteInt8) {
    TF_LITE_ENSURE_STATUS(CheckPerTensorQuantization(context, kOpName, "input", input));
    if (data->depth > kMaxInt8Depth) {
      TF_LITE_KERNEL_LOG(context,
                         "L2_NORMALIZATION: INT8 depth %d is too large (at most %d: the sum of squares is "
                         "32-bit)",
                         data->depth, kMaxInt8Depth);
      return kTfLiteError;
    }
    data->input_zero_point = input->params.zero_point;
  }
  return kTfLiteOk;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  const auto* params = static_cast<const TfLiteL2NormParams*>(node->builtin_data);
  if (node->user_data == nullptr || params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "L2_NORMALIZATION: missing op data or options");
    return kTfLiteError;
  }
  if (params->activation != kTfLiteActNone) {
    TF_LITE_KERNEL_LOG(context, "L2_NORMALIZATION: fused activation %s is not supported (NONE only, as TFLM)",
                       FusedActivationName(params->activation));
    return kTfLiteError;
  }
  return PrepareUnaryOp(context, node, kOpName,
                        {"l2_normalization/int8/reference", nullptr, "l2_normalization/float32/reference"},
                        PrepareTensors);
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  return EvalFloat32OrInt8UnaryOp(
      context, node,
      [&](const int8_t* in, int8_t* out) {
        reference::L2NormalizationInt8(data.input_zero_point, data.outer, data.depth, in, out);
      },
      [&](const float* in, float* out) { reference::L2NormalizationFloat(data.outer, data.depth, in, out); });
}

}  // namespace

// Activation NONE when the options table is missing.
TfLiteStatus ParseL2Normalization(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteL2NormParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  const schema::L2NormOptions* options = op->builtin_options_as_L2NormOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
  }
  *builtin_data = params;
  return kTfLiteOk;
}

#define MOTE_KERNEL_L2_NORMALIZATION (PLAIN, "l2_normalization/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
