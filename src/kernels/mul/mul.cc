// MUL glue. Types (as TFLM's reference kernel): FLOAT32, INT32 (fused activation applied), INT8 and INT16
// (per-tensor quantized; INT16 needs zero points of 0, as TFLM requires). Broadcasting up to 6 dimensions.
// Prepare validates and computes the broadcast plan and the requantization constants; invoke runs
// reference::MulElements through EvalBinaryElementwise.
#include <cstdint>

#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/quantization/quantization_util.h"
#include "kernels/mul/mul_reference.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "MUL";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8, kTfLiteInt16};

using OpData = BinaryElementwiseOpData<reference::MulElements>;

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteMulParams*>(node->builtin_data);
  const BinaryElementwiseTensors t(context, node);
  const TfLiteTensor* input1 = t.input1.get();
  const TfLiteTensor* input2 = t.input2.get();
  const TfLiteTensor* output = t.output.get();

  const BinaryElementwiseSpec spec = {kOpName, kTypes, 4, "FLOAT32, INT32, INT8, INT16", true};
  TF_LITE_ENSURE_STATUS(
      PrepareBinaryElementwise(context, spec, params->activation, input1, input2, output, &data->common));
  AllowInPlaceOverFullShapeInputs(context, input1, input2, output);
  const char* variant = "mul/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      variant = "mul/int32/reference";
      break;
    case kTfLiteInt8:
    case kTfLiteInt16: {
      const bool int16 = data->common.type == kTfLiteInt16;
      if (int16 && (input1->params.zero_point != 0 || input2->params.zero_point != 0 ||
                    output->params.zero_point != 0)) {
        TF_LITE_KERNEL_LOG(context, "%s: INT16 zero points must be 0 (got %d, %d, output %d)", kOpName,
                           static_cast<int>(input1->params.zero_point), static_cast<int>(input2->params.zero_point),
                           static_cast<int>(output->params.zero_point));
        return kTfLiteError;
      }
      const double real_multiplier = static_cast<double>(input1->params.scale) *
                                     static_cast<double>(input2->params.scale) /
                                     static_cast<double>(output->params.scale);
      reference::MulQuantParams& q = data->quant;
      QuantizeMultiplier(real_multiplier, &q.output_multiplier, &q.output_shift);
      // The product of two offset inputs has up to 31 bits (int16) or 17 bits (int8); the left shift of a
      // multiplier > 1 must not push it past int32.
      if (q.output_shift > (int16 ? 0 : 14)) {
        LogOutputScaleTooSmall(context, kOpName, input1, input2, output);
        return kTfLiteError;
      }
      q.input1_offset = -input1->params.zero_point;
      q.input2_offset = -input2->params.zero_point;
      q.output_offset = output->params.zero_point;
      q.activation_min = data->common.activation_min;
      q.activation_max = data->common.activation_max;
      variant = int16 ? "mul/int16/reference" : "mul/int8/reference";
      break;
    }
    default:
      break;
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  return EvalBinaryElementwise(context, node, *static_cast<const OpData*>(node->user_data));
}

}  // namespace

#define MOTE_KERNEL_MUL (PLAIN, "mul/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseMul(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteMulParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  const schema::MulOptions* options = op->builtin_options_as_MulOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
