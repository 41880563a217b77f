// SUB glue. Types (as TFLM's reference kernel): FLOAT32, INT32 (unquantized, fused activation applied), INT8
// and INT16 (per-tensor quantized; INT16 always uses the general rescaling, pot_scale_int16 is ignored exactly
// as TFLM does). Broadcasting up to 6 dimensions. Prepare validates and computes the broadcast plan and the
// requantization constants; invoke is one reference call.
#include <cstdint>

#include "kernels/sub/sub_reference.h"
#include "kernels/internal/binary_elementwise.h"
#include "kernels/internal/options_parsing.h"
#include "kernels/internal/quantization_checks.h"
#include "kernels/internal/quantized_add_sub.h"
#include "kernels/internal/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr char kOp[] = "SUB";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8, kTfLiteInt16};

struct OpData {
  BinaryElementwiseData common;
  QuantizedAddSubParams quant;
};

void* Init(TfLiteContext* context, const char*, size_t) {
  return context->AllocatePersistentBuffer(context, sizeof(OpData));
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  MicroContext* micro_context = GetMicroContext(context);
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteSubParams*>(node->builtin_data);
  if (data == nullptr || params == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing op data or options", kOp);
    return kTfLiteError;
  }
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseArity(context, kOp, node));
  ScopedTempTensor input1(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor input2(context, micro_context->AllocateTempInputTensor(node, 1));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));

  const BinaryElementwiseSpec spec = {kOp, kTypes, 4, "FLOAT32, INT32, INT8, INT16", true};
  TF_LITE_ENSURE_STATUS(PrepareBinaryElementwise(context, spec, params->activation, input1.get(), input2.get(),
                                                 output.get(), &data->common));
  const char* variant = "sub/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      // TFLM only subtracts unquantized INT32 tensors.
      if (GetAffineQuantization(input1.get()) != nullptr || GetAffineQuantization(input2.get()) != nullptr ||
          GetAffineQuantization(output.get()) != nullptr) {
        TF_LITE_KERNEL_LOG(context, "%s: INT32 inputs and output must not be quantized", kOp);
        return kTfLiteError;
      }
      variant = "sub/int32/reference";
      break;
    case kTfLiteInt8:
    case kTfLiteInt16: {
      const bool int16 = data->common.type == kTfLiteInt16;
      if (!ComputeQuantizedAddSubParams(input1->params.scale, input1->params.zero_point, input2->params.scale,
                                        input2->params.zero_point, output->params.scale,
                                        output->params.zero_point, int16, &data->quant)) {
        TF_LITE_KERNEL_LOG(context, "%s: output scale %g is too small for input scales %g and %g", kOp,
                           static_cast<double>(output->params.scale), static_cast<double>(input1->params.scale),
                           static_cast<double>(input2->params.scale));
        return kTfLiteError;
      }
      data->quant.activation_min = data->common.activation_min;
      data->quant.activation_max = data->common.activation_max;
      variant = int16 ? "sub/int16/reference" : "sub/int8/reference";
      break;
    }
    default:
      break;
  }
  ReportKernelVariant(context, variant);
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const OpData& data = *static_cast<const OpData*>(node->user_data);
  const TfLiteEvalTensor* input1 = micro::GetEvalInput(context, node, 0);
  const TfLiteEvalTensor* input2 = micro::GetEvalInput(context, node, 1);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  const BroadcastPlan& plan = data.common.plan;
  switch (data.common.type) {
    case kTfLiteFloat32:
      reference::SubFloat(plan, data.common.float_activation_min, data.common.float_activation_max,
                          micro::GetTensorData<float>(input1), micro::GetTensorData<float>(input2),
                          micro::GetTensorData<float>(output));
      return kTfLiteOk;
    case kTfLiteInt32:
      reference::SubInt32(plan, data.common.activation_min, data.common.activation_max,
                          micro::GetTensorData<int32_t>(input1), micro::GetTensorData<int32_t>(input2),
                          micro::GetTensorData<int32_t>(output));
      return kTfLiteOk;
    case kTfLiteInt8:
      reference::SubQuantized(plan, data.quant, micro::GetTensorData<int8_t>(input1),
                              micro::GetTensorData<int8_t>(input2), micro::GetTensorData<int8_t>(output));
      return kTfLiteOk;
    case kTfLiteInt16:
      reference::SubQuantized(plan, data.quant, micro::GetTensorData<int16_t>(input1),
                              micro::GetTensorData<int16_t>(input2), micro::GetTensorData<int16_t>(output));
      return kTfLiteOk;
    default:
      return kTfLiteError;  // prepare accepted only the types above
  }
}

}  // namespace

const TfLiteRegistration kRegistration_SUB =
    MakeBuiltinRegistration(schema::BuiltinOperator_SUB, "sub/any/reference", Init, Prepare, Eval);

TfLiteStatus ParseSub(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = allocator->AllocatePOD<TfLiteSubParams>();
  if (params == nullptr) {
    MicroPrintf("%s: out of memory for the options", kOp);
    return kTfLiteError;
  }
  params->activation = kTfLiteActNone;
  params->pot_scale_int16 = true;  // the schema default
  const schema::SubOptions* options = op->builtin_options_as_SubOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOp, &params->activation));
    params->pot_scale_int16 = options->pot_scale_int16();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
