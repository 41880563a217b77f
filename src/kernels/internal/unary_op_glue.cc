#include "kernels/internal/unary_op_glue.h"

#include "mote/kernel_util.h"

namespace mote {

TfLiteStatus PrepareUnaryOp(TfLiteContext* context, TfLiteNode* node, const char* op_name,
                            const UnaryVariantNames& variants, UnaryTensorCheck check) {
  if (NumInputs(node) != 1 || NumOutputs(node) != 1) {
    TF_LITE_KERNEL_LOG(context, "%s: %d inputs and %d outputs given (1 and 1)", op_name, NumInputs(node),
                       NumOutputs(node));
    return kTfLiteError;
  }
  MicroContext* micro_context = GetMicroContext(context);
  TfLiteTensor* input = micro_context->AllocateTempInputTensor(node, 0);
  TfLiteTensor* output = micro_context->AllocateTempOutputTensor(node, 0);
  TfLiteStatus status = kTfLiteError;
  if (input == nullptr || output == nullptr) {
    TF_LITE_KERNEL_LOG(context, "%s: missing input or output tensor", op_name);
  } else {
    status = check(context, input, output, node->user_data);
    if (status == kTfLiteOk) {
      ReportKernelVariant(context, input->type == kTfLiteInt8    ? variants.int8
                                   : input->type == kTfLiteInt16 ? variants.int16
                                                                 : variants.float32);
    }
  }
  if (input != nullptr) micro_context->DeallocateTempTfLiteTensor(input);
  if (output != nullptr) micro_context->DeallocateTempTfLiteTensor(output);
  return status;
}

}  // namespace mote
