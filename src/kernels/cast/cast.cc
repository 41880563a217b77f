// CAST glue. One input and one output of the same element count, each FLOAT32, INT8, INT16, INT32, UINT32 or
// BOOL (every pair; TFLM refuses INT64, UINT8, UINT16, FLOAT16, FLOAT64). Quantization is ignored: the raw
// values are converted (cast_reference.h). The options (in/out data types) are not needed: the tensors' types
// decide, as in TFLM.
#include <cstdint>

#include "kernels/glue/bool_byte.h"
#include "kernels/cast/cast_reference.h"
#include "kernels/glue/options_parsing.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/unary_op.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

struct OpData {
  int count;
};

bool Supported(TfLiteType t) {
  return t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt16 || t == kTfLiteInt32 || t == kTfLiteUInt32 ||
         t == kTfLiteBool;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  TF_LITE_ENSURE_STATUS(CheckUnaryNode(context, "CAST", node));
  UnaryTempTensors tensors(context, node);
  TF_LITE_ENSURE_STATUS(tensors.CheckPresent(context, "CAST"));
  const TfLiteTensor* input = tensors.input.get();
  const TfLiteTensor* output = tensors.output.get();
  if (!Supported(input->type)) {
    TF_LITE_KERNEL_LOG(context, "CAST: input type %s is not supported (FLOAT32, INT8, INT16, INT32, UINT32, BOOL)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (!Supported(output->type)) {
    TF_LITE_KERNEL_LOG(context, "CAST: output type %s is not supported (FLOAT32, INT8, INT16, INT32, UINT32, BOOL)",
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  auto* data = static_cast<OpData*>(node->user_data);
  TF_LITE_ENSURE_STATUS(CheckSameElementCount(context, "CAST", input, output, &data->count));
  ReportKernelVariant(context, "cast/any/reference");
  return kTfLiteOk;
}

template <typename From>
void CastTo(const From* in, TfLiteEvalTensor* output, int count) {
  switch (output->type) {
    case kTfLiteFloat32:
      reference::Cast(in, micro::GetTensorData<float>(output), count);
      break;
    case kTfLiteInt8:
      reference::Cast(in, micro::GetTensorData<int8_t>(output), count);
      break;
    case kTfLiteInt16:
      reference::Cast(in, micro::GetTensorData<int16_t>(output), count);
      break;
    case kTfLiteInt32:
      reference::Cast(in, micro::GetTensorData<int32_t>(output), count);
      break;
    case kTfLiteUInt32:
      reference::Cast(in, micro::GetTensorData<uint32_t>(output), count);
      break;
    default:  // kTfLiteBool (prepare accepted only these)
      reference::Cast(in, micro::GetTensorData<bool>(output), count);
      break;
  }
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  const int count = static_cast<const OpData*>(node->user_data)->count;
  const TfLiteEvalTensor* input = micro::GetEvalInput(context, node, 0);
  TfLiteEvalTensor* output = micro::GetEvalOutput(context, node, 0);
  switch (input->type) {
    case kTfLiteFloat32:
      CastTo(micro::GetTensorData<float>(input), output, count);
      break;
    case kTfLiteInt8:
      CastTo(micro::GetTensorData<int8_t>(input), output, count);
      break;
    case kTfLiteInt16:
      CastTo(micro::GetTensorData<int16_t>(input), output, count);
      break;
    case kTfLiteInt32:
      CastTo(micro::GetTensorData<int32_t>(input), output, count);
      break;
    case kTfLiteUInt32:
      CastTo(micro::GetTensorData<uint32_t>(input), output, count);
      break;
    default:  // kTfLiteBool
      CastTo(AsBoolBytes(micro::GetTensorData<bool>(input)), output, count);
      break;
  }
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_CAST (PLAIN, "cast/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

// The options' types are informational (the kernel follows the tensors' types); an absent table leaves
// kTfLiteNoType for both.
TfLiteStatus ParseCast(const schema::Operator* op, BuiltinDataAllocator* allocator, void** builtin_data) {
  *builtin_data = nullptr;
  auto* params = AllocateParams<TfLiteCastParams>(allocator, "CAST");
  if (params == nullptr) return kTfLiteError;
  if (const schema::CastOptions* options = op->builtin_options_as_CastOptions()) {
    params->in_data_type = TensorTypeToTfLiteType(options->in_data_type());
    params->out_data_type = TensorTypeToTfLiteType(options->out_data_type());
  }
  *builtin_data = params;
  return kTfLiteOk;
}

}  // namespace mote
