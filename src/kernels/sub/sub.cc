// SUB glue. Types (as TFLM's reference kernel): FLOAT32, INT32 (unquantized, fused activation applied), INT8
// and INT16 (per-tensor quantized; INT16 always uses the general rescaling, pot_scale_int16 is ignored exactly
// as TFLM does). Broadcasting up to 6 dimensions. Prepare validates and computes the broadcast plan and the
// requantization constants; invoke runs reference::SubElements through EvalBinaryElementwise.
#include <cstdint>

#include "kernels/glue/registration.h"
#include "kernels/sub/sub_reference.h"
#include "kernels/glue/binary_elementwise.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/quantization_checks.h"
#include "kernels/quantization/quantized_add_sub.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

constexpr const char kOpName[] = "SUB";
constexpr TfLiteType kTypes[] = {kTfLiteFloat32, kTfLiteInt32, kTfLiteInt8, kTfLiteInt16};

using OpData = BinaryElementwiseOpData<reference::SubElements>;

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckBinaryElementwiseNode(context, kOpName, node));
  OpData* data = static_cast<OpData*>(node->user_data);
  const auto* params = static_cast<const TfLiteSubParams*>(node->builtin_data);
  const BinaryElementwiseTensors t(context, node);

  const BinaryElementwiseSpec spec = {kOpName, kTypes, 4, "FLOAT32, INT32, INT8, INT16", true};
  TF_LITE_ENSURE_STATUS(PrepareBinaryElementwise(context, spec, params->activation, t.input1.get(), t.input2.get(),
                                                 t.output.get(), &data->common));
  AllowInPlaceOverFullShapeInputs(context, t.input1.get(), t.input2.get(), t.output.get());
  const char* variant = "sub/float32/reference";
  switch (data->common.type) {
    case kTfLiteInt32:
      // TFLM only subtracts unquantized INT32 tensors.
      if (GetAffineQuantization(t.input1.get()) != nullptr || GetAffineQuantization(t.input2.get()) != nullptr ||
          GetAffineQuantization(t.output.get()) != nullptr) {
        TF_LITE_KERNEL_LOG(context, "%s: INT32 inputs and output must not be quantized", kOpName);
        return kTfLiteError;
      }
      variant = "sub/int32/reference";
      break;
    case kTfLiteInt8:
    case kTfLiteInt16:
      TF_LITE_ENSURE_STATUS(PrepareQuantizedAddSub(context, kOpName, t.input1.get(), t.input2.get(), t.output.get(),
                                                   data->common, &data->quant));
      variant = data->common.type == kTfLiteInt16 ? "sub/int16/reference" : "sub/int8/reference";
      break;
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

#define MOTE_KERNEL_SUB (PLAIN, "sub/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

TfLiteStatus ParseSub(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteSubParams>(allocator, kOpName);
  if (params == nullptr) return kTfLiteError;
  params->activation = kTfLiteActNone;
  params->pot_scale_int16 = true;  // the schema default
  const schema::SubOptions* options = op->builtin_options_as_SubOptions();
  if (options != nullptr) {
    TF_LITE_ENSURE_STATUS(ParseFusedActivation(options->fused_activation_function(), kOpName, &params->activation));
    params->pot_scale_int16 = options->pot_scale_int16();
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
