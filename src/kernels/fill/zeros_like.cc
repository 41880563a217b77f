// ZEROS_LIKE glue: an output of the input's shape and type, all zeros; types as TFLM's kernel: FLOAT32,
// INT8, INT32, INT64. The input's data is never read.
#include <cstdint>

#include "kernels/fill/fill_reference.h"
#include "kernels/glue/registration.h"
#include "kernels/glue/scoped_temp_tensor.h"
#include "mote/kernel_util.h"
#include "mote/micro_log.h"
#include "mote/op_registrations.h"

namespace mote {
namespace {

struct OpData {
  size_t bytes;
};

bool Supported(TfLiteType t) {
  return t == kTfLiteFloat32 || t == kTfLiteInt8 || t == kTfLiteInt32 || t == kTfLiteInt64;
}

TfLiteStatus Prepare(TfLiteContext* context, TfLiteNode* node) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "ZEROS_LIKE: %d inputs and %d outputs given (1 and 1)", NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  ScopedTempTensor input(context, micro_context->AllocateTempInputTensor(node, 0));
  ScopedTempTensor output(context, micro_context->AllocateTempOutputTensor(node, 0));
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "ZEROS_LIKE: missing input or output tensor");
    return kTfLiteError;
  }
  if (input->type != output->type) {
    TF_LITE_KERNEL_LOG(context, "ZEROS_LIKE: input type %s and output type %s differ", TfLiteTypeGetName(input->type),
                       TfLiteTypeGetName(output->type));
    return kTfLiteError;
  }
  if (!Supported(input->type)) {
    TF_LITE_KERNEL_LOG(context, "ZEROS_LIKE: type %s is not supported (FLOAT32, INT8, INT32, INT64)",
                       TfLiteTypeGetName(input->type));
    return kTfLiteError;
  }
  if (!HaveSameShapes(input.get(), output.get())) {
    TF_LITE_KERNEL_LOG(context, "ZEROS_LIKE: input and output shapes differ");
    return kTfLiteError;
  }
  static_cast<OpData*>(node->user_data)->bytes =
      static_cast<size_t>(ElementCount(*output->dims)) * TfLiteTypeSizeOf(output->type);
  ReportKernelVariant(context, "zeros_like/any/reference");
  return kTfLiteOk;
}

TfLiteStatus Eval(TfLiteContext* context, TfLiteNode* node) {
  reference::ZerosLike(micro::GetEvalOutput(context, node, 0)->data.raw,
                       static_cast<const OpData*>(node->user_data)->bytes);
  return kTfLiteOk;
}

}  // namespace

#define MOTE_KERNEL_ZEROS_LIKE (PLAIN, "zeros_like/any/reference", InitOpData<OpData>, Prepare, Eval)
MOTE_DEFINE_REGISTRATIONS();

}  // namespace mote
